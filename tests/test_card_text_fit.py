"""Rules text on Conspiracy cards and Decree tiles is set whole or not at all: never cut
mid-sentence with "…".

The faces are drawn through the real art (ui/cardart/agora.py); the lines handed to the
renderer are caught and compared with the whole text. The Conspiracy tiles of a choice
(keep one, return the other) show every text whole at 1280×720 and 1920×1080; the
tooltips beside the pictures wrap the written rule text onto as many lines as it needs.
"""
import pygame
import pytest

from game.rules import rules_for
from ui.text import i18n
from ui.cardart import Art, agora
from ui.cardart import text as card_text
from ui.cardart.core import effects_of
from ui.draw.layout import Layout
from ui.table import tooltip
from ui.table.choice_tips import component_lines
from ui.text.describe import rule_text

RULES = rules_for(True)
_ART = {}
SCREENS = [(1280, 720), (1920, 1080)]
CHOICE_TILE = 200        # design width of a Conspiracy's picture in a choice (ui/scenes/options.py TILE)
TOOLTIP_CONSPIRACY = 130
TOOLTIP_DECREE = 120


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((16, 16))
    yield
    i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch):
    """Every block of lines the card art sets, as one string each."""
    seen = []
    real = card_text.render_lines

    def catch(lines, *args, **kwargs):
        seen.append(" ".join(" ".join(lines).split()))
        return real(lines, *args, **kwargs)

    monkeypatch.setattr(card_text, "render_lines", catch)
    return seen


def art():
    if "art" not in _ART:
        _ART["art"] = Art(RULES)
    return _ART["art"]


def face(comp, width, kind, seen):
    """The rules text drawn on a face ('' when the face shows symbols alone)."""
    seen.clear()
    if kind == "conspiracy":
        agora.draw_conspiracy(art(), comp, width)
    else:
        agora.draw_decree(art(), comp, width)
    rule = " ".join(card_text.describe_all(effects_of(comp)).split())
    texts = [s for s in seen if s[:12] == rule[:12]]          # the name is drawn too: not that one
    assert len(texts) <= 1
    return rule, (texts[0] if texts else "")


def widths():
    out = {200, 300, 400}
    for size in SCREENS:
        layout = Layout(size)
        out |= {layout.px(CHOICE_TILE), layout.px(TOOLTIP_CONSPIRACY), layout.px(TOOLTIP_DECREE)}
    return sorted(out)


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("kind", ["conspiracy", "decree"])
def test_rules_text_on_a_face_is_never_cut(drawn, lang, kind):
    i18n.set_language(lang)
    comps = RULES.conspiracies if kind == "conspiracy" else RULES.decrees
    for width in widths():
        if kind == "decree" and width < 150:
            continue                        # a small tile shows its symbols alone
        for comp in comps:
            rule, text = face(comp, width, kind, drawn)
            assert text in ("", rule), f"{comp.name} at {width} px: {text!r}"
            assert "…" not in text


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SCREENS)
def test_every_conspiracy_offered_in_a_choice_shows_its_whole_text(drawn, lang, size):
    i18n.set_language(lang)
    width = Layout(size).px(CHOICE_TILE)
    for comp in RULES.conspiracies:
        rule, text = face(comp, width, "conspiracy", drawn)
        assert text == rule, f"{comp.name} at {width} px: {text!r}"


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("size", SCREENS)
def test_tooltips_wrap_every_conspiracy_and_decree_text_whole(monkeypatch, lang, size):
    i18n.set_language(lang)
    layout = Layout(size)
    pieces = []
    real = tooltip.wrap

    def catch(value, font, width):
        out = real(value, font, width)
        pieces.append((value, out, width, font))
        return out

    monkeypatch.setattr(tooltip, "wrap", catch)
    state = type("S", (), {"rules": RULES})()
    for comp in list(RULES.conspiracies) + list(RULES.decrees):
        pieces.clear()
        surf = tooltip.render(layout, component_lines(state, comp.name), art(), comp.name, state)
        assert surf.get_height() <= size[1] and surf.get_width() <= size[0]
        body = " ".join(rule_text(RULES, comp.name))
        wrapped = [p for p in pieces if p[0] in rule_text(RULES, comp.name)]
        assert " ".join(" ".join(out) for _, out, _, _ in wrapped) == body
        for value, out, width, font in wrapped:
            assert all(font.size(line)[0] <= width for line in out), comp.name
            assert " ".join(out).split() == value.split(), f"a word broken in {comp.name}"
