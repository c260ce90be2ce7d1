"""Opening the SQLite file: checks, durability settings and schema migrations, and the
one transaction at a time that every query of `SqliteStore` runs in.

Durability first: WAL with `synchronous=FULL` (every commit reaches the disk before it
returns), foreign keys on, and each write one transaction, so a crash or power cut loses
nothing that was committed and leaves nothing half-written. One connection serves the
whole bot; an asyncio lock keeps one coroutine's transaction from interleaving with
another's on it (a double click becomes a clean `DuplicateDecision`, not a mixed log).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import diagnose
from bot.store.backup import DEFAULT_BUSY_TIMEOUT, backup_database
from bot.store.crash_check import CrashCheck
from bot.store.interface import StoreError
from bot.store.rows import seed_column
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION, Migration
from bot.store.sql import RowConflict, SqlDatabase


class SqliteConnection:
    """An `SqlConnection` on aiosqlite: the store's transaction holds the database's
    write lock already, so no row needs locking."""

    for_update = ""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    def seed_param(self, seed: int) -> int | str:
        return seed_column(seed)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            async with self.db.execute(sql, tuple(params)) as cursor:
                return cursor.rowcount
        except sqlite3.IntegrityError as exc:
            raise _conflict(exc) from None

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.db.executemany(sql, [tuple(r) for r in rows])
        except sqlite3.IntegrityError as exc:
            raise _conflict(exc) from None

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return list(await self.db.execute_fetchall(sql, tuple(params)))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        async with self.db.execute(sql, tuple(params)) as cursor:
            row: Sequence[Any] | None = await cursor.fetchone()
            return row

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        try:
            async with self.db.execute(sql, tuple(params)) as cursor:
                assert cursor.lastrowid is not None
                return cursor.lastrowid
        except sqlite3.IntegrityError as exc:
            raise _conflict(exc) from None


def _conflict(exc: sqlite3.IntegrityError) -> Exception:
    """A unique key taken is a `RowConflict`; any other broken constraint stays an error."""
    if "UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc):
        return RowConflict(str(exc))
    return exc


async def fetch_value(db: aiosqlite.Connection, sql: str) -> Any:
    """One value of a PRAGMA or a count, outside the store's transactions."""
    async with db.execute(sql) as cursor:
        row = await cursor.fetchone()
    return None if row is None else row[0]


log = logging.getLogger("bot.store.sqlite")


