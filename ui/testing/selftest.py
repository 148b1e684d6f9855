"""`--selftest`: check a build (source or frozen) can do everything a player needs.

Runs headless: loads and validates the data, renders every face (cards, backs, Wonders,
tokens, Decrees, Conspiracies) in both rule sets, renders every English and Korean string
with the bundled fonts checking for missing glyphs, loads and plays every sound (on the
dummy audio driver), says whether the native core (native/, Rust) is in use and plays a
random game in it, plays one complete AI game through the real scenes, then hosts a game
server on this computer (127.0.0.1, a free port, as the window's Host does) and has two
online players play a whole game through it, each seeing only its seat. Prints one line per
check; exit code 0 only if all pass.
"""

import argparse
import asyncio
import os
import sys
import time
import traceback


def _check(name, fn, failures):
    start = time.perf_counter()
    try:
        detail = fn()
    except Exception as exc:          # a self-test reports, it never crashes
        failures.append(name)
        print(f"FAIL {name}: {exc!r}", flush=True)
        traceback.print_exc(limit=4)
        return
    print(f"ok   {name} ({detail}, {time.perf_counter() - start:.1f} s)", flush=True)


def _data():
    from game.data import load_database
    from game.rules import rules_for
    from game.ai.weights import load_choice_values, load_weights
    db = load_database()
    rules_for(True), rules_for(False)
    load_weights(), load_choice_values()          # the AI's data files are bundled and sound
    return (f"{len(db.cards)} cards, {len(db.wonders)} Wonders, {len(db.conspiracies)} "
            f"Conspiracies, AI data")


def _faces():
    from game.rules import rules_for
    from ui.cardart import Art
    from ui.text.i18n import set_language, language
    previous = language()
    count = 0
    try:
        for lang in ("en", "ko"):
            set_language(lang)
            for agora in (False, True):
                rules = rules_for(agora)
                art = Art(rules)
                for c in rules.cards:
                    _sized(art.card(c.name, 110))
                for back in ("1", "2", "3", "guild") + (("senator",) if agora else ()):
                    _sized(art.card_back(back, 110))
                for w in rules.wonders:
                    _sized(art.wonder(w.name, 220))
                for t in rules.progress:
                    _sized(art.progress(t.name, 64))
                for t in rules.military_tokens:
                    _sized(art.military_token(t.name, 56))
                for d in [None] + [d.name for d in rules.decrees]:
                    _sized(art.decree(d, 90))
                for k in [None] + [k.name for k in rules.conspiracies]:
                    _sized(art.conspiracy(k, 110))
                count += len(art._cache)
    finally:
        set_language(previous)
    return f"{count} faces"


def _sized(surface):
    w, h = surface.get_size()
    if w < 8 or h < 8:
        raise ValueError(f"face of size {w}x{h}")


