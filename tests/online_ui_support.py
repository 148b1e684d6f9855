"""Helpers of the online-play window tests: an App on loopback, a bot opponent on its own
thread, and a driver that plays the window's seat through the real scenes.

Everything stays on 127.0.0.1 (AGORA_DUEL_LOCAL_ONLY: the hosted server binds loopback and
nothing is announced on the network) and every wait is bounded."""
import asyncio
import os
import random
import threading
import time

from save_support import play_out

os.environ["AGORA_DUEL_LOCAL_ONLY"] = "1"

LOOPBACK = "127.0.0.1"


class BotThread:
    """A net.bot.Bot on its own thread and event loop: creates a room or joins one."""

    def __init__(self, url, room=None, level="random", seed=3, agora=True, clock=0, first=None,
                 name="Bot", before_action=None):
        self.url, self.room, self.level, self.seed = url, room, level, seed
        self.agora, self.clock, self.first, self.name = agora, clock, first, name
        self.before_action = before_action
        self.summary = None
        self.error = None
        self.client = None
        self.loop = None
        self.created = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            asyncio.run(self._main())
        except Exception as exc:           # the test reads it
            self.error = exc
            self.created.set()

    async def _main(self):
        from net.bot import Bot
        from net.client import Client
        self.loop = asyncio.get_running_loop()
        self.client = Client(self.url, self.name, give_up_after=30)
        if self.room is None:
            joined = await self.client.create(agora=self.agora, clock=self.clock, first=self.first)
            self.room = joined["room"]
        else:
            await self.client.join(self.room)
        self.created.set()
        bot = Bot(self.client, self.level, seed=self.seed, before_action=self.before_action)
        try:
            self.summary = await bot.play()
        finally:
            await self.client.close()

    def call(self, method, *args):
        """Run a client coroutine (e.g. 'ask_undo') on the bot's loop."""
        return asyncio.run_coroutine_threadsafe(getattr(self.client, method)(*args), self.loop).result(5)

    def join(self, timeout=10):
        self.thread.join(timeout)


def step_until(app, done, timeout=30.0, dt=1 / 60, each=None):
    """Step the app until done() (True) or the time is up (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.step(dt)
        if each is not None:
            each()
        if done():
            return True
        time.sleep(0.002)
    return False


def play_my_moves(app, rng=None):
    """One step of the window's player: a random legal move through the scene's own entry
    (game.choose, as a click on the table or the prompt bar does), when it is its turn."""
    from ui.scenes.online_game import OnlineGameScene
    rng = rng or random.Random(5)

    def each():
        game = next((s for s in app.stack if isinstance(s, OnlineGameScene)), None)
        if game is None or game.anim.busy or not game.session.human_to_act:
            return
        legal = game.session.state.legal_actions()
        if legal:
            game.choose(rng.choice(legal))
    return each


def no_error_screen(app):
    from ui.scenes.error import ErrorScene
    return not any(isinstance(s, ErrorScene) for s in app.stack)


def online_record(seed, you, names=("Bob", "Ann")):
    """A finished online game as the window keeps it: both seats people, this window's seat
    in the record's options (ui/table/online_session.py)."""
    from game.savegame import SavedGame
    saved = SavedGame(seed=seed, agora=False, first_player=0, mode="online",
                      players=[{"name": n, "kind": "human"} for n in names],
                      options={"online": {"room": "K7QF3M", "clock": 0, "seat": you}},
                      created=1_000_000.0 + seed)
    state = play_out(saved, seed)
    saved.touch(state)
    saved.updated = 2_000_000.0 + seed * 3600
    return saved, state.result
