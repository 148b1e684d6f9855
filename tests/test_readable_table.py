"""The table is readable at 1280x720 (issue #14, item 4): in a crowded late-Age-III Agora
position no text is set below fonts.MIN_PX (11 px) — table labels, card faces, badges,
Conspiracies, the Senate, the status — and no two lines of the table's text overlap."""
import pygame
import pytest

from crowded import crowded_session
from ui.draw import fonts
from ui.text import i18n
from ui.files import saves, storage
from ui.shell.app import App
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS
from ui.table import paint
from ui.table.session import CURRENT


def render_table(size, lang="en", show_opp=False):
    """Draw the crowded table at `size`; returns (every (text, px) set, the table's text boxes
    of the last frame, the screen)."""
    sizes, boxes = [], []
    fonts.clear_caches()                      # cached pictures would hide what they contain
    fonts.SIZE_HOOK = lambda value, px: sizes.append((value, px))
    paint.BOX_HOOK = lambda value, rect, px: boxes.append((value, rect, px))
    i18n.set_language(lang)
    kept = SETTINGS.show_opponent_prices
    SETTINGS.show_opponent_prices = show_opp
    app = App(size, home=MenuScene)
    try:
        session = crowded_session()
        app.push(GameScene(session))
        for _ in range(3):
            app.step(1 / 60)
        scene = app.top
        scene.view.invalidate()                 # the last frame draws the whole table again
        boxes.clear()
        app.step(1 / 60)
        return sizes, boxes, app.screen.copy()
    finally:
        fonts.SIZE_HOOK = None
        paint.BOX_HOOK = None
        SETTINGS.show_opponent_prices = kept
        app.close()
        i18n.set_language("en")


@pytest.fixture(autouse=True)
def data(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    yield
    saves.flush()
    storage.use(previous)
    CURRENT["session"] = None


def overlaps(boxes):
    """Pairs of text boxes drawn over each other (a pixel of slack for antialiasing)."""
    found = []
    shrunk = [(v, r.inflate(-2, -2), px) for v, r, px in boxes]
    for i, (a, ra, _) in enumerate(shrunk):
        for b, rb, _ in shrunk[i + 1:]:
            if ra.colliderect(rb):
                found.append((a, ra, b, rb))
    return found


@pytest.mark.parametrize("lang, show_opp", [("en", False), ("ko", True)])
def test_no_text_below_the_minimum_size_at_1280x720(lang, show_opp):
    sizes, boxes, _ = render_table((1280, 720), lang, show_opp)
    assert len(sizes) > 100 and len(boxes) > 40          # the table was really drawn
    small = sorted({(px, value) for value, px in sizes if px < fonts.MIN_PX})
    assert not small, f"{len(small)} texts below {fonts.MIN_PX} px: {small[:25]}"


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_two_lines_of_table_text_overlap_at_1280x720(lang):
    _, boxes, _ = render_table((1280, 720), lang)
    found = overlaps(boxes)
    assert not found, f"{len(found)} overlapping text boxes: {found[:10]}"
    cut = [value for value, _, _ in boxes if value.endswith("…")]
    assert not cut, f"names cut short instead of set on more lines: {cut}"


def test_the_checks_can_fail():
    """The detectors see small type and overlapping boxes when there are some."""
    r = pygame.Rect
    assert overlaps([("a", r(0, 0, 40, 12), 11), ("b", r(30, 5, 40, 12), 11)])
    assert not overlaps([("a", r(0, 0, 40, 12), 11), ("b", r(40, 0, 40, 12), 11)])
    pygame.font.init()
    seen = []
    fonts.SIZE_HOOK = lambda value, px: seen.append(px)
    try:
        fonts.get_font(8).render("tiny", True, (0, 0, 0))
    finally:
        fonts.SIZE_HOOK = None
    assert seen == [8]


def test_cities_fit_their_band_however_many_cards_of_one_colour():
    from positions import give, position
    from ui.table import geometry as G
    from ui.table.band import city_card_rects
    s = position(agora=True, age=3)
    blue = [c.name for c in s.rules.cards if c.color == "blue"]
    give(s, 0, *blue)
    assert len(blue) >= 12
    band = G.bands(0)[0]
    rects = city_card_rects(s, band)
    column = [rects[cid] for cid in s.city[0]]
    assert len(column) == len(blue)
    assert all(band.city.contains(r) for r in column)
    tops = sorted(r.y for r in column)
    assert all(b > a for a, b in zip(tops, tops[1:]))          # every card still shows its top edge


def test_face_down_cards_are_opaque():
    from game import new_game
    from ui.cardart import Art
    pygame.display.init()
    pygame.display.set_mode((10, 10))
    art = Art.for_state(new_game(1, agora=True))
    for back in ("senator", "guild", "1", "2", "3"):
        img = art.card_back(back, 59)
        w, h = img.get_size()
        inner = [img.get_at((x, y)).a for x in range(4, w - 4) for y in range(4, h - 4)]
        assert min(inner) == 255, back


def test_names_too_long_for_a_small_card_go_on_more_lines_never_cut():
    from ui.table.paint import label_fit
    pygame.font.init()
    cards = [c.name for c in __import__("game").new_game(1, agora=True).rules.cards]
    assert "Magistrates Guild" in cards
    for name in cards + ["중도 정치가", "원형 경기장"]:
        fit = label_fit(name, 50, fonts.MIN_PX)       # a city card at 1280x720 leaves 50 px
        assert 1 <= len(fit.lines) <= 3 and all(w <= 50 for w in fit.widths), fit
        assert fit.px >= fonts.MIN_PX
        assert " ".join(fit.lines) == " ".join(name.split())     # whole words, nothing added or cut
