"""The end of the game: the kind of victory (or who forfeited, and how) and the score sheet by category."""
from __future__ import annotations

import pygame

from game import CATEGORIES
from game.actions import FORFEIT_VICTORIES
from ui.draw import art as ui_art
from ui.draw import fonts, theme
from ui.text.i18n import t
from ui.scenes.base import registered
from ui.scenes.overlay import TableOverlay
from ui.table.paint import PLAYER_COLORS, rounded, text, text_block
from ui.draw.widgets import Button, ButtonGroup, draw_panel

ROWS = list(CATEGORIES) + ["total"]
ROW_H = 29
BUTTON_W = 184                 # design width of a button, at least
LABEL_MARGIN = 74              # a button's width its label may not use (ui/draw/widgets.Button)
MAX_ROW = 1540                 # the row of buttons stays within the window's design width


@registered
class GameOverScene(TableOverlay):
    pauses_game = True

    def __init__(self, game) -> None:
        super().__init__(game)
        self.hidden = False
        self._build()

    def _build(self) -> None:
        self.group = ButtonGroup([
            Button(t("over.new_game"), self._new_game, text_size=20),
            Button(t("over.replay"), self._replay, text_size=20),
            Button(t("insight.analysis.button"), self._analysis, text_size=20),
            Button(t("over.view_table"), self._toggle, text_size=20),
            Button(t("over.menu"), self._menu, text_size=20),
        ], horizontal=True)

    def on_language(self) -> None:
        self._build()
        if self.app is not None:
            self.on_resize(self.layout)

    def _new_game(self) -> None:
        from dataclasses import replace
        from ui.scenes.game import GameScene
        from ui.table.session import GameSession
        config = self.game.session.config
        session = GameSession(replace(config, seed=None, undo=None))
        self.app.go_home()
        self.app.push(GameScene(session))

    def _replay(self) -> None:
        from ui.scenes.replay import ReplayScene
        self.app.push(ReplayScene(self.game.session.saved, step=0))

    def _analysis(self) -> None:
        from ui.scenes.analysis import open_analysis
        open_analysis(self.app, self.game.session.saved)

    def _toggle(self) -> None:
        self.hidden = not self.hidden

    def _menu(self) -> None:
        self.app.go_home()

    def button_width(self, layout) -> float:
        """One width for every button, wide enough that each label is set at the buttons' own
        size (none, such as "View the table", smaller than the others), within the window."""
        n, gap = len(self.group.buttons), 10
        widest = max(fonts.get_font(layout.px(b.text_size), True).size(b.text)[0] for b in self.group.buttons)
        needed = widest / layout.scale + LABEL_MARGIN + 4
        return min(max(BUTTON_W, needed), (MAX_ROW - (n - 1) * gap) / n)

    def on_resize(self, layout) -> None:
        n = len(self.group.buttons)
        w, gap = self.button_width(layout), 10
        self.row_width = n * w + (n - 1) * gap
        x0 = 800 - self.row_width / 2
        for i, b in enumerate(self.group.buttons):
            b.rect = layout.rect(x0 + i * (w + gap), 706, w, 50)

    def handle_event(self, event) -> None:
        if not self.fresh_key(event):
            return                      # held over from the press before this was shown
        if self.hidden:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.hidden = False
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._toggle()
            return
        self.group.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.group.update(dt)

    def draw(self, surface) -> None:
        L = self.layout
        if self.hidden:
            bar = L.rect(560, 846, 480, 40)
            rounded(surface, bar, (*theme.UMBER, 230), L.px(10), max(1, L.px(2)), theme.BRONZE_LIGHT)
            text(surface, L, t("over.back"), 17, theme.TEXT_ON_DARK, bar.center, anchor="center", bold=True)
            return
        self.draw_scrim(surface, 170)
        session = self.game.session
        result = session.state.result
        # wide enough for the row of buttons (five with Analysis), at least the score sheet's 800
        width = max(800, getattr(self, "row_width", len(self.group.buttons) * 194 - 10) + 40)
        panel = L.rect(800 - width / 2, 110, width, 680)
        draw_panel(surface, panel, L)
        forfeited = result.victory in FORFEIT_VICTORIES and result.winner is not None
        if result.winner is None:
            headline = t("over.draw")
        elif forfeited:
            headline = forfeit_headline(session, result.winner, result.victory)
        elif session.mode == "hotseat":
            headline = t("over.wins", who=session.name(result.winner))
        elif not all(session.is_ai(p) for p in (0, 1)):
            headline = t("over.you_win") if result.winner == session.viewer else t("over.you_lose")
        else:
            headline = t("over.wins", who=session.name(result.winner))
        title = ui_art.title_lettering(headline.upper(), L.px(48))
        room = L.px(740)
        if title.get_width() > room:           # a long player name: the lettering is set smaller
            title = pygame.transform.smoothscale(title, (room, max(1, round(title.get_height() * room / title.get_width()))))
        surface.blit(title, title.get_rect(center=L.point(800, 168)))
        subtitle = forfeit_subtitle(session, result.winner, result.victory) if forfeited else None
        text(surface, L, subtitle or t(f"victory.long.{result.victory}"), 20, theme.INK_SOFT, L.point(800, 214),
             anchor="center", max_width=740)
        ui_art.draw_divider(surface, L.point(800, 240), L.px(240), L.px(2))
        x_label, x0, x1 = 470, 870, 1040
        y = 256
        for seat, x in ((0, x0), (1, x1)):
            spot = text(surface, L, session.name(seat), 19, theme.INK, L.point(x + 9, y + 12), anchor="center",
                        bold=True, max_width=140)
            pygame.draw.circle(surface, PLAYER_COLORS[seat], (spot.left - L.px(12), spot.centery), L.px(7))
        y += 36
        scores = result.scores
        for i, cat in enumerate(ROWS):
            if cat == "senate" and not session.state.agora:
                continue
            total = cat == "total"
            if total:
                pygame.draw.line(surface, theme.BRONZE_DARK, L.point(x_label, y + 2), L.point(1130, y + 2), max(1, L.px(2)))
                y += 8
            elif i % 2 == 0:
                rounded(surface, L.rect(x_label - 10, y, 680, ROW_H), (*theme.PARCHMENT_DARK, 70), L.px(4))
            text(surface, L, t(f"score.{cat}"), 19 if total else 17, theme.INK, L.point(x_label, y + ROW_H / 2),
                 anchor="midleft", bold=total)
            for seat, x in ((0, x0), (1, x1)):
                value = scores[seat].get(cat, 0)
                best = value > scores[1 - seat].get(cat, 0)
                col = (30, 110, 50) if best and total and result.victory == "civilian" else theme.INK
                text(surface, L, str(value), 22 if total else 18, col, L.point(x, y + ROW_H / 2), anchor="center",
                     bold=total or best)
            y += ROW_H + (4 if total else 0)
        if result.tiebreak:
            note = t("over.tiebreak_draw") if result.winner is None else t("over.tiebreak")
            text_block(surface, L, note, 17, theme.DANGER, L.point(800, y + 4), 720, bold=True)
        elif forfeited:
            text_block(surface, L, forfeit_note(result.victory), 16, theme.INK_SOFT, L.point(800, y + 4), 720)
        elif result.victory != "civilian":
            text_block(surface, L, t("over.sudden"), 16, theme.INK_SOFT, L.point(800, y + 4), 720)
        self.group.draw(surface, L)

    def target_for(self, action):
        return None


