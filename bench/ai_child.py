"""One AI player in its own process, for `bench/ai_vs_commit.py`.

    python bench/ai_child.py --root PATH --player hard --seed 1 [--think 0.5]

Imports the engine and AI from the checkout at PATH (the working tree or an earlier
commit), then answers requests on stdin, one JSON object per line:
  {"state": <serialize.encode of the referee's state>}  ->  {"action": "...", "seconds": t}
The player sees only `observation(seat)` computed by its own code from that state, exactly
as in a game in one process, so an earlier commit plays with the observation it knew.
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
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            s = decode(json.loads(line)["state"])
            seat = s.current_player
            legal = s.legal_actions()
            obs = s.observation(seat) if player.needs_observation else None
            t0 = time.perf_counter()
            action = player.choose(obs, legal)
            seconds = time.perf_counter() - t0
            reply = {"action": str(action), "seconds": seconds}
        except Exception as exc:          # reported to the referee, which counts an error
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
