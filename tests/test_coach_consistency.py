"""The coach agrees with itself: the hint's list reads from the highest chance down, its
button is never shown dead, the analysis says one figure per move wherever it shows it,
and a move is explained only by reasons it can bring about."""
import random
import re

import pygame
import pytest

from game import new_game
from game.ai import make_player
from game.ai.heuristic import Lookahead
from game.ai.mcts import SearchPlayer
from game.analysis import REASON_MOVES, analyse, applicable, move_reasons, think
from game.savegame import SavedGame
from ui.scenes import charts
from ui.text import i18n
from ui.scenes.analysis import AnalysisScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table import hint as hint_module
from ui.table.session import GameConfig, GameSession, SeatSetup

ITERATIONS = 20


def _positions(seed, agora, every=5, limit=None):
    """Positions with a real choice along a game of two `one-ply` players."""
    s = new_game(seed, agora=agora, first_player=0)
    bots = [make_player("one-ply", seed), make_player("one-ply", seed + 1)]
    k = found = 0
    while not s.is_terminal and (limit is None or found < limit):
        legal = s.legal_actions()
        if len(legal) > 1 and k % every == 0:
            found += 1
            yield s.clone()
        s.apply(bots[s.current_player].choose(s.observation(s.current_player), legal))
        k += 1


# --- the hint's list -------------------------------------------------------------------------

@pytest.mark.parametrize("seed, agora", [(1, True), (2, False)])
def test_hint_candidates_are_listed_from_the_highest_chance_down(seed, agora):
    looked = 0
    for n, s in enumerate(_positions(seed, agora, limit=14)):
        hint = think(s, iterations=ITERATIONS, seed=n)
        chances = [c.chance for c in hint.candidates]
        assert chances == sorted(chances, reverse=True), (str(s.decision), [c.action for c in hint.candidates],
                                                          chances)
        assert hint.chance == chances[0]
        if n % 4 == 0:       # still the move `hard` plays, first
            seat = s.current_player
            expected = SearchPlayer(seed=n, iterations=ITERATIONS).choose(s.observation(seat), s.legal_actions())
            assert hint.best == str(expected)
        looked += 1
    assert looked >= 10


# --- the hint's button ------------------------------------------------------------------------

class FakeJob:
    started = []

    def __init__(self, task, *args):
        FakeJob.started.append(task)
        self.result, self.error = None, None

    def poll(self):
        return False

    def cancel(self):
        pass


def _session_at(decision, agora=True):
    """A game against the computer where the person has decision `decision` to make."""
    for seed in range(40):
        session = GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
        rng = random.Random(seed)
        for _ in range(400):
            s = session.state
            if s.is_terminal:
                break
            if s.decision == decision and session.human_to_act:
                return session
            session.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no game reached a '{decision}' decision of the person")


def _button_pixels(app, hints_on):
    """The screen where the Hint button goes, once the overlays have faded in."""
    SETTINGS.hints = hints_on
    for _ in range(30):
        app.step(1 / 60)
    rect = app.layout.rect(*hint_module.BUTTON)
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


@pytest.mark.parametrize("decision", ["draft", "senate"])
def test_hint_button_is_hidden_or_works_above_the_table(app, monkeypatch, decision):
    """Under the Wonder draft and a decision's prompt the button is either not drawn, or a
    click on it asks for the hint: never drawn and dead."""
    from ui.scenes.game import GameScene
    import ui.table.jobs
    monkeypatch.setattr(ui.table.jobs, "Job", FakeJob)
    monkeypatch.setattr(SETTINGS, "hints", False)
    monkeypatch.setattr(SETTINGS, "animation_speed", "instant")
    FakeJob.started = []
    session = _session_at(decision)
    scene = GameScene(session)
    app.push(scene)
    app.step(1 / 60)
    assert app.top is not scene                       # the draft overlay or the prompt is on top
    without = _button_pixels(app, False)
    shown = _button_pixels(app, True) != without
    if shown:
        centre = app.layout.rect(*hint_module.BUTTON).center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=centre, button=1))
        app.step(1 / 60)
        assert FakeJob.started == ["hint"], "the Hint button is drawn but a click on it does nothing"
    else:
        assert not scene.hint().available()


def test_hint_button_still_works_at_the_card_turn(app, monkeypatch):
    from ui.scenes.game import GameScene
    import ui.table.jobs
    monkeypatch.setattr(ui.table.jobs, "Job", FakeJob)
    monkeypatch.setattr(SETTINGS, "animation_speed", "instant")
    monkeypatch.setattr(SETTINGS, "hints", False)
    FakeJob.started = []
    session = _session_at("turn")
    scene = GameScene(session)
    app.push(scene)
    app.step(1 / 60)
    while app.top is not scene:
        app.pop()
    without = _button_pixels(app, False)
    assert _button_pixels(app, True) != without
    centre = scene.layout.rect(*hint_module.BUTTON).center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=centre, button=1))
    app.step(1 / 60)
    assert FakeJob.started == ["hint"] and scene.hint().open


# --- the analysis: one figure per move ----------------------------------------------------------

@pytest.fixture(scope="module")
def analysed():
    """The first 30 decisions of a game against the computer, analysed for real."""
    s = new_game(4, agora=True, first_player=0)
    bots = [make_player("one-ply", 4), make_player("one-ply", 5)]
    saved = SavedGame(seed=4, agora=True, first_player=0, created=4242.0,
                      players=[{"name": "", "kind": "human"}, {"name": "", "kind": "ai", "ai": "hard"}])
    while len(saved.actions) < 30:
        p = s.current_player
        a = bots[p].choose(s.observation(p), s.legal_actions())
        s.apply(a)
        saved.record(s, a)
    return saved, analyse(saved, iterations=10).to_dict()


