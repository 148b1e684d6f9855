"""Bad input never crashes the process (issue #45 point 7): an action that is not legal, a
malformed action, a slot out of range, a state of the other rule set, a truncated or
inconsistent state each raise NativeError (a ValueError) with a one-line message, and the
core's state is unchanged after a refused action."""
import copy
import random

import pytest

from game.ai.native import AVAILABLE, WHY_NOT

pytestmark = pytest.mark.skipif(not AVAILABLE, reason=WHY_NOT or "the native core is missing")

if AVAILABLE:
    from game.ai.native import NativeError, NativeState, compiled, state_dict
    from game.setup import new_game


def _one_line(excinfo):
    msg = str(excinfo.value)
    assert msg and "\n" not in msg, msg
    return msg


def _mid_game(agora, seed=3, steps=40):
    s = new_game(seed, agora=agora)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("agora", [False, True])
def test_an_illegal_action_is_refused_and_changes_nothing(agora):
    core = NativeState.from_state(_mid_game(agora))
    before = core.digest()
    for text in ("build Palace", "draft The Pyramids", "start player 0", "progress Law", "concede"):
        if text in core.legal_actions():
            continue
        with pytest.raises(NativeError) as e:
            core.apply(text)
        assert "not a legal action" in _one_line(e)
        assert core.digest() == before


@pytest.mark.parametrize("bad", ["", "   ", "build", "wonder  with", "x" * 5000, "\x00\x01", "build Palace\nbuild Baths",
                                 42, None, b"build Baths", ["build Baths"]])
def test_a_malformed_action_is_refused(bad):
    core = NativeState.from_state(_mid_game(True))
    before = core.digest()
    with pytest.raises(NativeError) as e:
        core.apply(bad)
    _one_line(e)
    assert core.digest() == before


def test_notation_ignores_case_and_spacing_like_the_engine():
    core = NativeState.from_state(_mid_game(False))
    text = core.legal_actions()[0]
    twin = core.clone()
    core.apply("  " + text.upper().replace(" ", "   ") + " ")
    twin.apply(text)
    assert core.digest() == twin.digest()


def test_the_game_over_refuses_actions():
    core = NativeState.from_state(new_game(5, agora=False))
    core.playout(1)
    assert core.is_terminal and core.legal_actions() == []
    with pytest.raises(NativeError) as e:
        core.apply("build Baths")
    assert "over" in _one_line(e)


@pytest.mark.parametrize("field,value", [
    ("accessible", 1 << 30),            # a slot past the layout
    ("face_up", 1 << 27),
    ("structure", [0] * 40),            # more slots than the Age has
    ("structure", [500] + [0] * 19),    # a card id past the tables
    ("progress_box", [99]),
    ("draft_deck", [60]),
    ("tucked", [(30, 1)]),
])
def test_a_slot_or_id_out_of_range_is_refused(field, value):
    comp = compiled(False)
    data = state_dict(_mid_game(False), comp)
    data[field] = value
    with pytest.raises(NativeError) as e:
        NativeState.from_dict(data, comp)
    _one_line(e)


def test_a_state_of_the_other_rule_set_is_refused():
    agora_state = _mid_game(True)
    with pytest.raises(NativeError) as e:
        NativeState.from_state(agora_state, agora=False)
    _one_line(e)
    base = compiled(False)
    with pytest.raises(NativeError) as e:       # Agora numbers into the base game's tables
        NativeState.from_dict(state_dict(agora_state, compiled(True)), base)
    assert "base" in _one_line(e)
    data = state_dict(agora_state, compiled(True))
    data["agora"] = False                       # lying about it: its ids do not fit
    with pytest.raises(NativeError) as e:
        NativeState.from_dict(data, base)
    _one_line(e)


@pytest.mark.parametrize("agora", [False, True])
def test_a_truncated_state_is_refused_key_by_key(agora):
    comp = compiled(agora)
    full = state_dict(_mid_game(agora), comp)
    for key in full:
        data = dict(full)
        del data[key]
        with pytest.raises(NativeError) as e:
            NativeState.from_dict(data, comp)
        assert key in _one_line(e)
    for key, value in full.items():             # lists cut short
        if isinstance(value, list) and len(value) > 1 and key not in ("pending", "tucked", "deferred"):
            data = dict(full)
            data[key] = value[:1]
            try:
                NativeState.from_dict(data, comp)
            except NativeError as e:
                assert "\n" not in str(e)


@pytest.mark.parametrize("field,value,words", [
    ("owned", "both", "two places"),
    ("coins", [-3, 7], "coins"),
    ("pawn", 12, "pawn"),
    ("phase", "lunch", "phase"),
    ("age", 4, "age"),
    ("draft_pick", 9, "draft"),
    ("pending", [[99, 0, 0, 0, 0]], "pending"),
    ("pending", [[28, 0, 250, 0, 0]], "pending"),   # an effect the tables do not have
    ("pending", [[5, 0, 9, 0, 0]], "pending"),      # Zeus on a colour that does not exist
    ("pending", [[7, 0, 0, 1, 0]], "Agora"),        # a Senate step in a base game
    ("pending", [[0, 0, 0, 0, 0]] * 40, "pending"),
    ("military_tokens", 0xFF, "military"),
])
def test_an_inconsistent_state_is_refused(field, value, words):
    comp = compiled(False)
    data = state_dict(_mid_game(False), comp)
    if value == "both":
        value = [data["owned"][0] | 1, data["owned"][1] | 1]
    data[field] = value
    with pytest.raises(NativeError) as e:
        NativeState.from_dict(data, comp)
    assert words.lower() in _one_line(e).lower()


def test_agora_senate_state_checks():
    comp = compiled(True)
    data = state_dict(_mid_game(True), comp)
    for field, value in (("cubes", [13] + [0] * 11), ("control", [2] * 6), ("decrees", [(0, 9)]),
                         ("conspiracies", [(0, 3, 0, -1)]), ("conspiracy_deck", [40]), ("control", [None])):
        bad = copy.deepcopy(data)
        bad[field] = value
        with pytest.raises(NativeError) as e:
            NativeState.from_dict(bad, comp)
        _one_line(e)


def test_random_corruption_never_escapes_as_anything_but_native_error():
    """Every field set to values of the wrong kind or size: NativeError or a working state."""
    rng = random.Random(7)
    for agora in (False, True):
        comp = compiled(agora)
        full = state_dict(_mid_game(agora, seed=11, steps=60), comp)
        for key in full:
            for value in (None, -1, 2 ** 70, "x", [], [[-5]], [255] * 30, {"a": 1}, 3.5):
                data = dict(full)
                data[key] = value
                try:
                    core = NativeState.from_dict(data, comp)
                except NativeError as e:
                    assert "\n" not in str(e)
                    continue
                try:                                # an accepted state plays on, or says why not
                    core.legal_actions()
                    core.playout(rng.randrange(1000))
                except NativeError as e:
                    assert "\n" not in str(e) and "internal error" not in str(e), (key, value, str(e))
