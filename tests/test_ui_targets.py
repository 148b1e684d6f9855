"""Choosing on the table itself: highlighted targets, the prompt bar, the card's popup, tooltips."""
import random

import pygame
import pytest

from game import new_game
from ui.scenes.card_actions import CardActionDialog
from ui.scenes.game import GameScene
from ui.table.choice_tips import action_lines, chamber_lines
from ui.scenes.prompt import TablePrompt
from ui.table.session import GameConfig, GameSession, SeatSetup
from ui.table.targets import hit_key
from ui.table.tooltip import lines_for

TABLE_KINDS = {"senate", "conspirator", "progress", "destroy", "place", "remove", "may_move", "top_row", "scrap",
               "extort", "sabotage", "foreclose", "coerce", "move_decree", "trigger_unprepared", "lock"}
PANEL_KINDS = {"library", "keep", "return", "start", "mausoleum", "treason", "espionage"}


@pytest.fixture
def app(app, settings_kept):
    """The shared App (tests/conftest.py), animations instant."""
    settings_kept.animation_speed = "instant"      # a click's effect is on the table at once
    return app


def _positions(seeds, wanted):
    """The first position of each wanted decision kind met in random games (seat to act: a human)."""
    found = {}
    for seed in seeds:
        state = new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.decision in wanted and state.decision not in found:
                found[state.decision] = (seed, state.clone())
            state.apply(rng.choice(state.legal_actions()))
        if len(found) == len(wanted):
            break
    return found


def _curia_julia():
    """Curia Julia just built with an unprepared Conspiracy owned: trigger it (or none), on the table."""
    from positions import act, conspiracy, give, position, wonders
    s = position(agora=True, seed=0, player=0, coins=20)
    give(s, 0, "Lumber Yard", "Clay Pool", "Quarry", "Glassworks", "Press")
    wonders(s, 0, "Curia Julia")
    conspiracy(s, 0, "Embezzlement")
    act(s, f"wonder Curia Julia with {s.rules.cards[s.accessible_cards()[0]].name}")
    assert s.decision == "trigger_unprepared"
    return 0, s


POSITIONS = _positions(range(80), TABLE_KINDS | PANEL_KINDS)
POSITIONS.setdefault("trigger_unprepared", _curia_julia())


def hot_seat_session(seed, state):
    """A two-people Agora session at (a copy of) `state`, handed over to the seat to move."""
    session = GameSession(GameConfig(seed=seed, agora=True, first="me",
                                     seats=[SeatSetup("human"), SeatSetup("human")]))
    session.state = state.clone()
    session.hand_over()
    return session


def _open(app, seed, state):
    session = hot_seat_session(seed, state)
    game = GameScene(session)
    app.push(game)
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.top, TablePrompt), type(app.top).__name__
    return session, game, app.top


def _click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(1 / 60)


def _key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def test_the_kinds_met_cover_the_table_and_the_panel():
    assert {"senate", "progress", "destroy", "conspirator", "place", "remove"} <= set(POSITIONS)
    assert {"library", "keep", "return", "start"} <= set(POSITIONS)


@pytest.mark.parametrize("kind", sorted(TABLE_KINDS | PANEL_KINDS))
def test_every_legal_action_is_offered_once_highlighted_and_played_by_its_click(app, kind):
    if kind not in POSITIONS:
        pytest.skip(f"no '{kind}' decision in the sampled games")
    seed, state = POSITIONS[kind]
    session, game, prompt = _open(app, seed, state)
    p = prompt.plan()
    offered = [c.action for c in p.table] + p.panel + p.declines
    assert sorted(map(str, offered)) == sorted(map(str, state.legal_actions()))
    if kind in TABLE_KINDS - {"lock"}:
        assert p.table, f"{kind}: its choices are things on the table"
    highlighted = {hit_key(h) for h in prompt.table_targets()}
    assert highlighted == {hit_key(c.first) for c in p.table}
    for c in p.table:                       # each target is the drawn thing the action names
        assert game.view.hit_at(c.first.rect.center) is not None
    if kind in ("library", "keep", "return", "start"):
        assert prompt.items and all(prompt.rect.contains(i.rect) for i in prompt.items)
    # A click on a target (or an item) plays exactly that action.
    choices = [c.action for c in p.table] + p.panel
    action = choices[-1]                     # the last one: not simply the first thing drawn
    before = len(session.state.history)
    for _ in range(3):                       # a move or a swap: origin, then destination
        if len(session.state.history) > before:
            break
        target = prompt.target_for(action)
        assert target is not None
        _click(app, target)
    assert session.state.history[before:] == [action]


def test_a_click_beside_the_targets_changes_nothing(app):
    seed, state = POSITIONS["senate"]
    session, game, prompt = _open(app, seed, state)
    before = len(session.state.history)
    targets = {hit_key(h) for h in prompt.table_targets()}
    for kind in ("progress", "track", "city", "slot"):       # things on the table that are not targets
        hit = next((h for h in game.view.hits_of(kind) if hit_key(h) not in targets), None)
        if hit is not None:
            _click(app, hit.rect.center)
    _click(app, (prompt.rect.centerx, prompt.rect.top + 4))  # the bar's title
    assert len(session.state.history) == before
    assert app.top is prompt


