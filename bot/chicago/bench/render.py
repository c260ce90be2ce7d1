"""`chicago-bot bench render`: board picture render + PNG encode.

Draws states sampled from seeded random matches and prints, for the phone picture the
bot posts after every turn and for the full board it draws on demand, the median and
p95 time to render and encode (by the clock, and in CPU time, which other processes on a busy
machine disturb less), the PNG size, and how long the event loop stalls while both are
drawn off it (a ticker coroutine measures how late it wakes up): in the pool the bot
installs on this machine (`RenderPool`, worker processes on several cores), and in a
thread, as on one core.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.benchmarks import peak_memory_mb, percentile
from bot.chicago.render import pool as render_pool
from bot.chicago.render import (
    render_phone_png,
    render_phone_png_async,
    render_png,
    render_png_async,
)
from bot.chicago.render.pool import RenderPool
from bot.chicago.render.sample import Moment, play
from bot.chicago.render.static_layer import static_layer
from bot.chicago.render.view import snapshot
from bot.cli.output import Progress
from bot.long_lived import set_aside_start_up
from engine.chicago import MatchState
from engine.chicago.events import Event

SAMPLES_PER_MATCH = 10
TICK_S = 0.001


def _sample(seed: int, bosses: int) -> list[Moment]:
    """About SAMPLES_PER_MATCH evenly spread moments of one match, its end included,
    each with its own copy of the state (play() updates one state in place)."""
    total = sum(1 for _ in play(seed, bosses))
    step = max(1, total // SAMPLES_PER_MATCH)
    chosen: list[Moment] = []
    for moment in play(seed, bosses):
        if moment.decisions % step == 0 or moment.state.result is not None:
            chosen.append(
                Moment(
                    MatchState.from_json(moment.state.to_json()),
                    list(moment.events),
                    moment.decisions,
                )
            )
    return chosen


async def _ticker(stop: asyncio.Event) -> float:
    """Sleep TICK_S at a time until stopped; return the worst lateness in seconds."""
    worst = 0.0
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(TICK_S)
        worst = max(worst, time.perf_counter() - before - TICK_S)
    return worst


@dataclass(slots=True)
class Stalls:
    """Per picture drawn off the loop: the ticker's worst lateness meanwhile, the
    picture's wall-clock time, and the ticker's worst lateness over as long a spell
    right after with nothing drawn (what the machine itself does to the loop: other
    processes, the scheduler)."""

    drawing: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    alone: list[float] = field(default_factory=list)


async def _ticked(work: Awaitable[object]) -> float:
    """The ticker's worst lateness (ms) while `work` runs."""
    stop = asyncio.Event()
    task = asyncio.create_task(_ticker(stop))
    await asyncio.sleep(0)
    await work
    stop.set()
    return await task * 1e3


async def _stall_during(moments: list[Moment], pool: RenderPool | None) -> Stalls:
    """Draw each moment's phone picture and full board off the loop (in `pool`, or a
    thread) while a ticker runs; the ticker's worst lateness is the longest the loop
    could not run."""
    found = Stalls()
    previous = render_pool.install(pool)
    label = "a thread" if pool is None else pool.kind
    progress = Progress(f"drawing off the event loop, in {label}", len(moments))
    try:
        if pool is not None:
            await pool.render(snapshot(moments[0].state, moments[0].events))  # warm
        for done, moment in enumerate(moments, start=1):
            for draw in (render_phone_png_async, render_png_async):
                started = time.perf_counter()
                found.drawing.append(await _ticked(draw(moment.state, moment.events)))
                found.wall.append((time.perf_counter() - started) * 1e3)
                found.alone.append(await _ticked(asyncio.sleep(found.wall[-1] / 1e3)))
            progress.update(done)
    finally:
        render_pool.install(previous)
        progress.close()
    return found


