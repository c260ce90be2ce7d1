"""`PostgresStore`: the match store on a PostgreSQL server, for a bot that outgrows one
SQLite file (`CHICAGO_DB=postgresql://…`).

It is made of the same parts as `SqliteStore` — match rows, the decision log, results,
ratings, pruning — on a pool of asyncpg connections (`PostgresDatabase`), and adds what several
bot processes sharing one database need: notifications between them (LISTEN/NOTIFY),
which `commit_step_if_next` can send in the same transaction as the decisions it commits.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

import asyncpg

from bot.settings import shard_list
from bot.store import postgres_step, step_sql
from bot.store.clock_tables import ClockTables
from bot.store.decision_log import DecisionLog
from bot.store.instance_lock import DatabaseInUse
from bot.store.interface import StepWrite, StoreError
from bot.store.maintenance import Maintenance
from bot.store.matches import MatchTables
from bot.store.postgres_connection import PostgresDatabase
from bot.store.ratings_table import RatingTable
from bot.store.results import ResultHistory
from bot.store.sql import SqlConnection

# pg_try_advisory_lock key of the running bot: "chic" "ago1" in ASCII. A process running
# every shard holds it alone; processes running some shards hold it shared.
BOT_LOCK = 0x63686963_61676F31
# Two-key advisory locks (class, number) of processes sharing a database: one per shard
# run, one shared lock naming the shard count, and the lock claims take turns on.
SHARD_CLASS = 0x63687364  # "chsd"
COUNT_CLASS = 0x63686374  # "chct"
CLAIM_CLASS = 0x63686C6D  # "chlm"
HOLDERS = (
    "SELECT a.application_name, l.objid FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
    "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
)


class PostgresStore(
    MatchTables,
    ClockTables,
    DecisionLog,
    ResultHistory,
    RatingTable,
    Maintenance,
    PostgresDatabase,
):
    """The `MatchStore` on one PostgreSQL database. Use `async with PostgresStore(dsn)
    as store:` or `open()`/`close()`. `clock` is replaceable for tests."""

    def __init__(
        self, dsn: str, *, pool_size: int = 10, clock: Callable[[], float] = time.time
    ) -> None:
        super().__init__(dsn, pool_size=pool_size, clock=clock)
        self._claim: asyncpg.Connection | None = None

    async def claim(
        self, holder: str, shards: Sequence[int] | None = None, count: int | None = None
    ) -> None:
        """The database for this bot process, as the lock file beside an SQLite database:
        session locks held on a connection of their own until `close` (the server drops
        them if this process dies). `shards` None: the whole bot, alone; else these of
        `count` shards, beside processes running the others with the same count.
        DatabaseInUse, naming the holder, when another process has the whole database, one
        of these shards, or another count. `backup`, `prune` and `migrate` never claim:
        they run beside the bot."""
        part = "" if shards is None else f", shards {shard_list(shards)} of {count}"
        name = f"{holder} (pid {os.getpid()}{part})"
        try:
            conn = await asyncpg.connect(self.dsn, server_settings={"application_name": name})
        except Exception as exc:
            raise self.unreachable(exc) from None
        try:
            async with conn.transaction():
                # Claims take turns: two processes starting together see each other.
                await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", CLAIM_CLASS)
                refusal = await self._refusal(conn, shards, count)
                if refusal is not None:
                    raise DatabaseInUse(refusal)
        except BaseException:
            await conn.close()
            raise
        self._claim = conn

    async def _refusal(
        self, conn: asyncpg.Connection, shards: Sequence[int] | None, count: int | None
    ) -> str | None:
        """Take the claim's locks on `conn`; or say why not (its locks are then dropped
        with the connection)."""
        where = f"database {self.location}"
        if shards is None:
            if await conn.fetchval("SELECT pg_try_advisory_lock($1)", BOT_LOCK):
                return None
            who = await bot_holder(conn, exclusive=False)
            return (
                f"{where} is in use by {who or 'another chicago-bot'}; only one bot may use a "
                "database unless each process runs its own shards (CHICAGO_SHARD_IDS, "
                "CHICAGO_SHARD_COUNT): stop the other one, or set CHICAGO_DB to another database"
            )
        assert count is not None, "a process running some shards knows the count"
        other = await conn.fetchrow(
            f"{HOLDERS} AND l.classid = $1 AND l.objid <> $2", COUNT_CLASS, count
        )
        if other is not None:
            return (
                f"{where} is used by {other[0]} with CHICAGO_SHARD_COUNT={other[1]}; every "
                f"process sharing a database must set the same count (this one: {count})"
            )
        if not await conn.fetchval("SELECT pg_try_advisory_lock_shared($1)", BOT_LOCK):
            who = await bot_holder(conn)
            return (
                f"{where} is in use by {who or 'another chicago-bot'}, which runs every shard; "
                "give it CHICAGO_SHARD_IDS too, or stop it"
            )
        for shard in shards:
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_CLASS, shard):
                runner = await conn.fetchrow(
                    f"{HOLDERS} AND l.classid = $1 AND l.objid = $2", SHARD_CLASS, shard
                )
                return (
                    f"shard {shard} of {where} is already run by "
                    f"{runner[0] if runner else 'another chicago-bot'}; give each process its "
                    "own CHICAGO_SHARD_IDS"
                )
        await conn.execute("SELECT pg_advisory_lock_shared($1, $2)", COUNT_CLASS, count)
        return None

    async def close(self) -> None:
        if self._claim is not None:
            conn, self._claim = self._claim, None
            await conn.close()
        await super().close()

    async def notify(self, channel: str, payload: str) -> None:
        """Send `payload` to every process subscribed to `channel` (at once: a
        notification inside a decision's transaction is `commit_step_if_next(notify=…)`)."""
        async with self._transaction() as db:
            await self._notify_on_commit(db, channel, payload)

    async def _notify_on_commit(self, db: SqlConnection, channel: str, payload: str) -> None:
        await db.execute("SELECT pg_notify(?, ?)", (channel, payload))

    async def _commit(
        self, match_id: int, write: StepWrite, notify: tuple[str, str] | None = None
    ) -> None:
        """A step with decisions as one statement, one round trip (`postgres_step`)."""
        if not write.decisions:
            await super()._commit(match_id, write, notify)
            return
        now = self._now()
        postgres_step.check_snapshot(match_id, write, now)
        sql = postgres_step.statement(postgres_step.shape_of(write, notify is not None))
        values = postgres_step.parameters(match_id, write, now, notify)
        began = time.perf_counter()
        try:
            async with self.pool.acquire() as conn:
                row = await conn.fetchrow(sql, *values)
        except asyncpg.UniqueViolationError:
            raise step_sql.already_logged(match_id, write.decisions[0].seq) from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise StoreError(f"database {self.location}: {exc}") from None
        finally:
            self._count(True, True, began)
        postgres_step.judge(match_id, row, write)

    def subscribe(self, channel: str) -> Subscription:
        """Listen on `channel`: `async with store.subscribe("match:7") as inbox:` then
        `await inbox.get()` or `async for payload in inbox`. Notifications sent before
        the block is entered are not received."""
        return Subscription(self, channel)

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy as one SQLite file (see `bot.store.copy`)."""
        from bot.store.copy import backup_to_sqlite

        await backup_to_sqlite(self, Path(dest))


async def bot_holder(conn: asyncpg.Connection, exclusive: bool = True) -> str | None:
    """The connection name of the bot that claimed the whole database (with `exclusive`
    False: or a process running some of its shards), or None."""
    who = await conn.fetchval(
        "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
        "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 "
        "AND l.objsubid = 1 AND ($3 OR l.mode = 'ExclusiveLock') "
        "ORDER BY a.backend_start LIMIT 1",
        BOT_LOCK >> 32,
        BOT_LOCK & 0xFFFFFFFF,
        not exclusive,
    )
    return None if who is None else str(who) or "another chicago-bot"


class Subscription:
    """The notifications of one channel, on a connection of their own (a pooled one
    would lose its listener when handed back)."""

    def __init__(self, store: PostgresStore, channel: str) -> None:
        self.store = store
        self.channel = channel
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()  # None: connection lost
        self._conn: asyncpg.Connection | None = None

    async def __aenter__(self) -> Self:
        try:
            self._conn = await asyncpg.connect(self.store.dsn)
            await self._conn.add_listener(self.channel, self._received)
            self._conn.add_termination_listener(self._lost)
        except (asyncpg.PostgresError, OSError) as exc:
            await self._close()
            raise StoreError(f"database {self.store.location}: cannot listen ({exc})") from None
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self._close()

    async def _close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            conn.remove_termination_listener(self._lost)
            await conn.close()

    def _received(self, conn: object, pid: int, channel: str, payload: object) -> None:
        self._queue.put_nowait(str(payload))

    def _lost(self, conn: object) -> None:
        self._queue.put_nowait(None)

    async def get(self, timeout: float | None = None) -> str:
        """The next payload, in the order sent; TimeoutError after `timeout` seconds,
        StoreError once the connection is lost (notifications may have been missed)."""
        payload = await asyncio.wait_for(self._queue.get(), timeout)
        if payload is None:
            raise StoreError(f"database {self.store.location}: the listening connection was lost")
        return payload

    async def __aiter__(self) -> AsyncIterator[str]:
        while True:
            yield await self.get()