def forfeit_headline(session, winner: int, victory: str) -> str:
    """For a game won by the other seat's forfeit (game.actions.FORFEITS): "You conceded" /
    "You forfeited" / "Your time ran out" for the one person at this screen who lost (against
    the computer, or online), "You win" when that person won; in hot-seat, who forfeited, how
    and who wins."""
    loser = 1 - winner
    mine = session.mode != "hotseat"
    if mine and session.human_seat == loser:
        return t("concede.over.you_conceded") if victory == "concession" else t(f"forfeits.over.you.{victory}")
    if mine and session.human_seat == winner:
        return t("over.you_win")
    if victory == "concession":
        return t("concede.over.conceded", who=session.name(loser), winner=session.name(winner))
    return t(f"forfeits.over.other.{victory}", who=session.name(loser), winner=session.name(winner))


def forfeit_subtitle(session, winner: int, victory: str) -> str | None:
    """The line under the headline of a game lost or won on time or by forfeit, from the side
    of the one person at this screen: "Your time ran out — Ann wins on time" (not the general
    "Victory on time…"); None elsewhere (hot-seat, a concession: the general line)."""
    if victory not in ("time", "forfeit") or session.mode == "hotseat" or session.human_seat is None:
        return None
    loser = 1 - winner
    if session.human_seat == loser:
        return t(f"online.over.lost.{victory}", winner=session.name(winner))
    return t(f"online.over.won.{victory}", loser=session.name(loser))


def forfeit_note(victory: str) -> str:
    """The line under the score sheet: how the duel ended early."""
    return t("concede.over.note") if victory == "concession" else t(f"forfeits.over.note.{victory}")
