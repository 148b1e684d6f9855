"""Online server load: N simultaneous games of bot clients against one server, on loopback.

    python bench/net_load.py [--games 200] [--think 0.5] [--base-only] [--max-seconds 180]

Starts `python -m net.server` on 127.0.0.1 (a free port, a temporary data folder, limits
raised for one address), connects 2 x N clients spread over a few client processes
(--client-processes), and has each pair play one
game with random bots that wait `--think` seconds before each action (0: as fast as the
server answers, a saturation test). Prints games/minute, actions/s and the p50/p95/p99
time from a client's action to the other client's update of it, with the server's CPU use
(per action: what one free core could serve, however busy the machine is).
Bounded: at --max-seconds the unfinished games are abandoned and the figures cover what
was played. Asserts nothing. Goal (issue #36): 200 games with p95 under 100 ms.
"""

import argparse
import asyncio
import concurrent.futures
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from net.client import Client  # noqa: E402


def start_server(data_dir, games, profile=None):
    limits = ["--rooms-per-address", str(games + 10), "--rooms-per-hour", str(games + 10),
              "--connections-per-address", str(2 * games + 20), "--rate-per-second", "1000",
              "--burst", "1000", "--max-rooms", str(games + 10)]
    # --profile: the server under cProfile (its statistics are written when it stops).
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    proc = subprocess.Popen([sys.executable, *profiler, "-m", "net.server", "--host", "127.0.0.1",
                             "--port", "0", "--data-dir", data_dir, "--quiet", *limits],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "ws://" not in line:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(line.split(":")[-1].split()[0])


def cpu_seconds(pid):
    """User + system CPU seconds of a process (Linux /proc); None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class Measure:
    def __init__(self):
        self.sent = {}          # (room, seq after the action) -> (seat, send time)
        self.latencies = []
        self.actions = 0
        self.finished = 0


async def play(client, think, rng, measure):
    async for msg in client.messages():
        if msg["type"] != "update":
            continue
        key = (client.room, msg["seq"])
        sent = measure.sent.pop(key, None)
        if sent is not None and sent[0] != client.seat:
            measure.latencies.append(time.perf_counter() - sent[1])
        elif sent is not None:
            measure.sent[key] = sent        # the other client has not seen it yet
        if msg["to_move"] == client.seat:
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            legal = msg["observation"]["legal_actions"]
            measure.sent[(client.room, msg["seq"] + 1)] = (client.seat, time.perf_counter())
            measure.actions += 1
            await client.act(rng.choice(legal))
    if client.seat == 0:
        measure.finished += 1


async def run_games(url, games, think, agora, max_seconds, seed):
    measure = Measure()
    pairs = []
    for i in range(games):
        a, b = Client(url, "a", give_up_after=30), Client(url, "b", give_up_after=30)
        joined = await a.create(agora=agora)
        await b.join(joined["room"])
        pairs.append((a, b))
    rng = random.Random(seed)
    start = time.perf_counter()
    tasks = [asyncio.create_task(play(c, think, random.Random(rng.random()), measure))
             for pair in pairs for c in pair]
    done, pending = await asyncio.wait(tasks, timeout=max_seconds)
    for t in pending:
        t.cancel()
    elapsed = time.perf_counter() - start
    for a, b in pairs:
        await a.close()
        await b.close()
    return measure, elapsed


def client_process(url, games, think, agora, max_seconds, seed):
    """One client process's share of the games: (latencies, actions, finished)."""
    measure, _ = asyncio.run(run_games(url, games, think, agora, max_seconds, seed))
    return measure.latencies, measure.actions, measure.finished


def run_all(url, games, think, agora, max_seconds, seed, processes):
    """The games spread over `processes` client processes (one Python process cannot
    decode 400 clients' updates fast enough to measure the server rather than itself)."""
    shares = [games // processes + (i < games % processes) for i in range(processes)]
    start = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        futures = [pool.submit(client_process, url, n, think, agora, max_seconds, seed + i)
                   for i, n in enumerate(shares) if n]
        parts = [f.result() for f in futures]
    measure = Measure()
    for latencies, actions, finished in parts:
        measure.latencies += latencies
        measure.actions += actions
        measure.finished += finished
    return measure, time.perf_counter() - start


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="simultaneous games (at most 1000)")
    p.add_argument("--think", type=float, default=0.5,
                   help="mean seconds a bot waits before acting (0: flat out)")
    p.add_argument("--base-only", action="store_true", help="base games instead of Agora")
    p.add_argument("--max-seconds", type=float, default=180.0, help="stop after this long")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--client-processes", type=int, default=4,
                   help="processes the clients are spread over")
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile", metavar="PATH",
                   help="run the server under cProfile and write its statistics to PATH")
    args = p.parse_args(argv)
    games = max(1, min(args.games, 1000))
    with tempfile.TemporaryDirectory(prefix="net-load-") as data:
        proc, port = start_server(data, games, args.profile)
        try:
            cpu0 = cpu_seconds(proc.pid)
            measure, elapsed = run_all(f"ws://127.0.0.1:{port}", games, args.think,
                                       not args.base_only, args.max_seconds, args.seed,
                                       max(1, args.client_processes))
            cpu1 = cpu_seconds(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    lat = measure.latencies
    out = {
        "games": games, "finished": measure.finished, "agora": not args.base_only,
        "think": args.think, "client_processes": args.client_processes,
        "seconds": round(elapsed, 1),
        "games_per_minute": round(measure.finished / elapsed * 60, 1),
        "actions_per_second": round(measure.actions / elapsed, 1),
        "latency_ms": {"p50": round(percentile(lat, 0.50) * 1000, 1),
                       "p95": round(percentile(lat, 0.95) * 1000, 1),
                       "p99": round(percentile(lat, 0.99) * 1000, 1),
                       "mean": round(statistics.fmean(lat) * 1000, 1) if lat else None,
                       "samples": len(lat)},
        "server_cpu_percent": (round((cpu1 - cpu0) / elapsed * 100, 1)
                               if cpu0 is not None and cpu1 is not None else None),
        # CPU per action says what one free core could serve, whatever else the machine runs.
        "server_cpu_ms_per_action": (round((cpu1 - cpu0) / measure.actions * 1000, 2)
                                     if cpu0 is not None and cpu1 is not None
                                     and measure.actions else None),
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(out))
    else:
        l = out["latency_ms"]
        print(f"{out['finished']}/{games} {'Agora' if out['agora'] else 'base'} games in "
              f"{out['seconds']} s (think {args.think} s): {out['games_per_minute']} games/min, "
              f"{out['actions_per_second']} actions/s; action -> opponent's update "
              f"p50 {l['p50']} ms, p95 {l['p95']} ms, p99 {l['p99']} ms ({l['samples']} "
              f"samples); server CPU {out['server_cpu_percent']} % of one core, "
              f"{out['server_cpu_ms_per_action']} ms per action; "
              f"{out['cpus']} CPUs, {args.client_processes} client processes")


if __name__ == "__main__":
    main()
