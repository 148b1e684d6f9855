"""Headless games between two players, with statistics (`python -m game simulate`)."""

import time
import traceback

from .ai import make_player
from .setup import new_game


def play_game(seed, players, agora=True, first_player=0, decision_times=None):
    """Play one game to the end; returns the final state."""
    s = new_game(seed, agora=agora, first_player=first_player)
    while not s.is_terminal:
        p = s.current_player
        player = players[p]
        legal = s.legal_actions()
        obs = s.observation(p) if player.needs_observation else None
        t0 = time.perf_counter()
        action = player.choose(obs, legal)
        if decision_times is not None:
            decision_times[p].append(time.perf_counter() - t0)
        s.apply(action)
    return s


def _percentile(values, q):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def simulate(games, seed=0, p0="random", p1="random", agora=True, think_seconds=None):
    """Play `games` games; seats keep their player, and alternate who plays first."""
    stats = {"games": games, "players": [p0, p1], "agora": agora, "wins": [0, 0], "draws": 0,
             "victories": {"military": 0, "science": 0, "political": 0, "civilian": 0},
             "wins_by_victory": [{}, {}], "errors": 0, "error_messages": []}
    actions = 0
    times = [[], []]
    start = time.perf_counter()
    for i in range(games):
        players = [make_player(p0, seed * 1000 + 2 * i, think_seconds),
                   make_player(p1, seed * 1000 + 2 * i + 1, think_seconds)]
        try:
            s = play_game(seed + i, players, agora, first_player=i % 2, decision_times=times)
        except Exception as exc:       # a crashing game is counted and reported, not fatal
            stats["errors"] += 1
            if len(stats["error_messages"]) < 5:
                stats["error_messages"].append(f"game seed {seed + i}: {exc!r}\n"
                                               + traceback.format_exc(limit=6))
            continue
        actions += len(s.history)
        r = s.result
        stats["victories"][r.victory] += 1
        if r.winner is None:
            stats["draws"] += 1
        else:
            stats["wins"][r.winner] += 1
            by = stats["wins_by_victory"][r.winner]
            by[r.victory] = by.get(r.victory, 0) + 1
    seconds = time.perf_counter() - start
    finished = games - stats["errors"]
    stats["actions_per_game"] = round(actions / finished, 1) if finished else 0
    stats["seconds"] = round(seconds, 3)
    stats["games_per_second"] = round(games / seconds, 1) if seconds else 0
    stats["decision_ms"] = [{"mean": round(1000 * sum(t) / len(t), 3) if t else 0.0,
                             "p95": round(1000 * _percentile(t, 0.95), 3)} for t in times]
    return stats
