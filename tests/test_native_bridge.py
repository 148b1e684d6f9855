"""game/ai/native.py, the bridge to the Rust core (issue #45): it imports without the
extension (AVAILABLE False, WHY_NOT one line), hands a full State over exactly, speaks the
engine's notation, and its state is a plain copy of at most 512 bytes."""
import subprocess
import sys
import textwrap

import pytest

from game.ai import native
from game.setup import new_game


def test_importing_never_fails_without_the_extension():
    code = textwrap.dedent("""
        import sys
        sys.modules["agora_native"] = None          # as if it were not built
        from game.ai import native
        assert native.AVAILABLE is False
        assert native.WHY_NOT and "\\n" not in native.WHY_NOT
        try:
            native.NativeState.from_state(None)
        except native.NativeError as e:
            assert str(e) == native.WHY_NOT
        else:
            raise AssertionError("no error")
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_an_out_of_date_build_is_not_used():
    code = textwrap.dedent("""
        import sys, types
        old = types.ModuleType("agora_native")
        old.INTERFACE = 0                           # a build from an older checkout
        sys.modules["agora_native"] = old
        from game.ai import native
        assert native.AVAILABLE is False and "out of date" in native.WHY_NOT
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


needs_core = pytest.mark.skipif(not native.AVAILABLE, reason=native.WHY_NOT or "")


@needs_core
@pytest.mark.parametrize("agora", [False, True])
def test_a_full_state_goes_over_exactly(agora):
    state = new_game(21, agora=agora)
    core = native.NativeState.from_state(state)
    assert core.digest() == native.digest_of(state)
    assert sorted(core.legal_actions()) == sorted(str(a) for a in state.legal_actions())
    assert core.current_player == state.current_player and core.decision == state.decision


@needs_core
def test_clone_is_independent_and_the_result_reads_like_the_engine():
    state = new_game(8, agora=True)
    core = native.NativeState.from_state(state)
    twin = core.clone()
    winner, victory = core.playout(3)
    assert core.is_terminal and not twin.is_terminal
    assert twin.digest() == native.digest_of(state)
    w, v, (a, b) = core.result
    assert (w, v) == (winner, victory) and v in ("military", "science", "political", "civilian")
    assert len(a) == len(b) == 10 and a[-1] == sum(a[:-1])       # the categories, then the total


@needs_core
@pytest.mark.parametrize("agora", [False, True])
def test_play_random_game_ends(agora):
    for seed in range(20):
        winner, victory = native.play_random_game(seed, agora)
        assert winner in (0, 1, None) and victory in ("military", "science", "political", "civilian")


@needs_core
def test_a_state_is_at_most_512_bytes():
    assert native.state_bytes() <= 512


@needs_core
def test_a_determinized_observation_goes_over():
    """What the players hand the core: an observation plus a determinization."""
    from game.ai.determinize import determinize
    import random
    state = new_game(4, agora=True)
    rng = random.Random(0)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    me = state.current_player
    sample = determinize(state.observation(me), rng)
    core = native.NativeState.from_state(sample)
    assert sorted(core.legal_actions()) == sorted(str(a) for a in sample.legal_actions())
    assert core.digest() == native.digest_of(sample)


# Found by the core's random playouts: Curia Julia, built with a card that uncovers a top-row
# card, triggers Property Fraud on that very card (still waiting to be turned up). game/
# then turns up the emptied slot at the end of the turn and offers "the card" at index -1
# (Conspirator 6, already recruited earlier in this game). The core reveals only slots that
# still hold a card. Seed 42 of new_game(agora=True), these actions:
CURIA_FRAUD = [
    'draft Curia Julia', 'keep Property Fraud', 'return Coup to the bottom', 'draft The Sphinx',
    'draft The Appian Way', 'draft The Statue of Zeus', 'draft The Mausoleum',
    'draft The Great Lighthouse', 'place in Chamber 1', 'build Workshop', 'build Quarry',
    'build Clay Pool', 'wonder The Sphinx with Logging Camp', 'discard Right Politician 1',
    'build Stone Reserve', 'build Altar', 'discard Garrison', 'discard Apothecary',
    'discard Tavern', 'build Stone Pit', 'wonder The Great Lighthouse with Palisade',
    'build Pharmacist', 'discard Middle Politician 1', 'build Stable', 'recruit Conspirator 6',
    'conspire', 'keep Extortion', 'return Turn of Events to the bottom', 'discard Clay Pit',
    'build Glassworks', 'discard Wood Reserve', 'discard Conspirator 1',
    'discard Middle Politician 2', 'wonder Curia Julia with Scriptorium',
    'trigger Property Fraud', 'build Guard Tower']


@needs_core
def test_the_core_never_offers_a_card_from_an_emptied_slot():
    state = new_game(42, agora=True)
    core = native.NativeState.from_state(state)
    for text in CURIA_FRAUD:
        core.apply(text)
    d = core.digest()
    assert all(d["structure"][slot] != -1 for slot in d["accessible"])
    assert not any("Conspirator 6" in a for a in core.legal_actions())


def test_game_never_offers_a_card_from_an_emptied_slot():
    state = new_game(42, agora=True)
    for text in CURIA_FRAUD:
        state.apply(text)
    assert all(state.structure[slot] != -1 for slot in state.accessible)


@needs_core
@pytest.mark.parametrize("agora", [False, True])
def test_a_core_state_comes_back_as_a_game_state_that_plays_on_identically(agora):
    """State -> core -> (actions in the core) -> State: the digest is game/'s, the engine's
    invariants hold, and game/ plays on from it exactly as from its own state."""
    import random
    for seed in range(40):
        state = new_game(seed, agora=agora)
        rng = random.Random(seed)
        core = native.NativeState.from_state(state)
        for _ in range(rng.randrange(0, 110)):
            if state.is_terminal:
                break
            action = rng.choice(state.legal_actions())
            state.apply(action)
            core.apply(str(action))
        back = core.to_state(check=True)
        assert native.digest_of(back) == native.digest_of(state)
        for _ in range(30):
            if state.is_terminal:
                break
            action = rng.choice(state.legal_actions())
            state.apply(action)
            back.apply(str(action))
            assert native.digest_of(back) == native.digest_of(state)
