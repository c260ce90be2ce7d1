"""Opening a PostgreSQL database: connecting, refusing what is not ours or is newer,
bringing the schema up to date, and the transactions every query of `PostgresStore`
runs in.

A pool of connections serves the bot, so transactions of different matches run side by
side; two writers to the same match take turns on its row lock (`FOR UPDATE`), and the
decision log's primary key turns a double click into a `DuplicateDecision`, even across
processes. A commit returns once the server has it on disk (with the server's default
`synchronous_commit = on`), so nothing posted was not committed first.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, cast

import asyncpg

from bot.database_url import shown
from bot.store.interface import StoreError
from bot.store.postgres_schema import BASELINE, MIGRATION_LOCK, PG_MIGRATIONS, VERSION_TABLE
from bot.store.rows import seed_column
from bot.store.schema import SCHEMA_VERSION, Migration
from bot.store.sql import RowConflict, SqlDatabase

log = logging.getLogger("bot.store.postgres")

CONNECT_TIMEOUT = 10.0
# Whatever the server's defaults: a commit returns only once it is on disk.
SESSION_SETTINGS = {"synchronous_commit": "on", "application_name": "chicago-bot"}
# Tables of ours: finding one without `chicago_schema` means a foreign or damaged database.
_OUR_TABLES = ("matches", "decisions", "results")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The shared queries' `?` placeholders as PostgreSQL's `$1, $2, …` (the queries
    hold no `?` inside quotes)."""
    counter = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class PostgresConnection:
    """An `SqlConnection` on one asyncpg connection inside a transaction."""

    for_update = " FOR UPDATE"

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    def seed_param(self, seed: int) -> int | str:
        """Text, as SQLite would hold it (decimal, or hex when wider than 64 bits), so a
        backup to SQLite keeps every seed exact."""
        return str(seed_column(seed))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status = await self.conn.execute(numbered(sql), *params)
        except asyncpg.UniqueViolationError as exc:
            raise RowConflict(str(exc)) from None
        last = status.rpartition(" ")[2]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])
        except asyncpg.UniqueViolationError as exc:
            raise RowConflict(str(exc)) from None

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return cast(list[Sequence[Any]], await self.conn.fetch(numbered(sql), *params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        return cast(Sequence[Any] | None, await self.conn.fetchrow(numbered(sql), *params))

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        try:
            return int(await self.conn.fetchval(numbered(sql) + " RETURNING id", *params))
        except asyncpg.UniqueViolationError as exc:
            raise RowConflict(str(exc)) from None


class PostgresDatabase(SqlDatabase):
    """A pool of connections to one PostgreSQL database, opened once for the whole bot.
    `pool_size`: the most connections held (transactions that run at once)."""

    def __init__(
        self,
        dsn: str,
        *,
        pool_size: int = 10,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(clock=clock)
        self.dsn = dsn
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def location(self) -> str:
        """Where the data is, as `CHICAGO_DB` names it, without the password."""
        return shown(self.dsn)

    async def open(self) -> None:
        """Connect, check and migrate. Raises StoreError naming the database (never its
        password) and what to do: an unreachable server, a refused login, a missing
        database, a foreign one, or one written by a newer release."""
        if self._pool is not None:
            return
        try:
            pool = await asyncpg.create_pool(
                self.dsn,
                min_size=1,
                max_size=self.pool_size,
                timeout=CONNECT_TIMEOUT,
                server_settings=SESSION_SETTINGS,
            )
        except Exception as exc:
            raise self.unreachable(exc) from None
        try:
            async with pool.acquire() as conn:
                await self._migrate(cast(asyncpg.Connection, conn))
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError | OSError):
                raise StoreError(f"database {self.location}: {exc}") from None
            raise
        self._pool = pool

    def unreachable(self, exc: BaseException) -> StoreError:
        """A failed connection told as what the admin should check."""
        where = f"database {self.location}"
        if isinstance(exc, asyncpg.InvalidCatalogNameError):
            return StoreError(f"{where} does not exist: create it (createdb) or fix CHICAGO_DB")
        if isinstance(
            exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
        ):
            return StoreError(
                f"{where}: the server refused the login ({exc}); check the user and password"
            )
        if isinstance(exc, OSError | TimeoutError):
            return StoreError(
                f"{where}: cannot reach the server ({exc.strerror or exc or 'timed out'}); "
                "check that PostgreSQL runs and the host and port in CHICAGO_DB"
            )
        return StoreError(f"{where}: cannot connect ({type(exc).__name__}: {exc})")

    async def _migrate(self, conn: asyncpg.Connection) -> None:
        """Bring the schema to `SCHEMA_VERSION` in one transaction (all the missing
        migrations or none), under an advisory lock so that processes starting together
        migrate once."""
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = await self.schema_version(conn)
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"database {self.location} was written by a newer Chicago 1927 (schema "
                    f"{version}; this release knows up to {SCHEMA_VERSION}): upgrade the bot, "
                    "or point CHICAGO_DB at a database made by this release"
                )
            for migration in PG_MIGRATIONS:
                if migration.version > version:
                    await _apply(conn, migration)
                    log.info(
                        "database %s: schema %d applied (%s)",
                        self.location,
                        migration.version,
                        migration.summary,
                    )

    async def schema_version(self, conn: asyncpg.Connection) -> int:
        """The schema version; 0 for an empty database. A database holding tables of
        ours without a version, or a version older than any this store ever wrote,
        is refused."""
        if await conn.fetchval("SELECT to_regclass($1)", VERSION_TABLE) is not None:
            version = int(await conn.fetchval(f"SELECT version FROM {VERSION_TABLE}"))
            if version >= BASELINE:
                return version
        elif not any([await conn.fetchval("SELECT to_regclass($1)", t) for t in _OUR_TABLES]):
            return 0
        raise StoreError(
            f"database {self.location} has tables named like Chicago 1927's but is not a "
            "Chicago 1927 database; point CHICAGO_DB at an empty database"
        )

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError(f"database {self.location} is not open")
        return self._pool

    @asynccontextmanager
    async def _transaction(
        self, write: bool = True, durable: bool = True
    ) -> AsyncIterator[PostgresConnection]:
        """One transaction on a connection of the pool. Reads are read-only snapshots
        (REPEATABLE READ): their queries see one moment, as in SQLite. A write that is
        not `durable` commits without waiting for the disk (`synchronous_commit` off for
        that transaction only)."""
        began = time.perf_counter()
        try:
            async with self.pool.acquire() as conn:
                if write:
                    transaction = conn.transaction()
                else:
                    transaction = conn.transaction(isolation="repeatable_read", readonly=True)
                async with transaction:
                    if write and not durable:
                        await conn.execute("SET LOCAL synchronous_commit = off")
                    yield PostgresConnection(cast(asyncpg.Connection, conn))
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise StoreError(f"database {self.location}: {exc}") from None
        finally:
            self._count(write, durable, began)


async def _apply(conn: asyncpg.Connection, migration: Migration) -> None:
    """One migration and its version, in the caller's transaction (a savepoint)."""
    async with conn.transaction():
        for statement in migration.statements:
            await conn.execute(statement)
        if migration.fill is not None:
            await migration.fill(PostgresConnection(conn))
        await conn.execute(f"UPDATE {VERSION_TABLE} SET version = $1", migration.version)
