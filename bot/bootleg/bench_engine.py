"""`chicago-bot bench engine --game bootleg`: random full Bootleg matches through the
rules on one core, and the picture.

Prints matches/s, the median and p99 time of one `apply`, the time of a whole match,
the state JSON size and round trip, and the picture's drawing time and size (targets:
apply ≤ 50 µs, a 4-player match ≤ 5 ms, a picture ≤ 12 ms and ≤ 300 KB).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.benchmarks import peak_memory_mb, percentile
from bot.bootleg.render import render_bootleg_png
from engine.bootleg import BootlegState, apply, new_match, player_view, visible_events
from engine.bootleg.random_play import random_decision

PICTURE_EVERY = 7  # decisions between two timed pictures


def run(args: argparse.Namespace) -> int:
    players = args.players or 4
    apply_us: list[float] = []
    match_ms: list[float] = []
    picture_ms: list[float] = []
    picture_kb: list[float] = []
    json_sizes: list[int] = []
    round_trip_us: list[float] = []
    decisions = 0
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.matches):
        state = new_match(players, seed=seed)
        rng = random.Random(seed)
        in_match = 0.0
        while state.result is None:
            seat, decision = random_decision(rng, state)
            t0 = time.perf_counter()
            events = apply(state, seat, decision)
            spent = time.perf_counter() - t0
            in_match += spent
            apply_us.append(spent * 1e6)
            decisions += 1
            if decisions % PICTURE_EVERY == 0:
                t0 = time.perf_counter()
                data = render_bootleg_png(player_view(state), visible_events(events, None))
                picture_ms.append((time.perf_counter() - t0) * 1e3)
                picture_kb.append(len(data) / 1024)
                t0 = time.perf_counter()
                text = state.to_json()
                BootlegState.from_json(text)
                round_trip_us.append((time.perf_counter() - t0) * 1e6)
                json_sizes.append(len(text))
        match_ms.append(in_match * 1e3)
    elapsed = time.perf_counter() - started
    print(f"Bootleg engine benchmark: {args.matches} random matches, {players} players")
    print(f"  matches/s            {args.matches / elapsed:10.1f}  (pictures included)")
    print(f"  decisions per match  {decisions / args.matches:10.1f}")
    print(f"  apply median         {statistics.median(apply_us):10.1f} µs  (target ≤ 50)")
    print(f"  apply p99            {percentile(apply_us, 0.99):10.1f} µs")
    print(f"  match median         {statistics.median(match_ms):10.2f} ms  (target ≤ 5)")
    if picture_ms:
        print(f"  picture median       {statistics.median(picture_ms):10.1f} ms  (target ≤ 12)")
        print(f"  picture p99          {percentile(picture_ms, 0.99):10.1f} ms")
        print(f"  picture size max     {max(picture_kb):10.1f} KB  (target ≤ 300)")
        print(f"  state JSON median    {statistics.median(json_sizes) / 1024:10.2f} KB")
        print(f"  JSON round trip med  {statistics.median(round_trip_us):10.1f} µs")
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
