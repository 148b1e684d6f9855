"""One AI player in its own process, for `bench/ai_vs_commit.py`.

    python bench/ai_child.py --root PATH --player hard --seed 1 [--think 0.5]

Imports the engine and AI from the checkout at PATH (the working tree or an earlier
commit), then answers requests on stdin, one JSON object per line:
  {"state": <serialize.encode of the referee's state>,
   "game": {"seed": n, "agora": bool, "first": 0|1}, "actions": [notation, ...]}
      ->  {"action": "...", "seconds": t, "iterations": search iterations or null}
The player sees only `observation(seat)` computed by its own code from that state, exactly
as in a game in one process, so an earlier commit plays with the observation it knew.
If this code cannot read the referee's state (a save format from a later version), it
replays the game from its seed and the actions played so far with its own engine.
This script imports nothing of the project itself: the code comes from --root.
"""

import argparse
import json
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--player", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--think", type=float, default=None)
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    from game.serialize import decode
    from game.ai import make_player
    player = make_player(args.player, args.seed, args.think)
    from game.serialize import SaveError
    from game import new_game
    out = sys.stdout
    replay = None                         # [state, actions applied] when replaying
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            try:
                if replay is not None:
                    raise SaveError("replaying")
                s = decode(request["state"])
            except SaveError:
                if "game" not in request:
                    raise
                if replay is None:
                    g = request["game"]
                    replay = [new_game(g["seed"], agora=g["agora"], first_player=g["first"]), 0]
                s, done = replay
                for text in request["actions"][done:]:
                    s.apply(s.parse_action(text))
                replay[1] = len(request["actions"])
            seat = s.current_player
            legal = s.legal_actions()
            obs = s.observation(seat) if player.needs_observation else None
            t0 = time.perf_counter()
            action = player.choose(obs, legal)
            seconds = time.perf_counter() - t0
            reply = {"action": str(action), "seconds": seconds,
                     "iterations": getattr(player, "last_iterations", None) if len(legal) > 1 else None}
        except Exception as exc:          # reported to the referee, which counts an error
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
