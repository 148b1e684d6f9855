"""Tooltips (issue #14, item 5): gone when their card moves or the position changes, and
never over the log or the Senate while the opponent plays."""
import pygame
import pytest

from crowded import crowded_session
from ui.text import i18n
from ui.files import saves, storage
from ui.shell.app import App
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table import geometry as G
from ui.table.session import CURRENT, GameSession
from ui.table.tooltip import covered_note, place


@pytest.fixture
def table(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    i18n.set_language("en")
    app = App((1280, 720), home=MenuScene)
    scene = GameScene(crowded_session())
    app.push(scene)
    steps(app, 3)
    yield app, scene
    app.close()
    saves.flush()
    SETTINGS.animation_speed = speed
    storage.use(previous)
    CURRENT["session"] = None


def steps(app, n=2):
    for _ in range(n):
        app.step(1 / 60)


def hover(app, scene, hit, frames=30):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hit.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    steps(app, frames)


def test_the_tooltip_goes_when_its_card_is_taken(table):
    app, scene = table
    s = scene.state
    slot = s.accessible[0]
    hit = next(h for h in scene.view.hits_of("slot") if h.data == slot)
    hover(app, scene, hit)
    assert scene.tip_rect is not None and scene.hover.data == slot
    name = s.rules.cards[s.structure[slot]].name
    action = next(a for a in s.legal_actions() if a.kind == "discard" and a.subject == name)
    scene.session.apply(action)
    steps(app, 1)
    # The card is gone from under the pointer: its tooltip is not drawn a frame longer.
    assert scene.tip_rect is None
    assert scene.hover is None or scene.hover.name != name


def test_the_tooltip_goes_when_the_position_changes_under_a_still_pointer(table):
    app, scene = table
    hit = next(h for h in scene.view.hits_of("city"))
    hover(app, scene, hit)
    assert scene.tip_rect is not None
    s = scene.state
    scene.session.apply(next(a for a in s.legal_actions() if a.kind == "discard"))
    steps(app, 1)
    assert scene.tip_rect is None                   # shown again only after the usual delay
    steps(app, 30)
    assert scene.tip_rect is not None               # the pointer still rests on a city card


def test_during_the_opponents_turn_tooltips_keep_off_the_log_and_the_senate(table, monkeypatch):
    app, scene = table
    monkeypatch.setattr(GameSession, "human_to_act", property(lambda self: False))
    L = scene.layout
    zones = [L.rect(*G.log_rect(True)), L.rect(*G.senate_rect(True))]
    kinds = ("wonder", "conspiracy", "slot", "progress", "chamber", "decree")
    checked = 0
    for hit in [h for h in scene.view.hits if h.kind in kinds]:
        hover(app, scene, hit, frames=20)
        if scene.tip_rect is None:
            continue
        checked += 1
        assert not any(scene.tip_rect.colliderect(z) for z in zones), (hit.kind, hit.name, scene.tip_rect)
    assert checked >= 8


def test_on_your_turn_the_tooltip_may_sit_by_the_pointer_anywhere(table):
    app, scene = table
    wonder = [h for h in scene.view.hits_of("wonder")][-1]          # right end of a band
    hover(app, scene, wonder)
    assert scene.tip_rect is not None


def test_placement_keeps_clear_of_areas_and_of_the_focused_card():
    screen = pygame.Rect(0, 0, 1280, 720)
    zone = pygame.Rect(820, 180, 460, 360)
    r = place((300, 200), screen, 8, mouse=(800, 200), avoid=[zone])
    assert screen.contains(r) and not r.colliderect(zone)
    card = pygame.Rect(600, 20, 60, 90)
    r = place((300, 200), screen, 8, anchor=card)
    assert screen.contains(r) and not r.colliderect(card)
    # Nothing fits elsewhere: left of the area.
    r = place((300, 700), screen, 8, mouse=(1000, 300), avoid=[pygame.Rect(900, 0, 380, 720)])
    assert r.right <= 900 - 8


def test_a_click_on_a_covered_card_says_why(table):
    app, scene = table
    s = scene.state
    covered = next((h for h in scene.view.hits_of("slot") if h.data not in s.accessible), None)
    if covered is None:
        pytest.skip("no covered card left in this position")
    scene.click(covered.rect.center)
    steps(app, 1)
    note = covered_note(s, covered.data)
    assert note and scene._status_text() == note
    assert "Covered by" in note
