"""Card names at 1280x720 break only between words (issue #33, item 8): every card, Senator
and Wonder name, in English and Korean, on the table's labels over small cards and on the
faces of the tooltip pictures, is set in whole words (no word split over two lines, no hyphen
added, nothing cut with "…"), no smaller than fonts.MIN_PX, and inside its box."""
import pygame
import pytest

from game.rules import rules_for
from ui.draw import fonts
from ui.text import i18n
from ui.cardart import Art
from ui.cardart import cards as card_art
from ui.cardart import wonders as wonder_art
from ui.draw.layout import Layout
from ui.text.names import display_name
from ui.table import geometry as G
from ui.table import paint

SMALL = Layout((1280, 720))
RULES = rules_for(True)
CARDS = [c.name for c in RULES.cards]              # Age cards, Guilds and Senators
WONDERS = [w.name for w in RULES.wonders]


@pytest.fixture(autouse=True)
def screen():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield
    fonts.RENDER_HOOK = None
    paint.BOX_HOOK = None
    i18n.set_language("en")


def drawn_lines(draw) -> list[str]:
    """Every string set while `draw()` runs."""
    seen: list[str] = []
    fonts.clear_caches()
    fonts.RENDER_HOOK = seen.append
    try:
        draw()
    finally:
        fonts.RENDER_HOOK = None
    return seen


def set_in_whole_words(lines: list[str], name: str) -> bool:
    """Do some consecutive drawn lines spell the name, each holding whole words?"""
    want = name.split()
    for start in range(len(lines)):
        words: list[str] = []
        for line in lines[start:]:
            words.extend(line.split())
            if words == want:
                return True
            if words != want[:len(words)]:
                break
    return False


def label_boxes(name: str, card: pygame.Rect, band) -> list[tuple[str, pygame.Rect, int]]:
    """The lines of the table's name label over `card` on a 1280x720 window: (text, rect, px)."""
    boxes = []
    surface = pygame.Surface(SMALL.size, pygame.SRCALPHA)
    paint.BOX_HOOK = lambda value, rect, px: boxes.append((value, rect, px))
    try:
        paint.name_label(surface, SMALL, card, name, band)
    finally:
        paint.BOX_HOOK = None
    return boxes


def table_cards():
    """(kind, pixel width) of the pieces the table labels at 1280x720."""
    city = SMALL.px(G.CITY_CARD_W)
    struct = SMALL.px(G.STRUCT_CARD_W)
    wonder = SMALL.rect(*G.bands(0)[0].wonder_slot(0)).w
    return city, struct, wonder


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_table_labels_break_names_only_between_words_and_fit_the_card(lang):
    i18n.set_language(lang)
    city, struct, wonder = table_cards()
    assert not card_art.name_on_face(city) and not card_art.name_on_face(struct)   # the table labels them
    checks = [(n, w, card_art.name_band(w)) for n in CARDS for w in (city, struct)]
    if not wonder_art.name_on_face(wonder):
        checks += [(n, wonder, wonder_art.name_band(wonder)) for n in WONDERS]
    bad = []
    for comp, width, band in checks:
        name = display_name(comp)
        card = pygame.Rect(400, 300, width, round(width * 1.55))
        boxes = label_boxes(name, card, band)
        lines = [value for value, _, _ in boxes]
        if [" ".join(lines).split()] != [name.split()] or any(value.endswith(("-", "…")) for value in lines):
            bad.append((name, width, lines))
            continue
        for value, rect, px in boxes:
            if px < fonts.MIN_PX or rect.w > width - 4 or not card.contains(rect):
                bad.append((name, width, value, rect, px))
    assert not bad, f"{len(bad)} names set badly: {bad[:12]}"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_long_names_are_condensed_rather_than_split(lang):
    """The words too wide for a city card at MIN_PX are the test's point: they stay whole."""
    i18n.set_language(lang)
    city = table_cards()[0]
    font = fonts.get_font(fonts.MIN_PX, True)
    wide = [display_name(n) for n in CARDS if any(font.size(w)[0] > city - 4 for w in display_name(n).split())]
    if lang == "en":
        assert {"Fortifications", "Moneylenders Guild", "Conspirator"} <= set(wide)
    for name in wide:
        card = pygame.Rect(0, 0, city, round(city * 1.55))
        lines = [value for value, _, _ in label_boxes(name, card, card_art.name_band(city))]
        assert lines and set_in_whole_words(lines, name), (name, lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_tooltip_pictures_carry_whole_names(lang):
    """The card and Wonder pictures of a tooltip at 1280x720 are large enough to carry their
    name on the face: it is there whole, in words."""
    i18n.set_language(lang)
    card_w = SMALL.px(130)
    wonder_w = SMALL.px(200)
    assert card_art.name_on_face(card_w) and wonder_art.name_on_face(wonder_w)
    art = Art(RULES)
    bad = []
    for comp in CARDS:
        lines = drawn_lines(lambda: art.card(comp, card_w))
        if not set_in_whole_words(lines, display_name(comp)):
            bad.append((display_name(comp), [line for line in lines if not line.strip().isdigit()]))
    for comp in WONDERS:
        lines = drawn_lines(lambda: art.wonder(comp, wonder_w))
        if not set_in_whole_words(lines, display_name(comp)):
            bad.append((display_name(comp), lines))
    assert not bad, f"{len(bad)} faces without their whole name: {bad[:10]}"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_face_names_stay_inside_the_ribbon(lang, monkeypatch):
    """A name on a card face is no wider than its ribbon, whatever its longest word."""
    from ui.cardart import names_fit
    i18n.set_language(lang)
    made = []
    real = names_fit.fitted_name

    def spy(name, max_w, *args, **kwargs):
        img = real(name, max_w, *args, **kwargs)
        made.append((name, max_w, img.get_width()))
        return img
    monkeypatch.setattr(card_art, "fitted_name", spy)
    art = Art(RULES)
    for comp in CARDS:
        art.card(comp, SMALL.px(130))
    assert len(made) == len(CARDS)
    assert all(width <= room for _, room, width in made), [m for m in made if m[2] > m[1]]
