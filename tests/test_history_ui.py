"""The history in the window: a game finished through the real scenes lands in the database,
nothing is pruned, the Statistics and Saved games screens read the history (filters, pages,
replay, analysis, delete), and a damaged or locked history never stops the game."""
import random
import sqlite3

import pygame
import pytest

from game.history import open_history  # noqa: E402
from game.savegame import scan  # noqa: E402
from game.userdata import HISTORY_FILE  # noqa: E402
from tests.test_history_db import finished  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.files import saves  # noqa: E402
from ui.shell.app import App  # noqa: E402
from ui.scenes.dialog import DialogScene  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.replay import ReplayScene  # noqa: E402
from ui.scenes.stats import StatsScene  # noqa: E402
from ui.table.session import GameConfig, GameSession, SeatSetup  # noqa: E402

CATS = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military", "senate", "total")


@pytest.fixture
def app(data):
    i18n.set_language("en")
    application = App((1280, 720), home=MenuScene)
    yield application
    application.close()
    i18n.set_language("en")


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def click(pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def play_to_the_end(seed):
    session = GameSession(GameConfig(seed=seed, first="me", seats=[SeatSetup("human"), SeatSetup("ai", "easy")]))
    rng = random.Random(seed)
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def fill(data, n, start=500):
    with open_history(data / HISTORY_FILE) as db:
        for k in range(n):
            mode = "hotseat" if k % 5 == 4 else "ai"
            db.add(finished(start + k, mode=mode, level=("easy", "normal", "hard")[k % 3], human=k % 2))


def test_a_game_finished_through_the_real_scenes_is_in_the_history(english_autoplay):
    result, folder = english_autoplay           # the game tests/test_i18n.py also checks
    assert result.returncode == 0, result.stderr[-2000:]
    with open_history(folder / HISTORY_FILE) as db:
        assert db.count() == 1
        row = db.page(0, 1)[0]
        saved = db.saved_game(row.id)
        end = saved.replay().result
        assert (row.winner, row.victory, row.decisions) == (end.winner, end.victory, len(saved.actions))
        for seat in (0, 1):
            sheet = db.db.execute(f"SELECT {', '.join(CATS)} FROM sheets WHERE game_id = ? AND seat = ?",
                                  (row.id, seat)).fetchone()
            assert sheet == tuple(end.scores[seat][c] for c in CATS)
    assert [e for e in scan(folder / "saves") if e.ok and e.saved.finished] == []     # no copy left behind


def test_25_games_played_give_25_rows(data):
    for n in range(25):
        play_to_the_end(700 + n)
    saves.flush()
    assert saves.history().count() == 25
    assert [e for e in scan(data / "saves") if e.ok and e.saved.finished] == []


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_statistics_screen_reads_the_history_with_filters(app, data, lang):
    fill(data, 30)
    i18n.set_language(lang)
    app.push(MenuScene())
    steps(app)
    stats_button = next(b for b in app.top.group.buttons if b.text == i18n.t("insight.stats.button"))
    assert stats_button.enabled
    stats_button.activate()
    scene = app.top
    assert isinstance(scene, StatsScene)
    scene._thread.join(timeout=30)
    steps(app)
    assert scene.stats.games == 30 and scene.stats.problem is None
    assert sum(g for g, _ in scene.stats.by_group().values()) == 30
    click(scene.chips[0].target("last20"))
    steps(app, 1)
    scene._thread.join(timeout=30)
    steps(app)
    assert scene.stats.games == 20
    click(scene.chips[1].target("hard"))
    steps(app, 1)
    scene._thread.join(timeout=30)
    steps(app)
    assert set(scene.stats.by_group()) == {"hard"}
    assert app.last_error is None


def test_saved_games_pages_through_the_history_and_deletes(app, data, monkeypatch):
    fill(data, 30)
    app.push(MenuScene())
    app.push(LoadScene())
    steps(app)
    load = app.top
    assert load.count == 30 and load.entries == []
    seen = set()
    for _ in range(load.count):
        steps(app, 1)
        seen |= {i for _, i in load.rows}
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert seen == set(range(30))
    times = [load.item(i).row.played_at for i in range(30)]
    assert times == sorted(times, reverse=True)                     # newest first
    # Filters: hot-seat games only, then won games only.
    click(load.chips[0].target("hotseat"))
    steps(app)
    assert load.count == 6 and all(load.item(i).row.mode == "hotseat" for i in range(6))
    click(load.chips[0].target(None))
    steps(app)
    click(load.chips[1].target("W"))
    steps(app)
    assert 0 < load.count < 30 and all(load.item(i).row.outcome == "W" for i in range(load.count))
    click(load.chips[1].target(None))
    steps(app)
    # The oldest game opens in the replay viewer and the analysis.
    load.selected = 29
    load._clamp()
    steps(app, 1)
    click(load.target_for_entry(29, "open"))
    steps(app)
    assert isinstance(app.top, ReplayScene)
    app.pop()
    steps(app)
    from ui.scenes.analysis import AnalysisScene
    monkeypatch.setattr(AnalysisScene, "on_enter", lambda self: None)     # no search process in a test
    click(load.target_for_entry(29, "analysis"))
    steps(app)
    assert isinstance(app.top, AnalysisScene) and app.top.saved.to_dict() == load.item(29).saved().to_dict()
    app.pop()
    steps(app)
    # Delete, with a confirmation: cancel keeps it, confirm removes it from the history.
    doomed = load.item(29).row.id
    click(load.target_for_entry(29, "delete"))
    steps(app)
    assert isinstance(app.top, DialogScene)
    app.top.group.buttons[1].activate()
    steps(app)
    assert load.count == 30
    click(load.target_for_entry(29, "delete"))
    steps(app)
    app.top.group.buttons[0].activate()
    steps(app)
    assert app.top is load and load.count == 29
    assert all(load.item(i).row.id != doomed for i in range(29))
    assert app.last_error is None


def test_a_corrupt_history_is_set_aside_and_the_game_goes_on(app, data):
    data.mkdir(parents=True, exist_ok=True)
    junk = b"not a database" * 40
    (data / HISTORY_FILE).write_bytes(junk)
    app.push(MenuScene())
    steps(app)
    play_to_the_end(41)                                  # playing works, and the game is kept
    saves.flush()
    app.push(StatsScene())
    steps(app)
    scene = app.top
    scene._thread.join(timeout=30)
    steps(app)
    assert scene.stats.games == 1
    assert scene.stats.problem is not None and scene.stats.problem.code == "damaged"
    assert [p.read_bytes() for p in data.glob(HISTORY_FILE + ".damaged-*")] == [junk]
    assert app.last_error is None


def test_a_locked_history_shows_the_problem_and_loses_nothing(app, data):
    data.mkdir(parents=True, exist_ok=True)
    open_history(data / HISTORY_FILE).close()
    holder = sqlite3.connect(str(data / HISTORY_FILE), isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        session = play_to_the_end(42)
        saves.flush()
        assert session.path.exists()                          # not in the history: the file stays
        app.push(StatsScene())
        steps(app)
        scene = app.top
        scene._thread.join(timeout=30)
        steps(app)
        assert scene.stats.problem is not None and scene.stats.problem.code == "locked"
        app.push(LoadScene())
        steps(app)
        assert app.top.problem is not None
        assert any(e.path == session.path for e in app.top.entries)      # still listed, from its file
        assert app.last_error is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    saves.close_history()                                     # the next start brings the game in
    assert saves.history().contains(session.saved)
