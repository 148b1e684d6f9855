"""Games on the local network: announced and found with mDNS / DNS-SD (the `zeroconf` library).

A hosting window announces `_agora-duel._tcp.local.` with its port and, in the TXT record,
the room code, the host's name, the protocol version and the game's rules (`agora`: 1 or 0)
and clock (`clock`: minutes each, 0 for none); the Join screen browses for them. An
announcement without the rules or the clock (an older version) leaves them unknown (None). Everything here is optional: without a network, without `zeroconf`, or with
AGORA_DUEL_LOCAL_ONLY set (tests, offline machines) nothing is sent, `start()` returns
False, and the player types an address instead. Nothing here ever raises.

`lan_addresses()` lists this machine's own interface addresses (read from the system, no
packet sent) for the host to tell the guest.
"""

import logging
import os
import socket
import threading
from dataclasses import dataclass, field

from . import protocol

log = logging.getLogger("net.discovery")
SERVICE = "_agora-duel._tcp.local."
LOCAL_ONLY_ENV = "AGORA_DUEL_LOCAL_ONLY"


def enabled() -> bool:
    return not os.environ.get(LOCAL_ONLY_ENV)


@dataclass(frozen=True)
class FoundGame:
    """A game announced on the local network."""
    host: str                   # the host's name (what the list shows)
    room: str
    port: int
    addresses: tuple = field(default_factory=tuple)
    version: int = protocol.VERSION
    agora: bool | None = None   # the rules: with the Agora expansion or the base game (None: not said)
    clock: int | None = None    # minutes each, 0 for no clock (None: not said)

    @property
    def url(self) -> str:
        address = self.addresses[0] if self.addresses else "127.0.0.1"
        if ":" in address:          # IPv6
            address = f"[{address}]"
        return f"ws://{address}:{self.port}"

    @property
    def compatible(self) -> bool:
        return self.version == protocol.VERSION


def found_from(properties: dict, addresses, port: int, fallback_host: str = "") -> FoundGame | None:
    """A FoundGame from a service's TXT properties (bytes keys and values), or None if it
    is not a game one can join."""
    def readable(v):
        return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v or "")
    clean = {readable(k): readable(v) for k, v in properties.items()}

    def text(key):
        return clean.get(key, "")
    room = protocol.normalize_room(text("room"))
    if not room or not port:
        return None
    try:
        version = int(text("version") or protocol.VERSION)
    except ValueError:
        return None
    host = text("host").strip() or fallback_host
    agora = {"1": True, "0": False}.get(text("agora").strip())
    try:
        clock = int(text("clock"))
    except ValueError:
        clock = None
    if clock is not None and not 0 <= clock <= 600:
        clock = None
    return FoundGame(host[:40], room, int(port), tuple(addresses), version, agora, clock)


class GameList:
    """The games found, by service name: the browser adds and removes, the screen reads."""

    def __init__(self):
        self._lock = threading.Lock()
        self._games = {}
        self.version = 0

    def put(self, name: str, game) -> None:
        with self._lock:
            if game is None:
                self._games.pop(name, None)
            else:
                self._games[name] = game
            self.version += 1

    def remove(self, name: str) -> None:
        self.put(name, None)

    def games(self) -> list:
        """Joinable games first, by host name then room."""
        with self._lock:
            games = list(self._games.values())
        return sorted(games, key=lambda g: (not g.compatible, g.host.lower(), g.room))


def announcement(room: str, host: str, agora: bool | None = None, clock: int | None = None) -> dict:
    """The TXT properties of a hosted game (what `found_from` reads back)."""
    properties = {"room": room, "host": host[:40], "version": str(protocol.VERSION)}
    if agora is not None:
        properties["agora"] = "1" if agora else "0"
    if clock is not None:
        properties["clock"] = str(int(clock))
    return properties


class Announcer:
    """Tells the local network about a hosted game while it waits for the guest."""

    def __init__(self):
        self._zc = None
        self._info = None

    def start(self, port: int, room: str, host_name: str = "", *, agora: bool | None = None,
              clock: int | None = None) -> bool:
        if not enabled():
            return False
        try:
            from zeroconf import ServiceInfo, Zeroconf
            addresses = [socket.inet_aton(a) for a in lan_addresses() if "." in a]
            if not addresses:
                return False
            host = host_name or socket.gethostname()
            label = f"{host} {room}"[:60]
            self._info = ServiceInfo(
                SERVICE, f"{label}.{SERVICE}", port=port, addresses=addresses,
                properties=announcement(room, host, agora, clock))
            self._zc = Zeroconf()
            self._zc.register_service(self._info)
            return True
        except Exception as exc:            # no network, no library: the code is typed instead
            log.info("the game is not announced on the local network: %s", exc)
            self.stop()
            return False

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                zc.unregister_service(self._info)
            zc.close()
        except Exception:
            pass


class Browser:
    """Finds announced games in the background; `games.games()` lists them."""

    def __init__(self):
        self.games = GameList()
        self._zc = None
        self._browser = None

    def start(self) -> bool:
        if not enabled():
            return False
        try:
            from zeroconf import ServiceBrowser, Zeroconf
            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
            return True
        except Exception as exc:
            log.info("no search for games on the local network: %s", exc)
            self.stop()
            return False

    def _changed(self, zeroconf, service_type, name, state_change):
        try:
            from zeroconf import ServiceStateChange
            if state_change is ServiceStateChange.Removed:
                self.games.remove(name)
                return
            info = zeroconf.get_service_info(service_type, name, timeout=2000)
            if info is None:
                return
            game = found_from(info.properties or {}, info.parsed_addresses(), info.port,
                              name.split(".")[0])
            self.games.put(name, game)
        except Exception as exc:
            log.info("a game announcement could not be read: %s", exc)

    def stop(self) -> None:
        zc, self._zc = self._zc, None
        try:
            if self._browser is not None:
                self._browser.cancel()
            if zc is not None:
                zc.close()
        except Exception:
            pass
        self._browser = None


def lan_addresses() -> list:
    """This machine's addresses other players may reach (IPv4 first), read from the
    system's interfaces: nothing is sent."""
    found = []
    try:
        import ifaddr
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str):
                    if not ip.ip.startswith("127.") and not ip.ip.startswith("169.254."):
                        found.append(ip.ip)
                else:
                    address = ip.ip[0]
                    if address != "::1" and not address.lower().startswith("fe80"):
                        found.append(address)
    except Exception:
        pass
    unique = list(dict.fromkeys(found))
    return sorted(unique, key=lambda a: ":" in a)
