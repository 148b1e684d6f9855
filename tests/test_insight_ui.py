"""Statistics from the saves folder, the analysis chart screen, and the hint setting/flag."""
import pygame
import pytest

from game import new_game
from game.ai import make_player
from game.savegame import SavedGame, read, write
from ui.text import i18n
from ui.files import settings as settings_file
from ui.scenes.analysis import AnalysedReplayScene, AnalysisScene
from ui.scenes.load import details_of
from ui.scenes.menu import MenuScene
from ui.scenes.stats import StatsScene
from ui.files.settings import SETTINGS, Settings
from ui.files.stats import collect


def play(seed, mode="ai", level="normal", human=0, first=0):
    """A finished game between two `one-ply` players, saved as `mode` against `level`."""
    s = new_game(seed, agora=True, first_player=first)
    bots = [make_player("one-ply", seed), make_player("one-ply", seed + 1)]
    if mode == "hotseat":
        players = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}]
    else:
        players = [None, None]
        players[human] = {"name": "", "kind": "human"}
        players[1 - human] = {"name": "", "kind": "ai", "ai": level}
    saved = SavedGame(seed=seed, agora=True, first_player=first, mode=mode, players=players,
                      created=1000.0 + seed)
    while not s.is_terminal:
        p = s.current_player
        a = bots[p].choose(s.observation(p), s.legal_actions())
        s.apply(a)
        saved.record(s, a)
    saved.updated = 2000.0 + seed
    return saved, s.result


@pytest.fixture(scope="module")
def games():
    specs = [(1, "ai", "easy", 0, 0), (2, "ai", "normal", 1, 1), (3, "ai", "normal", 0, 1),
             (4, "hotseat", None, 0, 0), (5, "ai", "hard", 0, 0)]
    return [play(seed, mode, level, human, first) + ((mode, level, human, first),)
            for seed, mode, level, human, first in specs]


@pytest.fixture
def folder(tmp_path, games):
    saves = tmp_path / "data" / "saves"
    for i, (saved, _, _) in enumerate(games):
        write(saves / f"game-{i}.json", saved)
    unfinished = SavedGame(seed=9, actions=[], created=1.0, updated=1.0)
    write(saves / "unfinished.json", unfinished)
    (saves / "damaged.json").write_text('{"format": "agora-duel-save", "version": 1, "seed": ', encoding="utf-8")
    (saves / "photo.json").write_text('{"hello": "world"}', encoding="utf-8")
    return saves


def test_statistics_count_the_saved_games_and_skip_damaged_ones(folder, games):
    stats = collect(folder)
    assert stats.games == 5                       # the unfinished game is not a result
    assert stats.skipped == 2                     # the damaged file and the foreign one
    you = [h for _, _, (_, _, h, _) in games]
    winners = [r.winner for _, r, _ in games]
    groups = stats.by_group()
    for group in ("easy", "normal", "hard", "hotseat"):
        rows = [i for i, (_, _, (mode, level, _, _)) in enumerate(games)
                if (level if mode == "ai" else "hotseat") == group]
        assert groups[group] == (len(rows), sum(winners[i] == you[i] for i in rows))
    kinds = stats.victories()
    assert sum(a + b for a, b in kinds.values()) == sum(w is not None for w in winners)
    for kind, (mine, theirs) in kinds.items():
        assert mine == sum(1 for i, (_, r, _) in enumerate(games) if r.victory == kind and r.winner == you[i])
        assert theirs == sum(1 for i, (_, r, _) in enumerate(games)
                             if r.victory == kind and r.winner not in (None, you[i]))
    totals = stats.average_scores()["total"]
    assert totals[0] == pytest.approx(sum(r.scores[you[i]]["total"] for i, (_, r, _) in enumerate(games)) / 5)
    first_wins, decided = stats.first_player()
    assert first_wins == sum(1 for _, r, (_, _, _, f) in games if r.winner == f)
    results = ["W" if winners[i] == you[i] else "L" for i in range(5)]   # oldest first
    assert stats.results() == results
    best = run = 0
    for r in results:
        run = run + 1 if r == "W" else 0
        best = max(best, run)
    assert stats.longest_streak() == best


def test_statistics_of_an_empty_or_missing_folder(tmp_path):
    assert collect(tmp_path / "nothing").games == 0
    assert collect(None).skipped == 0


def run(app, frames=3):
    for _ in range(frames):
        app.step(1 / 60)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_statistics_screen_draws_from_the_folder(app, folder, lang):
    i18n.set_language(lang)
    app.push(MenuScene())
    menu = app.top
    stats_button = next(b for b in menu.group.buttons if b.text == i18n.t("insight.stats.button"))
    stats_button.activate()
    scene = app.top
    assert isinstance(scene, StatsScene)
    scene._thread.join(timeout=30)
    run(app)
    assert scene.stats.games == 5 and scene.stats.skipped == 2
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    run(app)
    assert app.top is menu


