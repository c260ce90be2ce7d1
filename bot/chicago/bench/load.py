"""`chicago-bot bench load`: how far one machine goes. Keeps 100 and then `--matches`
(default 1,000) matches active through the bot's own running matches — lock, session,
commit to SQLite (synchronous=FULL), board picture in the render pool, message bodies
with their embeds and buttons — with only Discord's network replaced by an in-memory
channel, and clicks arriving at a steady rate.

Prints the process's resident memory (the render workers counted in), click → next
prompt p50/p99 at that load, pictures per second with 1 and with every worker, and the
highest steady click rate with p99 ≤ 1 s. Targets: idle bot ≤ 80 MB, 1,000 active
matches ≤ 200 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord

from bot.benchmarks import percentile
from bot.chicago.render import pool as render_pool
from bot.chicago.render import render_phone_png_async
from bot.chicago.render.pool import RenderPool, default_workers, pss_bytes, rss_bytes
from bot.discord_app.game_table import GameTable
from bot.discord_app.ports import MatchContext
from bot.settings import Settings
from bot.store import SeatRecord, SqliteStore
from engine.chicago import MatchState, new_match
from engine.chicago.events import Event

SMALL = 100
RATE = 20.0  # clicks per second at which the memory and latency figures are taken
SECONDS = 5.0  # per measured level
RAMP = (25.0, 50.0, 100.0, 200.0, 400.0)
RAMP_SECONDS = 4.0
PICTURES = 60
P99_LIMIT = 1.0


class Posted:
    """A message the in-memory channel keeps: only its id."""

    def __init__(self, message_id: int) -> None:
        self.id = message_id
        self.components: list[Any] = []

    async def edit(self, **_: Any) -> None:
        await asyncio.sleep(0)

    async def delete(self) -> None:
        await asyncio.sleep(0)


class Channel(discord.abc.Messageable):
    """Discord's side of a channel, answered at once: what is measured is the bot."""

    ids = itertools.count(10**15)

    def __init__(self, channel_id: int) -> None:
        self.id = channel_id

    async def _get_channel(self) -> Any:
        return self

    async def send(self, *_: Any, **kwargs: Any) -> Posted:  # type: ignore[override]
        for file in [kwargs.get("file"), *kwargs.get("files", ())]:
            if file is not None:
                file.fp.read()  # the upload reads the picture once
        await asyncio.sleep(0)
        return Posted(next(self.ids))

    def get_partial_message(self, message_id: int) -> Posted:
        return Posted(message_id)

    async def fetch_message(self, message_id: int, /) -> Posted:  # type: ignore[override]
        return Posted(message_id)


class HeadlessBot:
    """What a running match asks of the bot (`MatchContext`), without a gateway. The
    picture can be swapped for a cached one while matches are being opened."""

    def __init__(self, settings: Settings, store: SqliteStore) -> None:
        self.settings = settings
        self.store = store
        self.channels: dict[int, Channel] = {}
        self.quick_picture: bytes | None = None
        self.ctx = MatchContext(
            store=store,
            gateway=self,
            clock=discord.utils.utcnow,
            render=self.render,
            computer_delay=settings.computer_delay,
        )

    async def render(self, state: MatchState, events: Sequence[Event]) -> bytes:
        if self.quick_picture is not None:
            return self.quick_picture  # opening matches is set-up, not what is measured
        return await render_phone_png_async(state, list(events))  # what a turn posts

    def get_channel(self, channel_id: int) -> Channel:
        return self.channels.setdefault(channel_id, Channel(channel_id))

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.get_channel(channel_id)

    async def fetch_channel(self, channel_id: int) -> Channel:
        return self.get_channel(channel_id)

    def get_user(self, user_id: int) -> None:
        return None

    async def fetch_user(self, user_id: int) -> Any:
        raise LookupError(f"user {user_id}: no users in this benchmark")


class Table:
    """One match, all seats people (every decision is a click)."""

    def __init__(self, match: GameTable, users: list[int]) -> None:
        self.runner = match
        self.users = users
        self.busy = False


