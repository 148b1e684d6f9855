"""Saved games in the window: autosave after every move, Continue, the Load screen (broken
files reported, never hidden), replays of finished games, undo, and a kill during autosave."""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent

from game.ai import PLAYERS, Player, register  # noqa: E402
from game.savegame import SavedGame, read, scan, write  # noqa: E402
from save_support import play_out  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.files import saves, storage  # noqa: E402
from ui.shell.app import App  # noqa: E402
from ui.scenes.dialog import DialogScene  # noqa: E402
from ui.scenes.game import GameScene  # noqa: E402
from ui.scenes.handover import HandOverScene  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.replay import ReplayScene  # noqa: E402
from ui.files.settings import SETTINGS  # noqa: E402
from ui.table import ai_host  # noqa: E402
from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup  # noqa: E402

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
CONTINUE, LOAD = 1, 4            # MenuScene.group.buttons (shown as New, Continue, Load, Rules, ...)


@pytest.fixture
def app(data):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()


def key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def vs_ai(seed=4, level="easy", agora=True, first="me"):
    return GameSession(GameConfig(seed=seed, agora=agora, first=first,
                                  seats=[SeatSetup("human"), SeatSetup("ai", level)]))


def hotseat(seed=6):
    return GameSession(GameConfig(seed=seed, first="seat0",
                                  seats=[SeatSetup("human", name="Ana"), SeatSetup("human", name="Bob")]))


def play(session, moves, rng, human_only_stop=False):
    """Random moves for both seats (the AI's too, without asking the AI process)."""
    for _ in range(moves):
        if session.state.is_terminal:
            break
        session.apply(rng.choice(session.state.legal_actions()))
    if human_only_stop:
        while not session.state.is_terminal and session.is_ai(session.state.current_player):
            session.apply(rng.choice(session.state.legal_actions()))


def finished_save(seed=2) -> SavedGame:
    saved = SavedGame(seed=seed, mode="ai", players=[{"name": "", "kind": "human"},
                                                     {"name": "", "kind": "ai", "ai": "normal"}])
    play_out(saved, seed)
    return saved


# --- autosave and Continue ---------------------------------------------------------------------

def test_every_action_is_saved_to_the_data_folder(data):
    session = vs_ai()
    saves.flush()
    assert session.path.parent == data / "saves" and session.path.exists()     # saved from the start
    rng = random.Random(1)
    for n in range(1, 25):
        session.apply(rng.choice(session.state.legal_actions()))
        saves.flush()
        on_disk = read(session.path)
        assert len(on_disk.actions) == n and on_disk.actions == session.saved.actions
    assert on_disk.players[1] == {"name": "", "kind": "ai", "ai": "easy"}
    assert on_disk.options == {"undo": True}
    assert on_disk.replay().to_json() == session.state.to_json()


def test_save_quit_continue_gives_the_same_game(app, data):
    session = vs_ai(level="easy")
    app.push(MenuScene())
    app.push(GameScene(session))
    play(session, 37, random.Random(2), human_only_stop=True)
    steps(app)
    state, legal = session.state.to_json(), [str(a) for a in session.state.legal_actions()]
    app.close()                                   # quit
    CURRENT["session"] = None                     # a new run of the program knows nothing in memory

    again = App((1280, 720), home=MenuScene)
    try:
        again.push(MenuScene())
        steps(again)
        menu = again.top
        assert menu.group.buttons[CONTINUE].enabled and menu.group.buttons[LOAD].enabled
        menu.group.buttons[CONTINUE].activate()
        steps(again)
        game = next(s for s in again.stack if isinstance(s, GameScene))
        resumed = game.session
        assert resumed is not session
        assert resumed.state.to_json() == state
        assert [str(a) for a in resumed.state.legal_actions()] == legal
        assert resumed.is_ai(1) and resumed.players[1].name == "easy"      # the same opponent
        assert resumed.path == session.path
        assert [e.text for e in resumed.log] == [e.text for e in session.log]
    finally:
        again.close()


QUITTER = """
import random, sys
sys.path.insert(0, {root!r})
from ui.files import storage
storage.use(storage.Storage.under({data!r}))
from ui.table.session import GameConfig, GameSession, SeatSetup
session = GameSession(GameConfig(seed=9, seats=[SeatSetup("human"), SeatSetup("ai", "hard")]))
rng = random.Random(3)
for _ in range(40):
    session.apply(rng.choice(session.state.legal_actions()))
print(session.state.to_json())
"""


def test_a_process_that_quits_right_after_a_move_leaves_it_saved(data):
    out = subprocess.run([sys.executable, "-c", QUITTER.format(root=str(ROOT), data=str(data))],
                         capture_output=True, text=True, timeout=60, env=ENV)
    assert out.returncode == 0, out.stderr
    entry = saves.latest_unfinished()
    assert entry is not None and len(entry.saved.actions) == 40
    resumed = GameSession.resume(entry.saved, entry.path)
    assert resumed.state.to_json() == out.stdout.strip()
    assert resumed.players[1].name == "hard"