def fake_analysis(saved):
    """An analysis result shaped like Analysis.to_dict, without running the search."""
    n = len(saved.actions)
    series = [0.5 + 0.3 * ((i % 7) - 3) / 3 for i in range(n)]
    k = n // 2
    series[k] = 0.05
    moves = [[t.split(" ")[0], " ".join(t.split(" ")[1:]) or None, None] for _, t in saved.actions]
    pref = [None] * n
    pref[k] = {"seat": 0, "chance": 0.7, "iterations": 10, "candidates": [
        {"action": "conspire", "move": ["conspire", None, None], "chance": 0.7, "visits": 5,
         "reasons": [["science_pair", {}], ["denies", {"card": "Law"}]]}]}
    return {"seat": 0, "decisions": n, "start": 0.5, "series": series, "movers": [p for p, _ in saved.actions],
            "played": [t for _, t in saved.actions], "moves": moves, "winner": 0, "victory": "civilian",
            "turning_points": [{"decision": k, "seat": saved.actions[k][0], "played": saved.actions[k][1],
                                "before": series[k - 1], "after": 0.05, "drop": series[k - 1] - 0.05,
                                "best": "conspire", "best_chance": 0.7, "played_chance": None}],
            "preferred": pref}


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_chart_point_click_opens_the_replay_there(app, games, lang):
    i18n.set_language(lang)
    saved = games[1][0]
    result = fake_analysis(saved)
    app.push(MenuScene())
    scene = AnalysisScene(saved, result=result)
    app.push(scene)
    run(app)
    k = result["turning_points"][0]["decision"]
    assert scene.selected == k                     # the largest turning point is selected first
    assert len(scene.points) == len(saved.actions)
    target = 3
    pos = scene.target_for_point(target)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    run(app)
    assert scene.selected == target
    scene.show(k)
    run(app)
    replay = app.top
    assert isinstance(replay, AnalysedReplayScene)
    assert replay.k == k                           # the position before that decision
    assert str(k + 1) in replay.insight_note


def test_analysis_screen_shows_progress_then_the_result(app, games, monkeypatch):
    saved = games[0][0]

    class FakeJob:
        def __init__(self, task, *args):
            assert task == "analyse"
            self.progress, self.result, self.error, self.calls = (0, 10), None, None, 0

        @property
        def fraction(self):
            return self.progress[0] / self.progress[1]

        def poll(self):
            self.calls += 1
            self.progress = (min(10, self.calls), 10)
            if self.calls >= 5:
                self.result = fake_analysis(saved)
            return self.result is not None

        def cancel(self):
            pass

    import ui.table.jobs
    monkeypatch.setattr(ui.table.jobs, "Job", FakeJob)
    app.push(MenuScene())
    scene = AnalysisScene(saved.copy())
    scene.key = ("test", saved.seed)             # never the cache of another test
    app.push(scene)
    run(app, 2)
    assert scene.result is None and 0 < scene.job.fraction < 1
    run(app, 6)
    assert scene.result is not None and scene.selected is not None


def test_hints_setting_is_off_by_default_and_kept(tmp_path):
    assert Settings().hints is False
    path = tmp_path / "settings.json"
    prefs = Settings()
    prefs.hints = True
    assert settings_file.save(path, prefs)
    again = Settings()
    assert settings_file.load(path, again) is None and again.hints is True


def test_a_game_with_hints_is_marked_in_its_save_and_the_list(tmp_path, games):
    saved = games[0][0].copy()
    assert "hints" not in saved.to_dict()           # files without hints stay as they were
    assert i18n.t("insight.saves.hinted") not in details_of(saved)
    saved.hints = 2
    path = write(tmp_path / "g.json", saved)
    back = read(path)
    assert back.hints == 2
    assert i18n.t("insight.saves.hinted") in details_of(back)
    stats = collect(tmp_path)
    assert stats.hinted() == 1


def test_hint_key_does_nothing_when_the_setting_is_off(app, monkeypatch):
    from ui.scenes.game import GameScene
    from ui.table.session import GameConfig, GameSession, SeatSetup
    started = []

    class FakeJob:
        def __init__(self, task, *args):
            started.append(task)
            self.result, self.error = None, None

        def poll(self):
            return False

        def cancel(self):
            pass

    import ui.table.jobs
    monkeypatch.setattr(ui.table.jobs, "Job", FakeJob)
    monkeypatch.setattr(SETTINGS, "hints", False)
    session = GameSession(GameConfig(seed=3, agora=False, seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
    while session.state.phase == "draft" or not session.human_to_act:
        session.apply(session.state.legal_actions()[0])
    scene = GameScene(session)
    app.push(scene)
    run(app)
    while app.top is not scene:
        app.pop()
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    scene.handle_event(key)
    assert started == [] and session.saved.hints == 0
    monkeypatch.setattr(SETTINGS, "hints", True)
    scene.handle_event(key)
    assert started == ["hint"] and session.saved.hints == 1
    assert scene.hint().open
    scene.handle_event(key)                          # the same key closes it
    assert not scene.hint().open