async def _stalls(moments: list[Moment]) -> dict[str, Stalls]:
    """The stalls with the bot's own pool for this machine, then in a thread. What is
    loaded (the moments) is set aside from the garbage collector first, as the running
    bot does after start-up (`bot.long_lived`), and given back after."""
    pool = RenderPool()
    pool.start()
    set_aside_start_up()
    try:
        try:
            found = {pool.kind: await _stall_during(moments, pool)}
        finally:
            await asyncio.to_thread(pool.shutdown)
        if pool.processes:
            found["1 thread"] = await _stall_during(moments, None)
    finally:
        gc.unfreeze()
    return found


def _timed(
    moments: list[Moment], render: Callable[[MatchState, list[Event]], bytes], label: str
) -> tuple[list[float], list[float], list[int]]:
    """Each moment drawn once after a warm-up picture (fonts, sprites): the clock's
    milliseconds, the CPU's, and the PNG sizes."""
    render(moments[0].state, moments[0].events)
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    progress = Progress(label, len(moments))
    for done, moment in enumerate(moments, start=1):
        t0, c0 = time.perf_counter(), time.process_time()
        data = render(moment.state, moment.events)
        cpu.append((time.process_time() - c0) * 1e3)
        times.append((time.perf_counter() - t0) * 1e3)
        sizes.append(len(data))
        progress.update(done)
    progress.close()
    return times, cpu, sizes


def run(args: argparse.Namespace) -> int:
    """Every sampled picture is drawn twice (timed, then off the loop); a terminal sees
    the three stages move, since a large --matches takes minutes."""
    matches: int = args.matches
    started = time.perf_counter()
    static_layer()
    first_ms = (time.perf_counter() - started) * 1e3
    moments: list[Moment] = []
    progress = Progress("playing matches", matches)
    for done, seed in enumerate(range(args.seed, args.seed + matches), start=1):
        moments.extend(_sample(seed, args.bosses))
        progress.update(done)
    progress.close()
    phone = _timed(moments, render_phone_png, "rendering phone pictures")
    times, cpu, sizes = _timed(moments, render_png, "rendering boards")
    stalls = asyncio.run(_stalls(moments))
    print(
        f"render benchmark: {len(moments)} states from {matches} random matches, "
        f"{args.bosses} bosses + police"
    )
    print(f"  static layer (once)   {first_ms:8.1f} ms")
    print("  phone picture (posted after every turn):")
    print(f"  render+encode median  {statistics.median(phone[0]):8.1f} ms  (target ≤ 12)")
    print(f"  render+encode p95     {percentile(phone[0], 0.95):8.1f} ms")
    print(f"  CPU time median       {statistics.median(phone[1]):8.1f} ms")
    print(f"  PNG size median       {statistics.median(phone[2]) / 1024:8.1f} KB")
    print("  full board (on demand):")
    print(f"  render+encode median  {statistics.median(times):8.1f} ms  (target ≤ 12)")
    print(f"  render+encode p95     {percentile(times, 0.95):8.1f} ms  (target ≤ 30)")
    print(f"  CPU time median       {statistics.median(cpu):8.1f} ms  (the same pictures)")
    print(f"  PNG size median       {statistics.median(sizes) / 1024:8.1f} KB")
    print(f"  PNG size max          {max(sizes) / 1024:8.1f} KB  (target ≤ 200)")
    for kind, found in stalls.items():
        bot = " (as the bot here)" if kind == next(iter(stalls)) else " (as on one core)"
        stalled, alone = found.drawing, found.alone
        print(f"  both pictures off the event loop, in {kind}{bot}:")
        print(f"  async render median   {statistics.median(found.wall):8.1f} ms  (wall clock)")
        print(f"  loop stall median     {statistics.median(stalled):8.1f} ms  "
              f"(nothing drawn: {statistics.median(alone):.1f})")  # fmt: skip
        print(f"  loop stall p95        {percentile(stalled, 0.95):8.1f} ms  "
              f"(nothing drawn: {percentile(alone, 0.95):.1f})")  # fmt: skip
        print(f"  loop stall max        {max(stalled):8.1f} ms  (target ≤ 10, aim ≤ 5; "
              f"nothing drawn: {max(alone):.1f}, this machine's own)")  # fmt: skip
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