KILLED = """
import random, sys
sys.path.insert(0, {root!r})
from ui.files import storage
storage.use(storage.Storage.under({data!r}))
from ui.table.session import GameConfig, GameSession, SeatSetup
rng = random.Random({seed})
print("ready", flush=True)
while True:
    session = GameSession(GameConfig(seed=rng.randrange(10**6), agora=rng.random() < 0.7,
                                     seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
"""


def test_killing_the_game_during_autosave_never_leaves_an_unreadable_save(data):
    rng = random.Random(0)
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", KILLED.format(root=str(ROOT), data=str(data), seed=round_)],
                                stdout=subprocess.PIPE, env=ENV)
        proc.stdout.readline()
        time.sleep(rng.uniform(0.1, 0.5))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    entries = scan(data / "saves")
    assert entries
    assert [e.error for e in entries if not e.ok] == []
    for entry in entries[:8]:
        GameSession.resume(entry.saved, entry.path)       # each one rebuilds exactly


# --- the Load screen ------------------------------------------------------------------------------

def make_folder(data):
    folder = data / "saves"
    done = finished_save()
    write(folder / "done.json", done)
    two = hotseat()
    play(two, 30, random.Random(3))
    ai = vs_ai(seed=8)
    play(ai, 12, random.Random(4), human_only_stop=True)
    illegal = vs_ai(seed=10)
    play(illegal, 8, random.Random(5))
    saves.flush()
    tampered = read(illegal.path)
    tampered.actions[5][1] = "build Palace"
    write(illegal.path, tampered)
    (folder / "cut.json").write_bytes(b'{"format": "agora-duel-save", "version": 1, "seed": 3, "ag')
    (folder / "empty.json").write_bytes(b"")
    (folder / "other.json").write_text(json.dumps({"format": "something-else", "version": 1}))
    (folder / "future.json").write_text(json.dumps({"format": "agora-duel-save", "version": 7}))
    (folder / "noise.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "readme.txt").write_text("my notes")
    (folder / "damaged.json").write_text(json.dumps({"format": "agora-duel-save", "version": 1, "seed": "x"}))
    CURRENT["session"] = None
    return {"done": done, "hotseat": two, "ai": ai, "illegal": illegal}


def test_load_screen_lists_every_save_and_reports_broken_files(app, data):
    games = make_folder(data)
    app.push(MenuScene())
    steps(app)
    menu = app.top
    menu.group.buttons[LOAD].activate()
    steps(app)
    load = app.top
    assert isinstance(load, LoadScene)
    names = {e.path.name: e for e in load.entries}
    assert len(names) == 10                                # nothing hidden: the finished game is
    assert load.total == 1 and load.item(len(load.entries)).row.outcome in "WLD"   # ... in the history
    broken = {n: e for n, e in names.items() if not e.ok}
    assert set(broken) == {"cut.json", "empty.json", "other.json", "future.json", "noise.bin", "readme.txt",
                           "damaged.json"}
    for entry in broken.values():
        assert entry.error
    assert "newer version" in broken["future.json"].error
    assert "not an Agora Duel saved game" in broken["other.json"].error
    assert names[games["hotseat"].path.name].ok
    # Every row is drawn (scroll through all of them): broken rows offer Delete, never Open.
    seen = set()
    for _ in range(load.count):
        steps(app, 1)
        seen |= {i for _, i in load.rows}
        key(pygame.K_DOWN)
    assert seen == set(range(load.count))
    assert app.last_error is None
    load.scroll, load.selected = 0, 0
    steps(app, 1)
    for i, entry in enumerate(load.entries[:load.visible_rows]):
        assert (load.target_for_entry(i, "open") is None) == (not entry.ok)
        assert load.target_for_entry(i, "delete") is not None


def test_load_screen_messages_are_translated(app, data):
    make_folder(data)
    i18n.set_language("ko")
    try:
        app.push(LoadScene())
        steps(app)
        from ui.scenes.load import error_text
        texts = [error_text(e.code, e.params, e.error) for e in app.top.entries if not e.ok]
        assert len(texts) == 7 and all(text and "saves.error" not in text for text in texts)
        assert any("새로운 버전" in text for text in texts)
    finally:
        i18n.set_language("en")


def test_load_screen_resumes_replays_refuses_and_deletes(app, data):
    games = make_folder(data)
    app.push(MenuScene())
    app.push(LoadScene())
    steps(app)
    load = app.top

    def row(name):
        return next(i for i, e in enumerate(load.entries) if e.path.name == name)

    def show(index):
        load.selected = index
        load._clamp()
        steps(app, 1)

    # A hot-seat game resumes behind its hand-over screen.
    show(row(games["hotseat"].path.name))
    click(load.target_for_entry(load.selected))
    steps(app)
    game = next(s for s in app.stack if isinstance(s, GameScene))
    assert isinstance(app.top, HandOverScene)
    assert game.session.state.to_json() == games["hotseat"].state.to_json()
    app.reset(MenuScene())
    app.push(LoadScene())
    steps(app)
    load = app.top

    # A save whose moves do not fit these rules: a clear message, no crash.
    show(row(games["illegal"].path.name))
    key(pygame.K_RETURN)
    steps(app)
    assert isinstance(app.top, DialogScene) and "move 6" in app.top.body.lower()
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is load

    # A finished game (now in the history, after the files) opens in the replay viewer.
    show(len(load.entries))
    click(load.target_for_entry(load.selected))
    steps(app)
    assert isinstance(app.top, ReplayScene)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is load

    # Deleting a broken file (with a confirmation) removes it from the folder and the list.
    count = len(load.entries)
    show(row("noise.bin"))
    click(load.target_for_entry(load.selected, "delete"))
    steps(app)
    assert isinstance(app.top, DialogScene)
    app.top.group.buttons[0].activate()
    steps(app)
    assert app.top is load and len(load.entries) == count - 1
    assert not (data / "saves" / "noise.bin").exists()
    assert app.last_error is None


def test_continue_is_only_offered_for_an_unfinished_game(app, data):
    write(data / "saves" / "done.json", finished_save())
    app.push(MenuScene())
    steps(app)
    menu = app.top
    assert not menu.group.buttons[CONTINUE].enabled and menu.group.buttons[LOAD].enabled
    session = vs_ai()
    saves.flush()
    app.push(GameScene(session))
    steps(app)
    app.go_home()
    steps(app)
    assert app.top.group.buttons[CONTINUE].enabled


def test_finished_games_are_never_dropped_and_abandoned_ones_are(data):
    done = finished_save()
    folder = data / "saves"
    for i in range(24):
        done.updated = 1000.0 + i
        write(folder / f"done-{i:02d}.json", done)
    empty = SavedGame(seed=5)
    empty.touch(empty.new_state())
    write(folder / "abandoned.json", empty)
    going = vs_ai()
    play(going, 6, random.Random(1))
    while not going.state.is_terminal:                     # finishing a game goes into the history
        going.apply(random.Random(2).choice(going.state.legal_actions()))
    saves.flush()
    names = {p.name for p in folder.iterdir()}
    assert sorted(n for n in names if n.startswith("done-")) == [f"done-{i:02d}.json" for i in range(24)]
    assert "abandoned.json" not in names
    assert going.path.name not in names                   # its record lives in the history now
    assert saves.history().contains(going.saved)


# --- the replay viewer ------------------------------------------------------------------------------

def test_replay_steps_through_the_moves_forward_and_back(app, data):
    saved = finished_save(7)
    replay = ReplayScene(saved, step=0)
    app.push(MenuScene())
    app.push(replay)
    steps(app)
    total = len(saved.actions)
    assert replay.k == 0 and replay.session.state.to_json() == saved.replay(upto=0).to_json()
    for _ in range(3):
        key(pygame.K_RIGHT)
        steps(app, 1)
    assert replay.k == 3 and replay.session.state.to_json() == saved.replay(upto=3).to_json()
    key(pygame.K_LEFT)
    steps(app, 1)
    assert replay.k == 2 and replay.session.state.to_json() == saved.replay(upto=2).to_json()
    key(pygame.K_END)
    steps(app, 1)
    assert replay.k == total and replay.session.state.is_terminal
    click(replay.control_rects["first"].center)
    steps(app, 1)
    assert replay.k == 0
    bar = replay.bar
    click((bar.x + bar.w // 2, bar.centery))                 # jump to the middle
    steps(app, 1)
    assert abs(replay.k - total // 2) <= 1
    assert replay.session.state.to_json() == saved.replay(upto=replay.k).to_json()
    viewer = replay.session.viewer
    key(pygame.K_TAB)                                        # the other side's view
    steps(app, 1)
    assert replay.session.viewer == 1 - viewer
    start = replay.k
    key(pygame.K_SPACE)                                      # play
    for _ in range(200):
        app.step(0.1)
    assert replay.k > start + 5
    assert replay.session.state.to_json() == saved.replay(upto=replay.k).to_json()
    assert len(saved.actions) == total                       # watching never changes the save
    key(pygame.K_ESCAPE)
    steps(app, 1)
    assert isinstance(app.top, MenuScene)


def test_game_over_offers_the_replay(app, data):
    session = vs_ai(seed=12)
    play(session, 10_000, random.Random(12))
    assert session.state.is_terminal
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    steps(app, 6)
    over = app.top
    assert type(over).__name__ == "GameOverScene"
    next(b for b in over.group.buttons if b.text == "Replay").activate()
    steps(app)
    assert isinstance(app.top, ReplayScene) and app.top.k == 0


# --- undo -------------------------------------------------------------------------------------------

def quiet_choice(state, rng):
    """A random move that turns nothing up for seat 0 (a take-back never crosses what the
    human has seen, game/takeback.py), when there is one."""
    from game.takeback import reveals_to
    legal = state.legal_actions()
    quiet = [a for a in legal if not any(reveals_to(e, 0) for e in state.clone().apply(a))]
    return rng.choice(quiet or legal)


def test_undo_against_the_ai_restores_exactly_the_earlier_state(app, data):
    session = vs_ai(seed=21, level="random")
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    rng = random.Random(21)
    snapshots = []                       # (state before my decision, actions before it)
    for _ in range(60):
        assert not session.is_ai(session.state.current_player)
        snapshots.append((session.state.to_json(), len(session.saved.actions)))
        session.apply(quiet_choice(session.state, rng))
        while not session.state.is_terminal and session.is_ai(session.state.current_player):
            session.apply(quiet_choice(session.state, rng))      # the AI's reply
        floor = session.undo_floor(0)
        if len(snapshots) >= 12 and sum(count >= floor for _, count in snapshots) >= 2:
            break
    else:
        raise AssertionError("no two rounds since the last card turned up")
    steps(app)
    allowed = [(state, count) for state, count in snapshots if count >= floor]
    for expected, count in reversed(allowed[1:]):
        key(pygame.K_z, pygame.KMOD_CTRL)
        steps(app)
        assert session.state.to_json() == expected
        assert len(session.saved.actions) == count
        assert not session.is_ai(session.state.current_player)
        saves.flush()
        assert read(session.path).actions == session.saved.actions          # the save follows
    click(game.undo_rect().center)                                         # the table's button
    steps(app)
    assert session.state.to_json() == allowed[0][0]
    click(game.undo_rect().center)                # no further: a card was turned up before
    steps(app)
    assert session.state.to_json() == allowed[0][0] and not session.can_undo
    assert app.last_error is None


@register("sleepy-for-tests")
class Sleepy(Player):
    """Thinks for as long as a flag file exists (the AI host is this test process's child)."""
    needs_observation = False

    def choose(self, observation, legal_actions):
        flag = Path(tempfile.gettempdir()) / f"agora-sleepy-{os.getppid()}"
        deadline = time.time() + 30
        while flag.exists() and time.time() < deadline:
            time.sleep(0.02)
        return legal_actions[0]


def test_undo_while_the_ai_thinks_stops_it_safely(app, data):
    flag = Path(tempfile.gettempdir()) / f"agora-sleepy-{os.getpid()}"
    flag.write_text("think")
    try:
        session = vs_ai(seed=3, level="sleepy-for-tests", agora=False)
        app.push(MenuScene())
        game = GameScene(session)
        app.push(game)
        steps(app)
        before = session.state.to_json()
        assert game.choose(session.state.legal_actions()[0])
        deadline = time.monotonic() + 30
        while session.thinking is None and time.monotonic() < deadline:
            steps(app, 1)
        assert session.thinking is not None                   # the AI is busy with its answer
        busy_host = ai_host._host
        key(pygame.K_BACKSPACE)
        steps(app)
        assert session.state.to_json() == before and session.worker is None
        assert not busy_host.alive                            # the search was stopped, not waited for
        flag.unlink()
        assert game.choose(session.state.legal_actions()[0])
        deadline = time.monotonic() + 30
        while session.is_ai(session.state.current_player) and time.monotonic() < deadline:
            steps(app, 1)
        assert not session.is_ai(session.state.current_player)   # a fresh AI answered
        assert app.last_error is None
    finally:
        flag.unlink(missing_ok=True)
        PLAYERS.pop("sleepy-for-tests", None)


def test_no_take_backs_is_fixed_when_the_game_starts(app, data):
    SETTINGS.undo = False
    try:
        session = vs_ai(seed=5)
    finally:
        SETTINGS.undo = True                                 # switching it back does not change this game
    app.push(MenuScene())
    game = GameScene(session)
    app.push(game)
    rng = random.Random(5)
    play(session, 5, rng, human_only_stop=True)
    steps(app)
    before = session.state.to_json()
    assert not session.can_undo and not game.undo_visible()
    key(pygame.K_z, pygame.KMOD_CTRL)
    steps(app)
    assert session.state.to_json() == before
    saves.flush()
    assert read(session.path).options == {"undo": False}
    resumed = GameSession.resume(read(session.path), session.path)
    assert not resumed.undo_allowed and not resumed.can_undo
