"""The game window: autoplay through the real scenes, every decision offered, texts."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

from game import new_game  # noqa: E402
from game.rules import rules_for  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.text.names import slug  # noqa: E402
from ui.scenes.card_actions import CardActionDialog, card_options  # noqa: E402
from ui.scenes.game import GameScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.pause import PauseScene  # noqa: E402
from ui.files.settings import SETTINGS  # noqa: E402
from ui.scenes.prompt import TablePrompt  # noqa: E402
from ui.table.session import GameConfig, GameSession, SeatSetup  # noqa: E402
from ui.table.text import log_line, option_label  # noqa: E402
from ui.table.tooltip import lines_for  # noqa: E402

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def hot_seat(seed=1, agora=True):
    return GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                  seats=[SeatSetup("human"), SeatSetup("human")]))


def at(session, state):
    """Put a hot-seat session at an arbitrary position, its player at the screen."""
    session.state = state
    session.hand_over()
    return session


def key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


# --- autoplay: a whole game through the scenes, headless ------------------------------

@pytest.mark.parametrize("extra,agora", [(["--base-only"], False), ([], True), (["--hotseat"], True)])
def test_autoplay_plays_a_whole_game_through_the_scenes(tmp_path, extra, agora):
    # The base game is also the game without a sound device (it was a second run of the same
    # game in tests/test_sound.py): the window says so once and plays on.
    no_sound = "--base-only" in extra
    env = dict(ENV, SDL_AUDIODRIVER="no-such-driver") if no_sound else ENV
    shot = tmp_path / "final.png"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--seed", "5", "--p0", "random", "--p1", "random",
         "--screenshot", str(shot), "--frame-stats", "--exit-when-done", "--size", "1280x720",
         "--data-dir", str(tmp_path / "data")] + extra,
        capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stderr.count("sound is off") == (1 if no_sound else 0)
    stats = json.loads(result.stdout.strip().splitlines()[-1])
    for name in ("frames", "fps_mean", "frame_ms_p50", "frame_ms_p95", "frame_ms_p99"):
        assert name in stats
    assert stats["frames"] > 100
    game = stats["game"]
    assert game["agora"] is agora and game["victory"] in ("military", "science", "political", "civilian")
    assert game["actions"] > 20
    if "--hotseat" in extra:
        assert game["mode"] == "hotseat" and game["handovers"] > 10
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


# --- every decision offers every legal action (on the table or in the prompt bar) ------------------------------

def _walk_decisions(seeds, agora=True):
    """Yield positions (states) at decisions other than the card turn and the draft."""
    for seed in seeds:
        state = new_game(seed, agora=agora)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.decision not in ("turn", "draft"):
                yield seed, state
            state.apply(rng.choice(state.legal_actions()))


def test_decision_prompts_offer_every_legal_action(app, one_art):
    kinds = set()
    for seed, state in _walk_decisions(range(12)):
        session = at(hot_seat(seed), state.clone())
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        prompt = app.top
        assert isinstance(prompt, TablePrompt)          # chosen on the table, with a bar
        p = prompt.plan()
        offered = [c.action for c in p.table] + p.panel + p.declines
        assert sorted(map(str, offered)) == sorted(map(str, state.legal_actions()))
        assert all(i.label and "option." not in i.label for i in prompt.items)
        assert prompt.title and "decision." not in prompt.title
        kinds.add(state.decision)
        app.reset()
    assert {"progress", "senate", "conspirator", "keep", "return", "start"} <= kinds


def test_dialog_keys_choose_and_cancel(app):
    found = next((seed, state.clone()) for seed, state in _walk_decisions(range(200)) if state.decision == "progress")
    seed, state = found
    session = at(hot_seat(seed), state.clone())
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    assert isinstance(app.top, TablePrompt)
    key(pygame.K_ESCAPE)            # progress none: the cancel of an optional choice
    app.step(1 / 60)
    assert session.state.history[-1].kind == "decline"


def test_card_actions_list_everything_with_reasons(app):
    state = new_game(4)
    rng = random.Random(4)
    while state.decision != "turn":
        state.apply(rng.choice(state.legal_actions()))
    for _ in range(30):
        if state.decision == "turn":
            seat = state.current_player
            legal = set(state.legal_actions())
            for slot in state.accessible:
                name = state.rules.cards[state.structure[slot]].name
                options = card_options(state, seat, name)
                for o in options:
                    assert o.enabled == (o.action in legal)
                    if not o.enabled:
                        assert o.reason
                offered = {o.action for o in options if o.enabled}
                mine = {a for a in legal if a.kind != "trigger" and (a.subject == name or a.target == name)}
                assert offered == mine
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            break


def test_clicking_a_card_then_build_plays_it(app):
    session = hot_seat(2, agora=False)
    game = GameScene(session)
    app.push(game)
    while session.state.decision == "draft":
        session.apply(session.state.legal_actions()[0])
    session.hand_over()
    app.step(1 / 60)
    app.step(1 / 60)
    action = next(a for a in session.state.legal_actions() if a.kind == "discard")
    pos = game.target_for(action)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.step(1 / 60)
    assert isinstance(app.top, CardActionDialog)
    before = len(session.state.history)
    key(pygame.K_2)                 # option 2: discard for coins
    app.step(1 / 60)
    assert len(session.state.history) == before + 1 and session.state.history[-1] == action


def test_keyboard_alone_picks_a_card_and_plays_it(app):
    session = hot_seat(2, agora=False)
    game = GameScene(session)
    app.push(game)
    while session.state.decision == "draft":
        session.apply(session.state.legal_actions()[0])
    session.hand_over()
    app.step(1 / 60)
    app.step(1 / 60)
    accessible = set(session.state.accessible)
    seen = []
    for _ in range(len(accessible)):
        key(pygame.K_RIGHT)
        app.step(1 / 60)
        assert game.hover is not None and game.hover.kind == "slot" and game.hover.data in accessible
        assert game._tip is not None                      # its tooltip shows at once
        seen.append(game.hover.data)
    assert set(seen) == accessible                        # Right visits every accessible card once
    key(pygame.K_LEFT)
    app.step(1 / 60)
    assert game.hover.data == seen[-2]
    key(pygame.K_RETURN)
    app.step(1 / 60)
    assert isinstance(app.top, CardActionDialog)
    name = session.state.rules.cards[session.state.structure[seen[-2]]].name
    before = len(session.state.history)
    key(pygame.K_2)                 # option 2: discard for coins
    app.step(1 / 60)
    assert len(session.state.history) == before + 1
    assert session.state.history[-1].kind == "discard" and session.state.history[-1].subject == name


# --- texts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ko"])
def test_log_lines_and_labels_for_every_action(lang):
    i18n.set_language(lang)
    try:
        for seed in range(6):
            state = new_game(seed, agora=seed % 3 != 0)
            rng = random.Random(seed)
            while not state.is_terminal:
                for a in state.legal_actions():
                    label = option_label(a)
                    assert label and "option." not in label
                action = rng.choice(state.legal_actions())
                before = state.clone()
                state.apply(action)
                for viewer in (0, 1, None):
                    line = log_line(action, before, state, viewer)
                    assert line and "log." not in line and "{" not in line, line
    finally:
        i18n.set_language("en")


def test_every_component_has_a_name_in_both_languages():
    rules = rules_for(True)
    names = [c.name for c in rules.cards] + [w.name for w in rules.wonders] + [p.name for p in rules.progress] + \
        [d.name for d in rules.decrees] + [c.name for c in rules.conspiracies] + [c.name for c in rules.chambers]
    for lang in ("en", "ko"):
        catalogue = i18n.load_catalogue(lang)
        missing = [n for n in names if "names." + slug(n) not in catalogue]
        assert not missing, (lang, missing)


def test_tooltips_for_everything_on_the_table(app):
    for seed, agora in ((7, True), (8, False)):
        session = hot_seat(seed, agora)
        rng = random.Random(seed)
        for _ in range(50):
            session.apply(rng.choice(session.state.legal_actions()))
        session.hand_over()
        game = GameScene(session)
        app.push(game)
        app.step(1 / 60)
        assert game.view.hits
        for hit in game.view.hits:
            for line, style in lines_for(hit, session.state, session):
                assert line and "tip." not in line and "effect." not in line, line
        app.reset()


# --- scenes ------------------------------------------------------------------------------------

def test_escape_pauses_and_continue_returns_to_the_game(app):
    session = hot_seat(3)
    session.hand_over()
    app.push(MenuScene())
    app.push(GameScene(session))
    app.step(1 / 60)
    key(pygame.K_ESCAPE)     # the draft overlay forwards Esc to the pause menu
    app.step(1 / 60)
    assert isinstance(app.top, PauseScene)
    pause = app.top
    next(b for b in pause.group.buttons if b.text == i18n.t("pause.menu")).activate()     # main menu
    app.step(1 / 60)
    assert isinstance(app.top, MenuScene)
    menu = app.top
    assert menu.group.buttons[1].enabled      # Continue
    menu.group.buttons[1].activate()
    app.step(1 / 60)
    assert any(isinstance(s, GameScene) and s.session is session for s in app.stack)


def test_settings_change_speed_and_price_badges(app):
    from ui.scenes.settings import SettingsScene
    speed, prices = SETTINGS.animation_speed, SETTINGS.show_opponent_prices
    try:
        app.push(MenuScene())
        app.push(SettingsScene())
        app.step(1 / 60)
        scene = app.top
        scene.row("speed").activate()
        scene.row("prices").activate()
        assert SETTINGS.animation_speed != speed and SETTINGS.show_opponent_prices != prices
    finally:
        SETTINGS.animation_speed, SETTINGS.show_opponent_prices = speed, prices


def test_new_game_setup_starts_a_game(app):
    from ui.scenes.setup import SetupScene
    app.push(MenuScene())
    app.top.group.buttons[0].activate()
    app.step(1 / 60)
    assert isinstance(app.top, SetupScene)
    setup = app.top
    setup.choice["mode"] = 0     # against the computer
    setup.choice["agora"] = 1    # base game
    key(pygame.K_RETURN)
    app.step(1 / 60)
    game = next(s for s in app.stack if isinstance(s, GameScene))
    assert not game.session.state.agora
    assert game.session.is_ai(1) and not game.session.is_ai(0)
