"""Waiting for the game to start: the host waits for the guest (the room code and this
machine's addresses to tell them, the game announced on the local network), the guest
waits for the server's answer, a returning player for its seat. Cancel goes back; a
refusal (no such room, the room is full, no server at that address) is said here, with
nothing lost. As soon as the server's first update arrives, the table replaces this screen.

`host_game`, `join_game` and `rejoin` start each way in."""
from __future__ import annotations

import tempfile

from ui.draw import theme
from ui.text.i18n import t
from ui.scenes.online_screen import OnlineScreen
from ui.table.paint import rounded, text
from ui.draw.widgets import Button

LOOPBACK = "127.0.0.1"


def _session(url: str, name: str, how: tuple, host_port=None, retry=False):
    from ui.table.online_link import NetLink
    from ui.table.online_session import OnlineSession
    link = NetLink(url, name, how, retry_first=retry)
    return OnlineSession(link, name, ticket_for=(url, host_port))


def _server_folder():
    from ui.table.online_session import server_folder
    folder = server_folder()
    return folder if folder is not None else tempfile.mkdtemp(prefix="agora-duel-server-")


def host_game(app, name: str, options: dict, port: int | None = None) -> str | None:
    """Start this window's server and open a room on it; returns a problem to show, or None."""
    from ui.table import online_link
    try:
        port = online_link.host(_server_folder(), port if port is not None else online_link.DEFAULT_PORT)
    except (OSError, RuntimeError) as exc:
        return t("online.problem.host", error=str(exc))
    session = _session(f"ws://{LOOPBACK}:{port}", name, ("create", options), host_port=port)
    app.push(OnlineWaitScene(session, "host", port=port))
    return None


def join_game(app, name: str, url: str, code: str) -> None:
    session = _session(url, name, ("join", code))
    app.push(OnlineWaitScene(session, "join"))


def rejoin(app, ticket, name: str = "") -> None:
    """Back to a seat left (a closed or crashed window) with its stored token."""
    url = ticket.url
    if ticket.host_port:
        from ui.table import online_link
        try:
            port = online_link.host(_server_folder(), ticket.host_port)
            url = f"ws://{LOOPBACK}:{port}"
        except (OSError, RuntimeError):
            pass                       # perhaps it still runs elsewhere: try the address
    session = _session(url, name or ticket.name, ("resume", ticket.room, ticket.token),
                       host_port=ticket.host_port, retry=True)
    app.push(OnlineWaitScene(session, "rejoin"))


class OnlineWaitScene(OnlineScreen):
    title_key = "online.wait_title"

    def __init__(self, session, how: str, port: int | None = None) -> None:
        super().__init__()
        self.session = session
        self.how = how                    # 'host', 'join' or 'rejoin'
        self.port = port
        self.time = 0.0
        self.addresses: list = []
        self.announcer = None
        self.announced = False
        self.started = False

    def buttons(self) -> list[Button]:
        return [Button(t("online.cancel"), self.cancel)]

    def on_enter(self) -> None:
        super().on_enter()
        if self.how == "host":
            from net.discovery import lan_addresses
            from ui.table.online_link import local_only
            # Kept on this machine, the server listens on loopback only: no other address works.
            self.addresses = ["127.0.0.1"] if local_only() else lan_addresses()

    def _announce(self) -> None:
        """Once the room exists, tell the local network (if there is one)."""
        if self.announcer is not None or self.how != "host" or not self.session.room:
            return
        from net.discovery import Announcer
        self.announcer = Announcer()
        self.announced = self.announcer.start(self.port, self.session.room, self.session.my_name,
                                              agora=self.session.agora, clock=self.session.clock_minutes)

    def _stop_announcing(self) -> None:
        if self.announcer is not None:
            self.announcer.stop()

    def cancel(self) -> None:
        from ui.table.online_session import forget_ticket
        self._stop_announcing()
        self.session.close()
        if self.session.seat is not None and not self.session.started and self.how == "host":
            forget_ticket()               # nobody came: there is no game to return to
        self.app.pop()

    def on_exit(self) -> None:
        self._stop_announcing()
        if not self.started:
            self.session.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        self.session.poll()
        self._announce()
        if self.session.pending and self.session.failure is None:
            self.session.advance()        # the first position: the table takes over
            self.start_game()

    def start_game(self) -> None:
        from ui.scenes.online_game import OnlineGameScene
        self.started = True
        self._stop_announcing()
        self.app.replace(OnlineGameScene(self.session))

    def handle_event(self, event) -> None:
        import pygame
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        self.group.handle_event(event)

    # --- drawing ----------------------------------------------------------------------------------

    def headline(self) -> str:
        session = self.session
        if session.failure is not None:
            return t("online.wait.failed")
        if self.how == "host":
            return t("online.wait.host") if session.room else t("online.wait.opening")
        if self.how == "rejoin":
            return t("online.wait.rejoin")
        return t("online.wait.join")

    def problem(self) -> str:
        failure = self.session.failure
        if failure is None:
            return ""
        code = failure.get("code")
        key = f"online.error.{code}"
        from ui.text.i18n import load_catalogue
        if key in load_catalogue("en"):
            return t(key)
        return t("online.error.other", error=failure.get("message") or code or "")

    def _draw_pulse(self, surface, L) -> None:
        """Three dots beside the title that brighten in turn: still waiting (the headline's
        own words end with their ellipsis; no dots are added to them)."""
        import pygame
        lit = int(self.time * 3) % 3
        for i in range(3):
            colour = theme.BRONZE if i == lit else theme.PARCHMENT_DARK
            pygame.draw.circle(surface, colour, L.point(800 + (i - 1) * 18, 268), L.px(4))

    def draw_content(self, surface, L) -> None:
        session = self.session
        failed = session.failure is not None
        text(surface, L, self.headline(), 28, theme.DANGER if failed else theme.INK,
             L.point(800, 236), anchor="center", bold=True, max_width=1200)
        if not failed:
            self._draw_pulse(surface, L)
        if failed:
            text(surface, L, self.problem(), 20, theme.INK, L.point(800, 300), anchor="center", max_width=1200)
            return
        if self.how != "host" or not session.room:
            if session.connection == "lost":
                text(surface, L, t("online.link.reconnecting"), 20, theme.INK_SOFT, L.point(800, 300),
                     anchor="center")
            return
        text(surface, L, t("online.wait.code_label"), 20, theme.INK_SOFT, L.point(800, 300), anchor="center")
        box = L.rect(800 - 220, 324, 440, 96)
        rounded(surface, box, theme.PARCHMENT_LIGHT, L.px(12), max(2, L.px(2.5)), theme.BRONZE)
        code = session.room
        text(surface, L, f"{code[:3]} {code[3:]}", 56, theme.INK, box.center, anchor="center", bold=True)
        text(surface, L, t("online.wait.addresses_label"), 20, theme.INK_SOFT, L.point(800, 458), anchor="center")
        shown = [f"{a}:{self.port}" if ":" not in a else f"[{a}]:{self.port}" for a in self.addresses[:4]]
        if not shown:
            shown = [t("online.wait.no_address", port=self.port)]
        for i, line in enumerate(shown):
            text(surface, L, line, 24, theme.INK, L.point(800, 496 + i * 34), anchor="center", bold=True,
                 max_width=1000)
        note = t("online.wait.announced") if self.announced else t("online.wait.not_announced")
        text(surface, L, note, 17, theme.INK_SOFT, L.point(800, 700), anchor="center", max_width=1200)