class SqliteDatabase(SqlDatabase):
    """The connection to one SQLite file, opened and closed once for the whole bot.
    `clock` (seconds since the epoch) is replaceable for tests."""

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        quick_check: bool = True,
        backup_before_migrating: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.quick_check = quick_check
        self.backup_before_migrating = backup_before_migrating
        super().__init__(clock=clock)
        self._db: aiosqlite.Connection | None = None
        # Reads the whole file after a crash, beside the bot (`crash_check`).
        self.crash_check = CrashCheck(self.path)
        self._lock = asyncio.Lock()

    # -- opening ---------------------------------------------------------------------

    async def open(self) -> None:
        """Open (or create) the database, check it and bring its schema up to date.

        Raises StoreError, naming the file and what to do, for a missing directory, a
        damaged or foreign file, a lock held by another process, missing permissions or a
        database written by a newer release. Nothing is ever recreated or overwritten.
        """
        if self._db is not None:
            return
        diagnose.check_file(self.path)
        existed = self.path.exists()
        unclean = existed and left_open(self.path)
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
        except sqlite3.Error as exc:
            raise diagnose.describe(self.path, exc) from None
        try:
            await self._configure(db, existed)
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise diagnose.describe(self.path, exc) from None
            raise
        self._db = db
        if self.quick_check and unclean:
            self.crash_check.start()

    async def _configure(self, db: aiosqlite.Connection, existed: bool) -> None:
        await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        version = await fetch_value(db, "PRAGMA user_version")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"database {self.path} was written by a newer Chicago 1927 (schema "
                f"{version}; this release knows up to {SCHEMA_VERSION}): upgrade the bot, "
                "or point CHICAGO_DB at a backup made by this release"
            )
        if existed and version == 0 and await fetch_value(db, "SELECT count(*) FROM sqlite_schema"):
            raise diagnose.foreign(self.path)
        if not existed:
            # Must precede the first table; lets `prune` give freed pages back to the disk.
            await db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        mode = await fetch_value(db, "PRAGMA journal_mode = WAL")
        if str(mode).lower() != "wal":
            raise StoreError(f"database {self.path}: cannot use write-ahead logging ({mode})")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            if version > 0 and self.backup_before_migrating:
                copy = self.path.with_name(f"{self.path.name}.schema-{version}.bak")
                if not copy.exists():
                    await asyncio.to_thread(backup_database, self.path, copy)
                    log.info("database %s: copy before migrating kept at %s", self.path, copy)
            for migration in [m for m in MIGRATIONS if m.version > version]:
                await _migrate(db, migration)
                log.info(
                    "database %s: schema %d applied (%s)",
                    self.path,
                    migration.version,
                    migration.summary,
                )

    async def close(self) -> None:
        self.crash_check.stop()
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError(f"database {self.path} is not open")
        return self._db

    @asynccontextmanager
    async def _transaction(
        self, write: bool = True, durable: bool = True
    ) -> AsyncIterator[SqliteConnection]:
        """One transaction, alone on the connection. Writes take the write lock at BEGIN
        (IMMEDIATE) so a busy database fails fast, before any work; reads see one
        consistent moment across their queries. A write that is not `durable` (a note
        of message ids) commits without waiting for the disk: a crashed process loses
        nothing, a power cut may lose that note only."""
        began = time.perf_counter()
        async with self._lock:
            db = self.db
            relaxed = write and not durable
            try:
                if relaxed:
                    await db.execute("PRAGMA synchronous = NORMAL")
                await db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield SqliteConnection(db)
                except BaseException:
                    if db.in_transaction:
                        await db.rollback()
                    raise
                await db.commit()
            except sqlite3.Error as exc:
                if db.in_transaction:
                    await db.rollback()
                raise diagnose.describe(self.path, exc) from None
            finally:
                if relaxed:
                    await db.execute("PRAGMA synchronous = FULL")
                self._count(write, durable, began)

    async def _atomic(
        self, work: Callable[[sqlite3.Connection], None], durable: bool = True
    ) -> None:
        """A whole write transaction in one call on the database's thread (aiosqlite
        runs one thread per connection; each statement awaited apart is a round trip
        to it). `durable` as in `_transaction`."""
        began = time.perf_counter()

        def run(conn: sqlite3.Connection) -> None:
            started = time.perf_counter()
            try:
                write(conn)
            finally:
                self.stats.working += time.perf_counter() - started

        def write(conn: sqlite3.Connection) -> None:
            if not durable:
                conn.execute("PRAGMA synchronous = NORMAL")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    work(conn)
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                if not durable:
                    conn.execute("PRAGMA synchronous = FULL")

        async with self._lock:
            db = self.db
            try:
                # aiosqlite's own call for "run this on the connection's thread".
                await db._execute(run, db._conn)  # type: ignore[no-untyped-call]
            except sqlite3.Error as exc:
                raise diagnose.describe(self.path, exc) from None
            finally:
                self._count(True, durable, began)


def left_open(path: Path) -> bool:
    """Whether the file's last user did not close it. SQLite removes the write-ahead log
    when the last connection closes, so a log still beside the file means a crash or a
    power cut (or another process using the file now). Only then is the file checked,
    beside the bot (`CrashCheck`): the check reads every page (seconds on a large
    history), and `chicago-bot doctor` still makes it on demand."""
    return Path(f"{path}-wal").exists()


async def _migrate(db: aiosqlite.Connection, migration: Migration) -> None:
    """One migration and its `user_version`, committed together or not at all."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        for statement in migration.statements:
            await db.execute(statement)
        if migration.fill is not None:
            await migration.fill(SqliteConnection(db))
        await db.execute(f"PRAGMA user_version = {migration.version}")
        await db.commit()
    except BaseException:
        if db.in_transaction:
            await db.rollback()
        raise
