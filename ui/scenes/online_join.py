"""Join a game: the games announced on the local network, listed by the host's name (a click
joins), or an address and a room code typed in. Without a network (or mDNS) the list
stays empty and says so; typing always works."""
from __future__ import annotations

import pygame

from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.online_screen import OnlineScreen
from ui.table.paint import rounded, text
from ui.draw.widgets import Button, TextField

LIST_TOP, ROW_H, ROWS_SHOWN = 236, 52, 5
DEFAULT_PORT = 8765


def server_url(address: str) -> str | None:
    """A WebSocket URL from what the player typed: `host`, `host:port`, `[v6]:port` or a
    ws:// / wss:// URL. None when it cannot be an address."""
    typed = address.strip()
    if not typed:
        return None
    if typed.startswith(("ws://", "wss://")):
        return typed if len(typed.split("//", 1)[1]) > 0 else None
    host, port = typed, DEFAULT_PORT
    if typed.startswith("["):                       # [IPv6]:port
        end = typed.find("]")
        if end < 0:
            return None
        host, rest = typed[:end + 1], typed[end + 1:]
        if rest.startswith(":"):
            port = rest[1:]
    elif typed.count(":") == 1:
        host, port = typed.split(":")
    elif typed.count(":") > 1:                      # a bare IPv6 address
        host = f"[{typed}]"
    try:
        port = int(port)
    except ValueError:
        return None
    if not host or not 0 < port < 65536 or any(c.isspace() for c in host):
        return None
    return f"ws://{host}:{port}"


def found_detail(game) -> str:
    """A found game's line beside the host's name: its rules and clock (when announced), its room."""
    if not game.compatible:
        return t("online.problem.version")
    if game.agora is None and game.clock is None:
        return t("online.found_row", room=game.room)
    parts = []
    if game.agora is not None:
        parts.append(t("setup.agora_on") if game.agora else t("setup.agora_off"))
    if game.clock is not None:
        parts.append(t("online.clock_minutes", n=game.clock) if game.clock else t("online.found_no_clock"))
    parts.append(t("online.found_row", room=game.room))
    return " · ".join(parts)


def make_browser():
    from net.discovery import Browser
    return Browser()


class OnlineJoinScene(OnlineScreen):
    title_key = "online.join_title"
    browser_factory = staticmethod(make_browser)     # tests give a fake (no multicast in tests)

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.name = name
        self.address = TextField("", placeholder=t("online.address_placeholder"), limit=60)
        self.code = TextField("", placeholder=t("online.code_placeholder"), limit=12)
        self.browser = None
        self._browsing = False
        self.searching = False
        self.found: list = []
        self.found_rects: list = []
        self.problem = ""

    def buttons(self) -> list[Button]:
        return [Button(t("online.join_start"), self.join_typed), Button(t("setup.back"), self.back)]

    def on_enter(self) -> None:
        super().on_enter()
        self._start_browsing()

    def _start_browsing(self) -> None:
        try:
            self.browser = self.browser_factory()
            self.searching = bool(self.browser.start())
        except Exception:                # mDNS is a convenience: never a reason to fail
            self.browser, self.searching = None, False
        self._browsing = True

    def _stop_browsing(self) -> None:
        """Only while this screen is shown: a game under way sends nothing more."""
        self._browsing = False
        if self.browser is not None:
            try:
                self.browser.stop()
            except Exception:
                pass
            self.browser = None

    def on_exit(self) -> None:
        for f in (self.address, self.code):
            f.focus(False)
        self._stop_browsing()

    def accepts_text(self) -> bool:
        return self.address.focused or self.code.focused

    # --- joining --------------------------------------------------------------------------------------

    def join_typed(self) -> None:
        from net.protocol import normalize_room
        url = server_url(self.address.text)
        code = normalize_room(self.code.text)
        if url is None:
            self.problem = t("online.problem.address")
            return
        if len(code) != 6:
            self.problem = t("online.problem.code")
            return
        self._join(url, code)

    def join_found(self, game) -> None:
        if not game.compatible:
            self.problem = t("online.problem.version")
            return
        self._join(game.url, game.room)

    def _join(self, url: str, code: str) -> None:
        from ui.scenes.online_wait import join_game
        self.problem = ""
        for f in (self.address, self.code):
            f.focus(False)
        self._stop_browsing()
        join_game(self.app, self.name, url, code)

    # --- frame ----------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        for f in (self.address, self.code):
            f.update(dt)
        if not self._browsing:
            self._start_browsing()        # back on this screen (a join that failed)
        if self.browser is not None:
            self.found = self.browser.games.games()[:ROWS_SHOWN]
        if self.app is not None:
            self._place_rows(self.layout)

    def on_resize(self, layout) -> None:
        super().on_resize(layout)
        self.address.rect = layout.rect(800 - 430, 610, 520, 56)
        self.code.rect = layout.rect(800 + 110, 610, 320, 56)
        self._place_rows(layout)

    def _place_rows(self, layout) -> None:
        self.found_rects = [layout.rect(800 - 430, LIST_TOP + 34 + i * ROW_H, 860, ROW_H - 8)
                            for i in range(len(self.found))]

    def handle_event(self, event) -> None:
        for f in (self.address, self.code):
            if f.focused and event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                f.focus(False)
                (self.code if f is self.address else self.address).focus(True)
                return
            if f.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                f.focus(False)
                self.join_typed()
                return
        for f in (self.address, self.code):
            if f.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    other = self.code if f is self.address else self.address
                    other.focus(False)
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for game, r in zip(self.found, self.found_rects):
                if r.collidepoint(event.pos):
                    self.join_found(game)
                    return
        self.group.handle_event(event)

    def draw_content(self, surface, L) -> None:
        text(surface, L, t("online.found_title"), 22, theme.INK, L.point(800, LIST_TOP), anchor="midtop", bold=True)
        if not self.found:
            key = "online.found_searching" if self.searching else "online.found_off"
            box = L.rect(800 - 430, LIST_TOP + 34, 860, 2 * ROW_H)
            rounded(surface, box, (*theme.PARCHMENT_DARK, 90), L.px(10))
            text(surface, L, t(key), 18, theme.INK_SOFT, box.center, anchor="center", max_width=820)
        for game, r in zip(self.found, self.found_rects):
            hot = r.collidepoint(self.mouse)
            rounded(surface, r, theme.BRONZE if hot else theme.UMBER, L.px(10), max(1, L.px(1.5)), theme.BRONZE_LIGHT)
            text(surface, L, game.host or "?", 20, theme.TEXT_ON_DARK, (r.x + L.px(20), r.centery),
                 anchor="midleft", bold=True, max_width=440)
            detail = found_detail(game)
            text(surface, L, detail, 17, theme.TEXT_ON_DARK, (r.right - L.px(20), r.centery), anchor="midright",
                 max_width=380)
        text(surface, L, t("online.typed_title"), 22, theme.INK, L.point(800, 540), anchor="midtop", bold=True)
        text(surface, L, t("online.address"), 16, theme.INK_SOFT, (self.address.rect.x, self.address.rect.y - L.px(4)),
             anchor="bottomleft")
        text(surface, L, t("online.code"), 16, theme.INK_SOFT, (self.code.rect.x, self.code.rect.y - L.px(4)),
             anchor="bottomleft")
        self.address.draw(surface, L)
        self.code.draw(surface, L)
        if self.problem:
            text(surface, L, self.problem, 18, theme.DANGER, L.point(800, 712), anchor="center", max_width=1200)