async def open_match(bot: HeadlessBot, number: int, bosses: int, seed: int) -> Table:
    from bot.discord_app.lobby_room import Lobby
    from bot.discord_app.match_settings import MatchSettings

    users = [number * 10 + i + 1 for i in range(bosses + 1)]
    settings = MatchSettings(main_seats=bosses, timer=86_400)
    record = await bot.store.create_match(1, number, users[0], settings.to_dict(), seed + number)
    seats = [SeatRecord("boss", f"Boss {i}", u) for i, u in enumerate(users[:-1])]
    seats.append(SeatRecord("police", "Police", users[-1]))
    await bot.store.set_seats(record.match_id, seats)
    record.seats = seats
    registry = Started()
    lobby = Lobby(replace(bot.ctx, registry=registry), record, None)
    ok, text = await lobby.start(users[0])
    assert ok and registry.match is not None, text
    return Table(registry.match, [s.user_id or 0 for s in registry.match.seats])


class Started:
    """The registry of one lobby: keeps the running match it becomes."""

    def __init__(self) -> None:
        self.match: GameTable | None = None

    def put(self, table: Any) -> None:
        self.match = table

    def drop(self, table: Any) -> None:
        return None


class RefusedClick(Exception):
    """A click the bench made on the decision asked now did not count: a fault in the
    bot (one click per match is in flight at a time, so it is never a repeat)."""


async def click(table: Table, rng: random.Random, latencies: list[float]) -> None:
    """The deciding player clicks one of the options on offer (never a trade proposal).
    The table was marked busy when the click was scheduled; it is free again after."""
    try:
        runner = table.runner
        if runner.closed or runner.session.pending is None:
            return
        session = runner.session
        pending = session.pending
        assert pending is not None
        options = [
            o.decision
            for o in pending.options
            if o.available and not o.decision.startswith("trade:")
        ]
        if not options:
            return
        start = time.perf_counter()
        choice = rng.choice(options)
        refused = await runner.decide(table.users[pending.seat], session.seq, choice)
        if refused is not None:
            raise RefusedClick(
                f"match {runner.match_id}: the click {choice!r} on decision {session.seq} "
                f"was refused: {refused}"
            )
        latencies.append(time.perf_counter() - start)
    finally:
        table.busy = False


async def steady(
    tables: list[Table], rate: float, seconds: float, rng: random.Random
) -> tuple[list[float], int]:
    """Clicks at `rate` per second for `seconds`, each on the next idle match; returns
    the latencies and how many clicks found no idle match. A match is busy from the
    moment its click is scheduled, so a loop running behind its schedule (clicks
    scheduled in a burst, before any has started) never clicks one match twice."""
    latencies: list[float] = []
    tasks: list[asyncio.Task[None]] = []
    cursor = itertools.cycle(range(len(tables)))
    loop = asyncio.get_running_loop()
    begin = loop.time()
    skipped = 0
    try:
        for n in range(int(rate * seconds)):
            delay = begin + n / rate - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            for _ in range(len(tables)):
                table = tables[next(cursor)]
                if not table.busy and not table.runner.closed:
                    table.busy = True
                    tasks.append(asyncio.create_task(click(table, rng, latencies)))
                    break
            else:
                skipped += 1
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:  # after a failure, no click is left running
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return latencies, skipped


def memory_mb(pool: RenderPool) -> tuple[float, float]:
    """The bot process's RSS and the render workers' own share (PSS), their fork server
    included, in MB: a worker's RSS would count again the pages it shares with the
    others and with the fork server it was copied from."""
    workers = sum(pss_bytes(pid) for pid in pool.helper_pids())
    return rss_bytes() / 2**20, workers / 2**20


async def pictures_per_second(workers: int, views: list[Any]) -> float:
    pool = RenderPool(workers)
    pool.start()
    try:
        await asyncio.gather(*(pool.render(v) for v in views[: max(2, workers)]))  # warm up
        start = time.perf_counter()
        await asyncio.gather(*(pool.render(v) for v in views))
        elapsed = time.perf_counter() - start
    finally:
        await asyncio.to_thread(pool.shutdown)
    return len(views) / elapsed


async def keep_tables(
    bot: HeadlessBot, tables: list[Table], wanted: int, bosses: int, seed: int
) -> None:
    """Replace finished matches, so `wanted` stay active."""
    live = [t for t in tables if not t.runner.closed]
    tables[:] = live
    cached = await bot.render(live[0].runner.session.state, []) if live else b""
    bot.quick_picture = cached
    try:
        number = max((t.runner.match_id for t in tables), default=0) + len(tables) + 1
        while len(tables) < wanted:
            tables.append(await open_match(bot, number, bosses, seed))
            number += 1
    finally:
        bot.quick_picture = None


