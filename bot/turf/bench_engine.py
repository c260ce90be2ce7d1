"""`chicago-bot bench engine --game turf`: random full Turf matches through the rules
engine on one core, and the Turf picture.

Prints matches/s, decisions/s, the median and p99 time of one `apply`, the state JSON
size and round trip, and the median and p99 time to draw a picture and encode it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.benchmarks import peak_memory_mb, percentile
from bot.turf.render import render_turf_png
from engine.turf import TurfState, apply, new_match, player_view
from engine.turf.random_play import random_decision

PICTURE_EVERY = 23  # decisions between two timed pictures


def run(args: argparse.Namespace) -> int:
    players = args.players or 4
    apply_us: list[float] = []
    picture_ms: list[float] = []
    json_sizes: list[int] = []
    round_trip_us: list[float] = []
    decisions = 0
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.matches):
        state = new_match(players, seed=seed)
        rng = random.Random(seed)
        while state.result is None:
            seat, decision = random_decision(rng, state)
            t0 = time.perf_counter()
            events = apply(state, seat, decision)
            apply_us.append((time.perf_counter() - t0) * 1e6)
            decisions += 1
            if decisions % PICTURE_EVERY == 0:
                t0 = time.perf_counter()
                render_turf_png(player_view(state), events)
                picture_ms.append((time.perf_counter() - t0) * 1e3)
                t0 = time.perf_counter()
                data = state.to_json()
                TurfState.from_json(data)
                round_trip_us.append((time.perf_counter() - t0) * 1e6)
                json_sizes.append(len(data))
    elapsed = time.perf_counter() - started
    print(f"Turf engine benchmark: {args.matches} random matches, {players} players")
    print(f"  matches/s            {args.matches / elapsed:10.1f}")
    print(f"  decisions/s          {decisions / elapsed:10.0f}  (pictures included)")
    print(f"  decisions per match  {decisions / args.matches:10.1f}")
    print(f"  apply median         {statistics.median(apply_us):10.1f} µs  (target ≤ 50)")
    print(f"  apply p99            {percentile(apply_us, 0.99):10.1f} µs")
    if picture_ms:
        print(f"  picture median       {statistics.median(picture_ms):10.1f} ms  (target ≤ 30)")
        print(f"  picture p99          {percentile(picture_ms, 0.99):10.1f} ms")
        print(f"  state JSON median    {statistics.median(json_sizes) / 1024:10.2f} KB")
        print(f"  JSON round trip med  {statistics.median(round_trip_us):10.1f} µs")
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
