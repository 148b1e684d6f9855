"""Procedural card art (ui/cardart): sizes, distinctness, caching, data-driven effects."""
import pygame
import pytest

from game.data import Effect
from game.rules import Component, rules_for
from ui.text import i18n
from ui.cardart import BACKS, CARD_RATIO, DECREE_RATIO, WONDER_RATIO, Art
from ui.cardart.icons import ALL_PUBLIC
from ui.cardart.senate import decrees_from_state, draw_senate_board
from ui.cardart.track import draw_military_track

SIZES = (64, 123)


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    i18n.set_language("en")
    yield Art(rules_for(True))


def digest(surface):
    return hash(pygame.image.tobytes(surface, "RGBA"))


def test_every_card_renders_at_two_sizes(art):
    for card in art.rules.cards:
        for w in SIZES:
            s = art.card(card.name, w)
            assert s.get_size() == (w, round(w * CARD_RATIO)), card.name


def test_backs_wonders_tokens_decrees_conspiracies(art):
    r = art.rules
    for w in SIZES:
        for back in BACKS:
            assert art.card_back(back, w).get_size() == (w, round(w * CARD_RATIO))
        for wonder in r.wonders:
            assert art.wonder(wonder.name, w * 2).get_size() == (w * 2, round(w * 2 * WONDER_RATIO))
        for p in r.progress:
            assert art.progress(p.name, w).get_size() == (w, w)
        for t in r.db.military_tokens:
            assert art.military_token(t.name, w).get_size() == (w, w)
        for d in [d.name for d in r.decrees] + [None]:
            assert art.decree(d, w).get_size() == (w, round(w * DECREE_RATIO))
        for c in [c.name for c in r.conspiracies] + [None]:
            assert art.conspiracy(c, w).get_size() == (w, round(w * CARD_RATIO))


def test_icons_and_coin_labels(art):
    for kind in ALL_PUBLIC:
        for s in (16, 40):
            assert art.icon(kind, s).get_size() == (s, s), kind
    assert art.coin_label(3, 30).get_size() == (30, 30)
    assert digest(art.coin_label(3, 30)) != digest(art.coin_label(4, 30))


def test_distinct_components_look_different(art):
    r = art.rules
    buildings = [c for c in r.cards if not c.senator]
    assert len({digest(art.card(c.name, 100)) for c in buildings}) == len(buildings)
    # Senators of the same kind and section are the same card (only their data names differ)
    kinds = {(c.senator, c.section) for c in r.cards if c.senator}
    assert len({digest(art.card(c.name, 100)) for c in r.cards if c.senator}) == len(kinds)
    for group, draw in ( (r.wonders, lambda n, w: art.wonder(n, 2 * w)),
                        (r.progress, art.progress), (r.decrees, art.decree), (r.conspiracies, art.conspiracy)):
        faces = {digest(draw(c.name, 100)) for c in group}
        assert len(faces) == len(group)
    backs = {digest(art.card_back(b, 80)) for b in BACKS}
    assert len(backs) == len(BACKS)
    icons = {digest(art.icon(k, 32)) for k in ALL_PUBLIC}
    assert len(icons) == len(ALL_PUBLIC)


def test_results_are_cached_per_size_and_language(art):
    a = art.card("Baths", 100)
    assert art.card("Baths", 100) is a
    assert art.card("Baths", 101) is not a
    assert art.icon("wood", 20) is art.icon("wood", 20)
    i18n.set_language("ko")
    try:
        assert art.card("Baths", 100) is not a
    finally:
        i18n.set_language("en")
    assert art.card("Baths", 100) is a
    art.clear_cache()
    assert art.card("Baths", 100) is not a


def test_made_up_card_of_existing_effect_kinds_renders(art):
    class Defn:
        name = "Test Harbour"
        effects = (Effect("produce_choice", ("glass", "papyrus")), Effect("coins_per", {"count": ["red"], "each": 2}),
                   Effect("shields", 2), Effect("points", 2))

    comp = Component(999, Defn, Defn.effects, age=2, color="yellow", coin_cost=2,
                     resources=(1, 0, 0, 1, 0), chain_in="moon", chain_out="barrel")
    s = art.card(comp, 110)
    assert s.get_size() == (110, round(110 * CARD_RATIO))
    assert art.card("Test Harbour", 110) is s       # now known by name
    assert digest(s) != digest(art.card("Forum", 110))
    # a Component without a data definition renders from its compiled facts
    bare = Component(998, type("D", (), {"name": "Bare"}), (Effect("points", 4), Effect("science", "wheel")),
                     color="green")
    assert art.card(bare, 90).get_size() == (90, round(90 * CARD_RATIO))
    # and an unknown effect kind never crashes
    odd = Component(997, type("D", (), {"name": "Odd", "effects": (Effect("teleport", 1),)}), (), color="blue")
    assert art.card(odd, 90).get_size() == (90, round(90 * CARD_RATIO))


def test_boards_return_hit_rects():
    from game import new_game
    state = new_game(seed=4)
    pygame.display.init()
    art = Art.for_state(state)
    surf = pygame.Surface((900, 260), pygame.SRCALPHA)
    rects = draw_senate_board(art, surf, surf.get_rect(), state.rules.chambers, state.cubes, state.control,
                              decrees_from_state(state), (6, 6), highlight={0, "Chamber 4"})
    for ch in state.rules.chambers:
        assert surf.get_rect().contains(rects[ch.name])
    assert "Chamber 1/decree/0" in rects and "supply/1" in rects
    track = pygame.Surface((1000, 90), pygame.SRCALPHA)
    rects = draw_military_track(art, track, track.get_rect(), state.pawn, state.military_tokens)
    assert len([k for k in rects if k.startswith("space/")]) == 19
    assert rects["space/-9"].x < rects["space/9"].x
    assert "pawn" in rects and "capital/0" in rects
    for tid in state.military_tokens:
        assert state.rules.military_tokens[tid].name in rects
