"""The play-over-days part of `chicago-bot bench store`: 10,000 running matches over
days in one SQLite file, and how long the bot takes to read their clocks at start-up,
to sweep them for the next deadline and notice due, and to answer `/chicago mine`.
Figures are printed, never asserted."""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.clocks import MatchClocks, Pace
from bot.discord_app.days_clock import DaysClock
from bot.discord_app.days_commands import mine_text
from bot.discord_app.game_table import GameTable
from bot.discord_app.ports import MatchContext, NoRegistry
from bot.session import MatchSession
from bot.store import MatchRecord, MatchStatus, SeatRecord, SqliteStore

RUNNING = 10_000
PLAYERS = 4
PACE = Pace.chosen("days", None, None, None)
START = datetime(2026, 1, 1, tzinfo=UTC)


class NoGateway:
    """Nothing of Discord is reached: `mine` names channels it cannot see by id."""

    def get_channel(self, id: int, /) -> None:
        return None

    async def fetch_channel(self, channel_id: int, /) -> None:
        return None

    def get_partial_messageable(self, id: int, /) -> None:
        return None

    def get_user(self, id: int, /) -> None:
        return None

    async def fetch_user(self, user_id: int, /) -> None:
        return None


def clocks_json(i: int) -> str:
    """The clocks of the `i`-th bench match over days, one seat asked, as stored."""
    clocks = MatchClocks.start(PACE, range(PLAYERS))
    at = START.timestamp() + i
    clocks.sync([i % PLAYERS], [], at, PACE, 1)
    return clocks.dumps()


async def _build(path: Path, settings: str) -> None:
    async with SqliteStore(path):
        pass  # the schema
    with sqlite3.connect(path) as db:
        now = START.timestamp()
        db.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, host_id, status, settings, seed, "
            "engine_version, created_at, updated_at) VALUES (?, ?, ?, 1, 'running', ?, 1, "
            "'bench', ?, ?)",
            [(i, i % 50, 10_000 + i, settings, now, now) for i in range(1, RUNNING + 1)],
        )
        db.executemany(
            "INSERT INTO match_clocks (match_id, clocks, updated_at) VALUES (?, ?, ?)",
            [(i, clocks_json(i), now) for i in range(1, RUNNING + 1)],
        )


def _ms(work: object, times: int = 20) -> float:
    samples = []
    for _ in range(times):
        t0 = time.perf_counter()
        work()  # type: ignore[operator]
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


async def measure(session: MatchSession, settings: dict[str, object]) -> None:
    """Print the figures; `session` is any running match's, shared by every shell."""
    import json

    settings = {**settings, "pace": PACE.to_dict()}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "days.db"
        await _build(path, json.dumps(settings))
        async with SqliteStore(path) as store:
            t0 = time.perf_counter()
            stored = await store.running_clocks()
            clocks = {m: await DaysClock.load(store, PACE, m, text) for m, text in stored.items()}
            read_ms = (time.perf_counter() - t0) * 1000
            now = START + timedelta(days=1)
            sweep_ms = _ms(lambda: [c.clocks.first_out(c.clocks.asked()) for c in clocks.values()])
            ctx = MatchContext(store, NoGateway(), lambda: now, _no_picture, registry=NoRegistry())
            shells = []
            for m, clock in clocks.items():
                seats = [SeatRecord("boss", f"p{m}-{s}", 1000 + (m * PLAYERS + s) % 20_000)
                         for s in range(PLAYERS)]  # fmt: skip
                record = MatchRecord(
                    m, m % 50, 10_000 + m, 1, MatchStatus.RUNNING, settings, 1, "bench",
                    START, START, seats,
                )  # fmt: skip
                shell = GameTable(ctx, record, session)
                shell.days = clock
                shell.asked_seats = tuple(clock.clocks.asked())
                shells.append(shell)
            player = shells[0].seats[0].user_id
            assert player is not None
            tables = _Listing(shells)
            mine_ms = _ms(lambda: mine_text(tables, player, now))  # type: ignore[arg-type]
    print(f"  over days, {RUNNING:,} running matches of {PLAYERS} players")
    print(f"    clocks at start-up   {read_ms:10.1f} ms  (read and parsed in one query)")
    print(f"    timer sweep          {sweep_ms:10.2f} ms  (each match's first bank to run out)")
    print(f"    /chicago mine        {mine_ms:10.2f} ms  (target ≤ 20)")


class _Listing:
    def __init__(self, shells: list[GameTable]) -> None:
        self.shells = shells

    def running(self) -> list[GameTable]:
        return self.shells


async def _no_picture(state: object, events: object) -> bytes:
    return b""


def run(session: MatchSession, settings: dict[str, object]) -> None:
    asyncio.run(measure(session, settings))
