"""The Rust core agrees with game/ (the referee) over Agora games (issue #45).

2,000 seeded games, the policies of tests/native_diff.py in turn (uniform; builders; each
colour preferred; Wonders first; Senate-heavy; Conspiracy-heavy; science-seeking;
military-seeking): at every decision the legal action sets are equal, at every step the
digests (coins, cities, Wonders and tucked cards, tokens, pawn, military tokens, structure
and face-up flags, discard, Age, player to move, decision, Senate, Decrees, Conspiracies,
score sheets, result) are equal. A difference names the seed, the policy, the step, the
action history and both values. The games must reach every decision kind and victory.
"""
import pytest

from game.ai.native import AVAILABLE, WHY_NOT

pytestmark = pytest.mark.skipif(not AVAILABLE, reason=WHY_NOT or "the native core is missing")

GAMES = 2000
DECISIONS = {"draft", "turn", "start", "progress", "library", "destroy", "mausoleum", "senate", "conspirator", "keep", "return", "place", "remove", "may_move", "trigger_unprepared", "extort", "lock", "top_row", "treason", "espionage", "scrap", "foreclose", "coerce", "move_decree", "sabotage"}
VICTORIES = {"military", "science", "political", "civilian"}


def test_core_agrees_with_game_at_every_step():
    from native_diff import run_many
    steps, seen = run_many(True, GAMES)
    assert steps > GAMES * 50
    missing = {d for d in DECISIONS if d not in seen} | {v for v in VICTORIES if "victory " + v not in seen}
    assert not missing, f"the {GAMES} games never reached: {sorted(missing)}"
