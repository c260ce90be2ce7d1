"""`chicago-bot bench ai`: how long a computer player takes to decide, on one core, and
how long the event loop stalls while a hard seat thinks beside it.

Plays the matches once per level with every seat at that level, times each `choose`
call, and prints the median and p99 per level, then per decision kind for "hard" (the
level that looks ahead). Targets: p99 ≤ 20 ms for the quick levels, ≤ 300 ms for "hard".

Then a match with hard bosses is played the way the bot plays it (a `MatchSession` that
holds hard seats back for `settle`, which thinks in a worker process, as the bot does
with two render workers or more, then in a thread, as on one core) while a ticker on the
same event loop asks to wake every millisecond: its worst lateness is the longest a click
in another match would wait (target ≤ 20 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from bot.benchmarks import percentile
from bot.session import SLOW_LEVELS, MatchSession
from engine.chicago import PlayerSpec, apply, new_match, timeout_default
from engine.chicago.computer import LEVELS, choose

TARGET_P99_MS = {"hard": 300.0}
QUICK_TARGET_P99_MS = 20.0
TARGET_STALL_MS = 20.0
TICK = 0.001


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:8.3f}"


def _row(label: str, times: list[float]) -> str:
    return (
        f"  {label:<28}{len(times):>10}{_ms(statistics.median(times)):>10}"
        f"{_ms(percentile(times, 0.99)):>10}{_ms(max(times)):>10}"
    )


def run(args: argparse.Namespace) -> int:
    print(
        f"computer player benchmark: {args.matches} matches per level, "
        f"{args.bosses} bosses + police, seeds from {args.seed}"
    )
    print(f"  {'level':<28}{'decisions':>10}{'median ms':>10}{'p99 ms':>10}{'max ms':>10}")
    by_kind: dict[str, list[float]] = {}
    for level in LEVELS:
        times: list[float] = []
        for seed in range(args.seed, args.seed + args.matches):
            players = [PlayerSpec(f"Boss {i + 1}", level) for i in range(args.bosses)]
            state = new_match(args.bosses, seed, None, players, PlayerSpec("Police", level))
            while state.result is None:
                pending = state.pending
                assert pending is not None
                began = time.perf_counter()
                decision = choose(state, pending.seat)
                spent = time.perf_counter() - began
                times.append(spent)
                if level in SLOW_LEVELS:
                    by_kind.setdefault(f"{level}: {pending.kind.value}", []).append(spent)
                apply(state, pending.seat, decision)
        print(_row(level, times))
    for kind, times in sorted(by_kind.items()):
        print(_row(kind, times))
    targets = ", ".join(f"{level} ≤ {ms:g} ms" for level, ms in TARGET_P99_MS.items())
    print(f"  target: p99 ≤ {QUICK_TARGET_P99_MS:g} ms per decision ({targets})")
    print(f"event loop while hard seats play a match (target: worst ≤ {TARGET_STALL_MS:g} ms)")
    context = multiprocessing.get_context("forkserver")
    for where, executor in (
        ("a worker process", ProcessPoolExecutor(1, mp_context=context)),
        ("a thread", ThreadPoolExecutor(1)),
    ):
        with executor:
            stalls, decisions, thinking = asyncio.run(_stall(args.seed, args.bosses, executor))
        print(
            f"  thinking in {where}: {decisions} hard decisions, {thinking:.1f} s; ticker "
            f"lateness median {_ms(statistics.median(stalls)).strip()} ms, p99 "
            f"{_ms(percentile(stalls, 0.99)).strip()} ms, worst {_ms(max(stalls)).strip()} ms"
        )
    return 0


async def _stall(seed: int, bosses: int, executor: Executor) -> tuple[list[float], int, float]:
    """Play one match of hard bosses against a police that answers at once (as a person
    clicking), through `settle`; meanwhile measure how late a 1 ms ticker wakes."""
    players = [PlayerSpec(f"Hard {i + 1}", "hard") for i in range(bosses)]
    setup = new_match(bosses, seed, None, players, PlayerSpec("Police")).setup
    loop = asyncio.get_running_loop()
    stalls: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            asked = loop.time()
            await asyncio.sleep(TICK)
            stalls.append(max(0.0, loop.time() - asked - TICK))

    task = asyncio.create_task(ticker())
    session, step = MatchSession.new(setup, narrated=True, hold_slow=True)
    thinking: list[float] = []
    while True:
        await session.settle(step, executor)
        thinking += [seconds for _, seconds in step.thinking]
        pending = session.pending
        if session.result is not None or pending is None:
            break
        await asyncio.sleep(0)
        step = session.decide(pending.seat, str(timeout_default(session.state)), session.seq)
    done.set()
    await task
    return stalls, len(thinking), sum(thinking)
