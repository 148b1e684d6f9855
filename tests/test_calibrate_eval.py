"""tools/calibrate_eval.py: the calibration table, and the strength offset it can fit."""

import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import calibrate_eval as cal  # noqa: E402


def synthetic_rows(shift, n=6000, seed=4):
    """Predicted chances spread over (0, 1); outcomes drawn as if the other player were
    stronger by `shift` in log-odds."""
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        p = rng.uniform(0.02, 0.98)
        q = 1 / (1 + math.exp(-(cal.logit(p) + shift)))
        rows.append((2, p, 1.0 if rng.random() < q else 0.0, 0))
    return rows


def gaps(text):
    return [float(line.split("gap")[1].strip().rstrip("%")) for line in text.splitlines()
            if "gap" in line and "largest" not in line]


def test_a_stronger_opponent_shows_as_one_offset_and_the_shifted_table_is_calibrated():
    rows = synthetic_rows(-1.2)
    assert max(abs(g) for g in gaps(cal.table(rows, markdown=False))) > 15   # optimistic
    c = cal.best_offset(rows)
    assert abs(c + 1.2) < 0.1
    assert max(abs(g) for g in gaps(cal.table(cal.shifted(rows, c), markdown=False))) < 6


def test_no_offset_is_found_where_there_is_none():
    assert abs(cal.best_offset(synthetic_rows(0.0, seed=9))) < 0.1
