"""The differential between game/ and the Rust core (shared by the two test modules and
bench/): step both with one policy's actions, compare legal-action sets and digests."""
from __future__ import annotations

import random

from game.setup import new_game
from game.ai.native import NativeState, digest_of

# A policy: (name, weight of an action's notation) -> the chooser prefers heavier actions.
COLOURS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")


def _colour_pref(colour):
    def weight(state, text):
        if text.startswith("build "):
            c = state.rules.card_id.get(text[6:])
            if c is not None and state.rules.cards[c].color == colour:
                return 20
        return 1
    return weight


def _prefix_pref(prefixes, w=20):
    def weight(state, text):
        return w if text.startswith(prefixes) else 1
    return weight


def _science(state, text):
    if text.startswith("build "):
        c = state.rules.card_id.get(text[6:])
        if c is not None and state.rules.cards[c].science:
            return 30
    if text.startswith(("progress ", "library ")) and "none" not in text:
        return 10
    return 1


def _military(state, text):
    if text.startswith("build "):
        c = state.rules.card_id.get(text[6:])
        if c is not None and state.rules.cards[c].shields:
            return 30
    if text.startswith("wonder "):
        w = state.rules.wonder_id.get(text[7:].split(" with ")[0])
        if w is not None and state.rules.wonders[w].shields:
            return 30
    return 1


POLICIES = [("uniform", lambda s, t: 1),
            ("builders", _prefix_pref(("build ",))),
            *[(f"prefers {c}", _colour_pref(c)) for c in COLOURS],
            ("wonders first", _prefix_pref(("wonder ",), 40)),
            ("senate-heavy", _prefix_pref(("recruit ", "place in", "move Chamber"), 30)),
            ("conspiracy-heavy", _prefix_pref(("prepare ", "trigger ", "conspire", "recruit Conspirator"), 30)),
            ("science-seeking", _science),
            ("military-seeking", _military)]


def choose(rng, state, legal, weight):
    ws = [weight(state, str(a)) for a in legal]
    return rng.choices(legal, ws)[0]


class Mismatch(AssertionError):
    pass


def run_game(seed: int, agora: bool, policy=None, max_steps=1000, seen=None):
    """Play one game in both engines; raise Mismatch naming seed, policy, step, history and
    both values at the first difference. Returns the number of steps. `seen` (a set), when
    given, collects the decision kinds met and the victory reached."""
    name, weight = policy or POLICIES[seed % len(POLICIES)]
    rng = random.Random(seed * 7919 + 1)
    py = new_game(seed, agora=agora)
    py.recording = False
    py.events = []
    core = NativeState.from_state(py)
    history = []

    def fail(what, a, b):
        diff = ""
        if isinstance(a, dict) and isinstance(b, dict):
            keys = [k for k in a if a.get(k) != b.get(k)] + [k for k in b if k not in a]
            diff = "; ".join(f"{k}: game/ {a.get(k)!r} vs core {b.get(k)!r}" for k in keys)
        else:
            diff = f"game/ {a!r} vs core {b!r}"
        raise Mismatch(f"{'Agora' if agora else 'base'} seed {seed} policy '{name}' step {len(history)}: "
                       f"{what} differ: {diff}\n  history: {history}")

    a, b = digest_of(py), core.digest()
    if a != b:
        fail("digests", a, b)
    for _ in range(max_steps):
        if py.is_terminal:
            break
        legal = py.legal_actions()
        if seen is not None:
            seen.add(py.decision)
        texts = sorted(str(x) for x in legal)
        theirs = sorted(core.legal_actions())
        if texts != theirs:
            fail("legal actions", texts, theirs)
        action = choose(rng, py, legal, weight)
        history.append(str(action))
        py.apply(action)
        core.apply(str(action))
        a, b = digest_of(py), core.digest()
        if a != b:
            fail("digests", a, b)
    if not core.is_terminal:
        fail("ends", py.is_terminal, core.is_terminal)
    if seen is not None:
        seen.add("victory " + py.result.victory)
    return len(history)


def run_many(agora: bool, games: int, first_seed: int = 0):
    """`games` seeded games, the policies in turn; returns (steps, what was seen)."""
    seen = set()
    steps = 0
    for seed in range(first_seed, first_seed + games):
        steps += run_game(seed, agora, seen=seen)
    return steps, seen