PCT = re.compile(r"(\d+)%")


def _drawn(monkeypatch, scene, app):
    """Every string the analysis screen draws, and the chart's point label."""
    import ui.scenes.analysis as screen
    seen, labels = [], []
    real_text, real_label = screen.text, charts._point_label

    def text(surface, L, s, *args, **kwargs):
        seen.append(s)
        return real_text(surface, L, s, *args, **kwargs)

    def label(surface, L, plot, point, s):
        labels.append((s, point, plot))
        return real_label(surface, L, plot, point, s)

    monkeypatch.setattr(screen, "text", text)
    monkeypatch.setattr(charts, "_point_label", label)
    app.step(1 / 60)
    monkeypatch.setattr(screen, "text", real_text)
    monkeypatch.setattr(charts, "_point_label", real_label)
    return seen, labels


def test_analysis_header_detail_line_and_chart_show_the_same_figure(app, monkeypatch, analysed):
    saved, result = analysed
    app.push(MenuScene())
    scene = AnalysisScene(saved, result=result)
    app.push(scene)
    app.step(1 / 60)
    t = i18n.t
    played_marker = t("insight.analysis.played_chance", pct=0).split("0")[0]
    preferred_marker = t("insight.analysis.preferred", move="\0", pct=0).split("\0")[0]
    disagreed = agreed = 0
    for i in range(len(result["series"])):
        scene.select(i)
        seen, labels = _drawn(monkeypatch, scene, app)
        head = t("insight.analysis.point", n=i + 1, who=scene._who(result["movers"][i]))
        assert head in seen
        change = seen[seen.index(head) + 1]                  # drawn right after the header
        before, after = map(int, PCT.findall(change))
        # the chart: the point of decision i stands at `after`, and its label says so
        (label, point, plot), = labels
        assert label == f"{after}%"
        assert abs(100 * charts.point_value(plot, point) - after) <= 1
        assert abs(100 * charts.point_value(plot, scene.points[i]) - after) <= 1
        if i > 0:
            assert abs(100 * charts.point_value(plot, scene.points[i - 1]) - before) <= 1
        # the detail line: the move played at `after`, the search's preference at `before`
        line = next((s for s in seen if s.startswith(preferred_marker)), None)
        if line is not None:
            search_part, played_part = line.split(played_marker)
            preferred = int(PCT.findall(search_part)[-1])
            played = int(PCT.findall(played_part)[0])
            assert (preferred, played) == (before, after), (i, line, change)
            disagreed += 1
            note = scene.note(i)
            assert f"({after}%)" in note and f"({before}%)" in note
        elif result["preferred"][i] is not None:
            agreed += 1
            assert f"({after}%)" in scene.note(i)
            # "the drop comes from what the opponent can now do" only where the chart drops
            assert (t("insight.analysis.agreed") in seen) == (after < before), (i, before, after)
    assert disagreed >= 3 and agreed >= 3
    # the turning points list says the same figures as the chart
    seen, _ = _drawn(monkeypatch, scene, app)
    for p in result["turning_points"]:
        k = p["decision"]
        assert t("insight.analysis.change", before=round(100 * scene.before(k)),
                 after=round(100 * scene.after(k))) in seen


# --- reasons that fit their moves ----------------------------------------------------------------

# What a move of each kind may be explained by, read from the rules: a discard brings coins
# and takes a card the opponent may want, never a Wonder's progress, points or science.
SPEC = {
    "discard": {"wins", "blocks", "forced", "denies", "coins"},
    "place": {"wins", "blocks", "forced", "senate", "military"},
    "remove": {"wins", "blocks", "forced", "senate", "military"},
    "move": {"wins", "blocks", "forced", "senate", "military"},
    "decline": {"wins", "blocks", "forced"},
    "stop": {"wins", "blocks", "forced"},
    "start": {"wins", "blocks", "forced"},
    "prepare": {"wins", "blocks", "forced", "denies", "conspiracies"},
    "conspire": {"wins", "blocks", "forced", "conspiracies"},
}


def test_every_reason_code_says_which_moves_it_explains():
    from game.analysis import REASON_TERMS
    from ui.text.insight_text import reason_text
    assert set(REASON_TERMS) <= set(REASON_MOVES)
    assert not applicable("wonders", "discard") and applicable("wonders", "wonder")
    for lang in ("en", "ko"):
        i18n.set_language(lang)
        for code in REASON_MOVES:
            assert "insight.reason" not in reason_text(code)
    i18n.set_language("en")


@pytest.mark.parametrize("agora", [False, True], ids=["base", "agora"])
def test_reasons_fit_the_move_they_explain(agora):
    """Every reason given to a legal move, over many positions, is one its kind can bring
    about: in particular a discard is never 'progress on the Wonders'."""
    given = {}
    for seed in range(5):
        s = new_game(seed, agora=agora)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            if len(legal) > 1 and k % 3 == 0 and s.decision != "draft":
                seat = s.current_player
                scored = Lookahead(s, seat, frozenset()).score_all()
                after = {a: c for _, a, c in scored}
                for _, a, c in scored:
                    for code, _ in move_reasons(s, seat, a, c, frozenset(), after):
                        given.setdefault(a.kind, set()).add(code)
                        assert applicable(code, a.kind), (a.kind, code)
                        if a.kind in SPEC:
                            assert code in SPEC[a.kind], f"'{a}' explained by '{code}'"
            s.apply(rng.choice(legal))
            k += 1
    assert "coins" in given.get("discard", set())          # the check saw discards with reasons
