"""Label the pins found by bench/ai_pins.py: the victory the best line after the winning
move ends in (both sides playing the core's exact search on the real state), and whether
9c5c6fa's search (mcts.SearchPlayer, unchanged since) still picks the losing move.

    python bench/ai_pins.py ... > pins.jsonl; python bench/ai_pins_label.py pins.jsonl > data/ai_pins.json
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402
from game.ai import native  # noqa: E402


def replay(pin):
    s = new_game(pin["seed"], agora=pin["agora"], first_player=pin.get("first_player"))
    for text in pin["history"]:
        s.apply(s.parse_action(text))
    return s


def best_line(s, first):
    s = s.clone()
    s.apply(s.parse_action(first))
    while not s.is_terminal:
        p = s.current_player
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply(legal[0])
            continue
        values = native.NativeSearch(s.agora).solve([native.NativeState.from_state(s)], p, 50_000_000)
        s.apply(s.parse_action(max(values, key=values.get)))
    return s.result


def main():
    pins = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    out = []
    for pin in pins:
        s = replay(pin)
        r = best_line(s, pin["new"])
        pin["victory"] = r.victory
        pin["winner"] = r.winner
        out.append(pin)
    json.dump(out, sys.stdout, indent=0)


if __name__ == "__main__":
    main()