def _line(label: str, latencies: list[float]) -> str:
    if not latencies:
        return f"{label}: no clicks"
    p50 = percentile(latencies, 0.5) * 1000
    p99 = percentile(latencies, 0.99) * 1000
    return (
        f"{label}: {len(latencies)} clicks, click → next prompt p50 {p50:.0f} ms, p99 {p99:.0f} ms"
    )


async def measure(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    big = max(args.matches, 1)
    levels = sorted({min(SMALL, big), big})
    with tempfile.TemporaryDirectory(prefix="chicago-bench-load-") as folder:
        db = Path(folder) / "chicago.db"
        settings = Settings(_env_file=None, db=db, computer_delay=0.0)  # type: ignore[call-arg]
        store = SqliteStore(db)
        await store.open()
        pool = RenderPool(settings.render_workers)
        try:
            await _measure(args, HeadlessBot(settings, store), pool, levels, rng)
        finally:
            # Whatever stopped the run: no worker thread or process is left waiting.
            render_pool.install(None)
            await asyncio.to_thread(pool.shutdown)
            await store.close()


async def _measure(
    args: argparse.Namespace,
    bot: HeadlessBot,
    pool: RenderPool,
    levels: list[int],
    rng: random.Random,
) -> None:
    from bot.chicago.render.view import snapshot

    workers = default_workers()
    gc.collect()
    alone = rss_bytes() / 2**20
    pool.start()
    render_pool.install(pool)
    await pool.render(snapshot(new_match(args.bosses, seed=args.seed), []))
    bot_mb, workers_mb = memory_mb(pool)
    print(f"machine: {workers} cores; pictures drawn by {pool.kind}")
    print(
        f"idle bot: {alone:.0f} MB resident with pictures in a thread (one core); "
        f"{bot_mb + workers_mb:.0f} MB with {pool.kind} "
        f"(bot {bot_mb:.0f} RSS + workers {workers_mb:.0f} PSS); target ≤ 80 MB"
    )
    tables: list[Table] = []
    for level in levels:
        start = time.perf_counter()
        await keep_tables(bot, tables, level, args.bosses, args.seed)
        opened = time.perf_counter() - start
        latencies, skipped = await steady(tables, RATE, SECONDS, rng)
        gc.collect()
        bot_mb, workers_mb = memory_mb(pool)
        print(
            f"{level} active matches (opened in {opened:.0f} s): "
            f"{bot_mb + workers_mb:.0f} MB resident (bot {bot_mb:.0f} RSS + workers "
            f"{workers_mb:.0f} PSS)" + ("; target ≤ 200 MB" if level >= 1000 else "")
        )
        print("  " + _line(f"{RATE:.0f} clicks/s for {SECONDS:.0f} s", latencies))
    best = 0.0
    for rate in RAMP:
        await keep_tables(bot, tables, levels[-1], args.bosses, args.seed)
        latencies, skipped = await steady(tables, rate, RAMP_SECONDS, rng)
        p99 = percentile(latencies, 0.99) if latencies else float("inf")
        kept_up = p99 <= P99_LIMIT and skipped == 0
        print("  " + _line(f"{rate:.0f} clicks/s", latencies) + ("" if kept_up else "  ✗"))
        if not kept_up:
            break
        best = rate
    print(
        f"highest steady click rate with p99 ≤ 1 s on {levels[-1]} matches: "
        + (f"{best:.0f} clicks/s" if best else f"below {RAMP[0]:.0f} clicks/s")
        + (" (the ramp's top; more may hold)" if best == RAMP[-1] else "")
        + "; target ≥ 100 clicks/s"
    )
    render_pool.install(None)
    await asyncio.to_thread(pool.shutdown)  # done with; `measure` shuts it after a failure too
    views = [snapshot(t.runner.session.state, []) for t in tables[:PICTURES] if not t.runner.asleep]
    views = (views * (PICTURES // max(1, len(views)) + 1))[:PICTURES]
    one = await pictures_per_second(1, views)
    every = await pictures_per_second(workers, views)
    print(
        f"pictures: {one:.1f}/s with 1 worker, {every:.1f}/s with {workers} "
        f"worker{'s' if workers != 1 else ''}"
    )


def run(args: argparse.Namespace) -> int:
    from bot.cli.output import CommandError

    try:
        asyncio.run(measure(args))
    except RefusedClick as exc:
        raise CommandError(f"bench load stopped: {exc}") from exc
    return 0