def test_a_move_is_origin_then_destination_and_back_cancels(app):
    seed, state = next(((s, st) for s, st in _moves()), (None, None))
    if state is None:
        pytest.skip("no Senate move met")
    session, game, prompt = _open(app, seed, state)
    move = next(a for a in session.state.legal_actions() if a.kind == "move")
    choice = next(c for c in prompt.plan().table if c.action == move)
    _click(app, choice.first.rect.center)
    if session.state.history and session.state.history[-1] == move:
        pytest.fail("one click must not move")
    assert prompt.source is not None and hit_key(prompt.source) == hit_key(choice.first)
    assert hit_key(choice.second) in {hit_key(h) for h in prompt.table_targets()}
    _click(app, choice.first.rect.center, button=3)           # right click: back
    assert prompt.source is None
    before = len(session.state.history)
    _click(app, choice.first.rect.center)
    _click(app, choice.second.rect.center)
    assert session.state.history[before:] == [move]


def _moves():
    for seed in range(60):
        state = new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.decision in ("senate", "may_move") and any(a.kind == "move" for a in state.legal_actions()):
                yield seed, state.clone()
                return
            state.apply(rng.choice(state.legal_actions()))


def test_keys_pick_targets_and_escape_declines(app):
    seed, state = POSITIONS["senate"]
    session, game, prompt = _open(app, seed, state)
    _key(app, pygame.K_TAB)
    assert game.hover is not None and hit_key(game.hover) == hit_key(prompt.table_targets()[0])
    assert game.tip_anchor is not None                         # its tooltip shows beside it
    first = prompt.table_targets()[0]
    direct = prompt.plan().direct(first)
    before = len(session.state.history)
    _key(app, pygame.K_1)
    if direct is not None and not prompt.plan().has_moves_from(first):
        assert session.state.history[before:] == [direct]
    # A fresh Senate decision: Esc stops.
    app.reset()
    session, game, prompt = _open(app, seed, state)
    _key(app, pygame.K_ESCAPE)
    assert session.state.history[-1].kind == "stop"


def test_card_popup_shows_every_action_on_one_view(app):
    state = new_game(3)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    rules = state.rules
    state.conspiracies[seat] = [(0, 0, -1), (1, 0, -1)]        # two unprepared Conspiracies
    session = GameSession(GameConfig(seed=3, agora=True, first="me", seats=[SeatSetup("human"), SeatSetup("human")]))
    session.state = state
    session.hand_over()
    game = GameScene(session)
    app.push(game)
    app.step(1 / 60)
    slot = sorted(state.accessible)[0]
    hit = next(h for h in game.view.hits_of("slot") if h.data == slot)
    _click(app, hit.rect.center)
    popup = app.top
    assert isinstance(popup, CardActionDialog)
    screen = pygame.Rect((0, 0), app.layout.size)
    assert screen.contains(popup.rect)
    assert not popup.rect.colliderect(hit.rect)                 # beside the card, not over it
    kinds = [o.action.kind for o in popup.options if o.action is not None]
    assert kinds[0] in ("build", "recruit") and kinds[1] == "discard"
    assert "+" in popup.options[1].label
    wonders = [o for o in popup.options if o.action is not None and o.action.kind == "wonder"]
    assert {o.action.subject for o in wonders} == {rules.wonders[w].name for w in state.unbuilt_wonders(seat)}
    assert all(o.detail for o in wonders)                        # each with its price
    prepares = [o for o in popup.options if o.action is not None and o.action.kind == "prepare"]
    assert {o.action.subject for o in prepares} == {rules.conspiracies[0].name, rules.conspiracies[1].name}
    rects = [o.rect for o in popup.options]
    assert all(popup.rect.contains(r) for r in rects)           # one view: nothing on a second page
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    # Hovering a Wonder row shows the same price breakdown as the Wonder on the table.
    row = wonders[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(20):
        app.step(1 / 60)
    assert popup._tip is not None
    before = len(session.state.history)
    _key(app, pygame.K_2)
    assert session.state.history[before:] == [popup.options[1].action]


def test_tooltips_for_everything_a_decision_offers(app):
    seed, state = POSITIONS["library"]
    session, game, prompt = _open(app, seed, state)
    for item in prompt.items:                                  # The Great Library's offer
        lines = action_lines(session.state, session, item.action, item.label)
        assert lines[0][1] == "title" and any(style == "body" for _, style in lines)
    rules = session.state.rules
    kinds = {}
    for hit in game.view.hits:
        kinds.setdefault(hit.kind, hit)
    for kind in ("progress", "wonder", "track", "decree", "chamber"):
        assert kind in kinds and lines_for(kinds[kind], session.state, session), kind
    if "conspiracy" in kinds:
        assert lines_for(kinds["conspiracy"], session.state, session)
    # Hovering an offered token shows its tooltip (a picture and its text) above the bar.
    item = prompt.items[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=item.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(20):
        app.step(1 / 60)
    assert prompt.hover_item is item and prompt._tip is not None
    chamber = chamber_lines(session.state, session, 0)
    text = " ".join(line for line, _ in chamber)
    assert str(rules.chambers[0].points) in text and "Decree" in text


def test_a_click_on_a_decree_tile_picks_its_chamber(app):
    seed, state = POSITIONS["senate"]
    session, game, prompt = _open(app, seed, state)
    chamber = next(h for h in prompt.table_targets() if h.kind == "chamber" and prompt.plan().direct(h) is not None
                   and not prompt.plan().has_moves_from(h))
    tile = next(h for h in game.view.hits_of("decree") if h.data[0] == chamber.data)
    assert game.view.hit_at(tile.rect.center).kind == "decree"       # the tile is what lies under the pointer
    expected = prompt.plan().direct(chamber)
    before = len(session.state.history)
    _click(app, tile.rect.center)
    assert session.state.history[before:] == [expected]
