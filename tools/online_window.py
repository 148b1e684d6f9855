"""A real window that plays an online game by itself, for looking at online play on screen
(two of these are two players on one machine). It walks the real screens — Play online,
Host or Join (or Return to game), the waiting screen — then plays random legal moves
through the table's own entry, a little slowly, so screenshots show a game in progress.

    python tools/online_window.py --host --code-file /tmp/code --size 1920x1080 --data-dir A
    python tools/online_window.py --join ws://127.0.0.1:8765 --code K7QF3M --data-dir B
    python tools/online_window.py --rejoin --data-dir B          # back to the seat left

--shots DIR saves a screenshot at each stage (wait, start, every --shot-every moves, undo,
reconnecting, away, over). --ask-undo-at N,M asks to take back at the first chance from the
window's N-th move on (and again from the M-th); the window asked refuses the first
--refuse-undo requests and allows the others, after a few seconds. --continue returns to the
seat left through the title screen's Continue (as after a crash). Set AGORA_DUEL_LOCAL_ONLY
to keep everything on loopback.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", default="en")
    p.add_argument("--data-dir", required=True)
    p.add_argument("--name", default="")
    way = p.add_mutually_exclusive_group(required=True)
    way.add_argument("--host", action="store_true")
    way.add_argument("--join")
    way.add_argument("--rejoin", action="store_true")
    p.add_argument("--code")
    p.add_argument("--code-file")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--base-only", action="store_true")
    p.add_argument("--clock", type=int, default=0)
    p.add_argument("--move-delay", type=float, default=0.8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--shots")
    p.add_argument("--shot-every", type=int, default=25)
    p.add_argument("--ask-undo-at", default="", help="move counts, comma-separated")
    p.add_argument("--refuse-undo", type=int, default=0, help="refuse this many take-back requests first")
    p.add_argument("--continue", dest="via_continue", action="store_true",
                   help="with --rejoin: through the title screen's Continue")
    p.add_argument("--stay", type=float, default=6.0, help="seconds to stay after the end")
    args = p.parse_args()

    from main import parse_size
    from ui.text import i18n
    from ui.files import storage
    from ui.shell.app import App
    from ui.scenes.menu import MenuScene
    from ui.scenes.online_game import OnlineGameOverScene, OnlineGameScene, UndoQuestion
    from ui.scenes.online_wait import OnlineWaitScene
    from ui.files.settings import SETTINGS
    from ui.table import online_link

    storage.use(storage.Storage.under(args.data_dir))
    i18n.set_language(args.lang)
    SETTINGS.animation_speed = "fast"
    app = App(parse_size(args.size), home=MenuScene)
    app.push(MenuScene())
    rng = random.Random(args.seed)
    shots = Path(args.shots) if args.shots else None
    taken = set()

    def shot(name):
        if shots is not None and name not in taken:
            taken.add(name)
            app.save_screenshot(shots / f"{name}.png")

    def press(label):
        next(b for b in app.top.group.buttons if b.text == label).activate()

    def frames(n=3):
        for _ in range(n):
            app.step(1 / 30)
            time.sleep(1 / 30)

    frames()
    press(i18n.t("menu.online"))
    frames()
    if args.name:
        app.top.field.text = args.name
    if args.host:
        press(i18n.t("online.host"))
        frames()
        host = app.top
        if args.base_only:
            host.choice["agora"] = 1
        host.choice["clock"] = [0, 10, 20, 30].index(args.clock)
        frames(10)
        shot("host")
        online_link.DEFAULT_PORT = args.port
        press(i18n.t("online.host_start"))
    elif args.join:
        press(i18n.t("online.join"))
        frames()
        join = app.top
        join.address.text = args.join.replace("ws://", "")
        join.code.text = args.code or Path(args.code_file).read_text().strip()
        frames(10)
        shot("join")
        join.join_typed()
    elif args.via_continue:
        app.pop()                                     # back to the title screen
        frames(10)
        menu = app.top
        cont = next(b for b in menu.group.buttons if b.text == i18n.t("menu.continue"))
        menu.group.index = menu.group.buttons.index(cont)
        frames(5)
        shot("title_continue")
        cont.activate()
    else:
        label = i18n.t("online.rejoin", room=app.top.ticket.room)
        ticket_button = next(b for b in app.top.group.buttons if b.text == label)
        frames(10)
        shot("menu_rejoin")
        ticket_button.activate()
    frames()
    moves = 0
    code_written = False
    next_move = time.monotonic() + args.move_delay
    asked = None
    ask_from = sorted(int(n) for n in args.ask_undo_at.split(",") if n.strip())
    refusals = args.refuse_undo
    answered = 0
    ended = None
    while app.running:
        app.step(1 / 30)
        time.sleep(1 / 30)
        top = app.top
        if isinstance(top, OnlineWaitScene):
            if top.session.room and args.code_file and args.host and not code_written:
                tmp = Path(args.code_file + ".tmp")     # whole or not at all: the guest reads it
                tmp.write_text(top.session.room)
                tmp.replace(args.code_file)
                code_written = True
            if top.session.room or top.session.failure:
                shot("wait")
            continue
        game = next((s for s in app.stack if isinstance(s, OnlineGameScene)), None)
        if game is None:
            continue
        session = game.session
        shot("start")
        if session.connection == "lost":
            shot(f"reconnecting_{moves}")
        if session.away_seconds() is not None and session.away_seconds() > 1.5:
            shot(f"away_{moves}")
        if isinstance(top, UndoQuestion):
            asked = asked or time.monotonic()
            shot(f"undo_question_{answered}")
            if time.monotonic() - asked > 3:
                if refusals > 0:
                    refusals -= 1
                    top._refuse()
                else:
                    top._allow()
                answered += 1
                asked = None
            continue
        if isinstance(top, OnlineGameOverScene):
            shot("over")
            ended = ended or time.monotonic()
            if time.monotonic() - ended > args.stay:
                shot("over_late")
                break
            continue
        if session.undo_waiting:
            shot(f"undo_waiting_{moves}")
        if session.undo_refused:
            shot(f"undo_refused_{moves}")
        if session.host_gone and game.away_line():
            shot(f"host_gone_{moves}")
        if game.anim.busy or not session.human_to_act or time.monotonic() < next_move:
            continue
        legal = session.state.legal_actions()
        if not legal:
            continue
        if moves and moves % args.shot_every == 0:
            shot(f"move_{moves}")
        if ask_from and moves >= ask_from[0]:
            if session.can_undo:
                ask_from.pop(0)
                game.request_undo()
                print(f"asked to take back at move {moves}", flush=True)
                next_move = time.monotonic() + args.move_delay
                continue
            if session.undo_unavailable():
                shot(f"undo_off_{moves}")
        if game.choose(rng.choice(legal)):
            moves += 1
            print(f"move {moves}", flush=True)
        next_move = time.monotonic() + args.move_delay
    app.close()
    online_link.stop_hosting()
    return 0


if __name__ == "__main__":
    sys.exit(main())
