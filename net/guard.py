"""Per-address limits that outlive a connection: wrong room codes, new rooms, open sockets.

A connection's own rate limit and strikes reset when it reconnects; these do not. They
are counted by the client's address (docs/server.md, "Limits"), kept in memory only, and
forgotten once old (`prune`), so a flood of addresses cannot grow them without end.
"""

import collections
import time

MAX_ADDRESSES = 100_000      # addresses remembered at most (the oldest are forgotten first)


class Window:
    """Events per key within a sliding window of `seconds`. At `limit` events a key is
    refused: for `cooldown` seconds from the last one, or (cooldown 0) until the window
    frees a place. A limit of 0 or less limits nothing."""

    def __init__(self, limit: int, seconds: float, cooldown: float = 0.0):
        self.limit, self.seconds, self.cooldown = limit, seconds, cooldown
        self._events = collections.OrderedDict()      # key -> deque of monotonic times
        self._blocked = {}                            # key -> monotonic time it ends

    def wait(self, key, now=None) -> float:
        """Seconds before `key` may act again (0: now)."""
        if self.limit <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        until = self._blocked.get(key)
        if until is not None:
            if now < until:
                return until - now
            del self._blocked[key]
        events = self._recent(key, now)
        if events is not None and len(events) >= self.limit:
            return events[0] + self.seconds - now
        return 0.0

    def count(self, key, now=None):
        """Count one event of `key`; the cool-down starts when it reaches the limit."""
        if self.limit <= 0:
            return
        now = time.monotonic() if now is None else now
        events = self._recent(key, now)
        if events is None:
            events = self._events[key] = collections.deque(maxlen=max(1, self.limit))
            if len(self._events) > MAX_ADDRESSES:
                self._events.popitem(last=False)
        self._events.move_to_end(key)
        events.append(now)
        if self.cooldown and len(events) >= self.limit:
            self._blocked[key] = now + self.cooldown
            events.clear()

    def _recent(self, key, now):
        events = self._events.get(key)
        if events is not None:
            while events and events[0] <= now - self.seconds:
                events.popleft()
        return events

    def prune(self, now=None):
        """Forget the keys with nothing recent and no cool-down running."""
        now = time.monotonic() if now is None else now
        for key in [k for k, until in self._blocked.items() if until <= now]:
            del self._blocked[key]
        for key in list(self._events):
            if not self._recent(key, now):
                del self._events[key]

    def __len__(self):
        return len(self._events) + len(self._blocked)


def raise_open_file_limit():
    """Raise this process's soft limit of open files to its hard limit (POSIX); returns the
    soft limit now in force, or None where there is no such limit."""
    try:
        import resource
    except ImportError:                 # Windows: no such limit to raise
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return None
    # An unlimited hard limit still has a ceiling (macOS: 10240 per process by default).
    wanted = [hard] if hard != resource.RLIM_INFINITY else [65536, 10240]
    for limit in wanted:
        if soft >= limit:
            return soft
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
            return limit
        except (ValueError, OSError):
            continue
    return soft