def _strings():
    import pygame
    from ui.text.i18n import load_catalogue
    from ui.files.paths import font_path
    fonts = [pygame.font.Font(str(font_path(bold)), 20) for bold in (False, True)]
    checked = 0
    where: dict[str, str] = {}
    for lang in ("en", "ko"):
        for key, text in load_catalogue(lang).items():
            for ch in text:
                where.setdefault(ch, f"{lang} '{key}'")
            checked += 1

    def picture(font, ch):
        return pygame.image.tobytes(font.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB")

    # The font reports metrics even for some characters it has no glyph for (it draws its
    # empty box): compare each character with that box instead.
    for font in fonts:
        box = picture(font, "\ue000")
        for ch, place in where.items():
            if not ch.isspace() and picture(font, ch) == box:
                raise ValueError(f"{place}: no glyph for {ch!r}")
    return f"{checked} strings"


def _sounds():
    import pygame
    from ui.sound.audio import AUDIO, SOUND_NAMES
    if not AUDIO.start():
        raise RuntimeError(f"no sound: {AUDIO.problem}")
    try:
        if AUDIO.missing:
            raise RuntimeError(f"cannot load {', '.join(AUDIO.missing)}")
        seconds = 0.0
        for name in SOUND_NAMES:
            sound = AUDIO.sounds[name]
            if sound.get_length() <= 0.01:
                raise ValueError(f"sound {name} is empty")
            seconds += sound.get_length()
            if sound.play() is None and pygame.mixer.get_num_channels() == 0:
                raise RuntimeError(f"cannot play {name}")
    finally:
        AUDIO.stop()
    return f"{len(SOUND_NAMES)} sounds, {seconds:.1f} s"


def _game():
    from ui.testing.autoplay import run_autoplay
    args = argparse.Namespace(seed=3, p0="random", p1="random", base_only=False, lang=None,
                              size=None, screenshot=None, frame_stats=False, exit_when_done=True,
                              anim_speed="instant")
    code = run_autoplay(args)
    if code != 0:
        raise RuntimeError(f"autoplay ended with code {code}")
    return "one Agora game through the scenes"


def _native():
    """The native core, where this build has it; a build without it is fine (the AI then uses
    the pure-Python search) unless AGORA_DUEL_REQUIRE_NATIVE is set (the release workflow)."""
    from game.ai import native
    if not native.AVAILABLE:
        if os.environ.get("AGORA_DUEL_REQUIRE_NATIVE"):
            raise RuntimeError(native.WHY_NOT)
        return f"not in use: {native.WHY_NOT}"
    results = [native.play_random_game(seed, agora) for seed, agora in ((1, False), (2, True))]
    return ("in use: a base and an Agora game played in the core ("
            + "; ".join(f"{'draw' if w is None else f'seat {w}'} by {v}" for w, v in results) + ")")


ONLINE_SECONDS = 120          # the online game's bound: a hang fails the check, never the build


def _online():
    import ssl
    import tempfile
    from game import new_game
    from game.savegame import replay_move
    from net.server import BackgroundServer, Config
    ssl.create_default_context()                # a client can reach a wss:// server
    with tempfile.TemporaryDirectory(prefix="agora-duel-selftest-") as folder:
        server = BackgroundServer(Config(data_dir=folder, host="127.0.0.1", port=0))
        port = server.start()
        try:
            host, guest = asyncio.run(asyncio.wait_for(_online_game(f"ws://127.0.0.1:{port}"),
                                                       ONLINE_SECONDS))
        finally:
            server.stop()
    record = host["record"]
    if guest["record"] != record or guest["result"] != host["result"]:
        raise RuntimeError("the two players were told different endings")
    state = new_game(record["seed"], agora=record["agora"], first_player=record["first_player"])
    for i, (seat, text) in enumerate(record["actions"]):
        replay_move(state, i, seat, text)
    if not state.is_terminal or state.result.winner != host["result"]["winner"] \
            or state.result.victory != host["result"]["victory"]:
        raise RuntimeError("the record does not replay to the result the server announced")
    return f"{len(record['actions'])} actions through a server on 127.0.0.1:{port}, TLS available"


async def _online_game(url):
    """Two `random` bots (net/bot.py) play a whole Agora game through the server."""
    from net.bot import Bot
    from net.client import Client
    host, guest = Client(url, "selftest A", give_up_after=10), Client(url, "selftest B", give_up_after=10)
    try:
        joined = await host.create(agora=True)
        await guest.join(joined["room"])
        await asyncio.gather(Bot(host, "random", seed=1).play(), Bot(guest, "random", seed=2).play())
    finally:
        await host.close()
        await guest.close()
    if host.result is None or host.record is None:
        raise RuntimeError("the online game did not end")
    return ({"result": host.result, "record": host.record},
            {"result": guest.result, "record": guest.record})


def run() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    failures = []
    print(f"Agora Duel self-test ({'frozen' if getattr(sys, 'frozen', False) else 'source'})", flush=True)
    _check("data", _data, failures)
    _check("faces", _faces, failures)
    _check("strings", _strings, failures)
    _check("sounds", _sounds, failures)
    from ui.draw import art, fonts, widgets
    for cached in (fonts, art, widgets):      # as App.close(): nothing may outlive pygame
        cached.clear_caches()
    pygame.quit()
    _check("native core", _native, failures)
    _check("game", _game, failures)
    _check("online", _online, failures)
    if failures:
        print(f"self-test FAILED: {', '.join(failures)}", flush=True)
        return 1
    print("self-test passed", flush=True)
    return 0
