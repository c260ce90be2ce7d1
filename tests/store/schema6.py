"""A database of schema 6, as the releases before a rating per game left it: the rows of
`tests.store.schema5` taken to schema 6 by that release's own migration (results and
side rows game-neutral, one ratings table per server, every rating Chicago 1927's).

The migration to schema 7 is tested on it, on both databases.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from bot.store.location import open_store
from bot.store.postgres_schema import PG_MIGRATIONS
from bot.store.schema import MIGRATIONS
from tests.store import schema5
from tests.store.helpers import Store

OLD_VERSION = 6


def write_sqlite(path: Path, db: schema5.OldDatabase) -> None:
    """An SQLite file at schema 6 holding `db`'s rows, moved there by migration 6."""
    schema5.write_sqlite(path, db)
    with sqlite3.connect(path, isolation_level=None) as raw:
        raw.execute("BEGIN")
        for statement in MIGRATIONS[OLD_VERSION - 1].statements:
            raw.execute(statement)
        raw.execute(f"PRAGMA user_version = {OLD_VERSION}")
        raw.execute("COMMIT")
    raw.close()


async def write_postgres(dsn: str, db: schema5.OldDatabase) -> None:
    """A PostgreSQL database at schema 6 holding `db`'s rows, moved there by migration 6."""
    await schema5.write_postgres(dsn, db)
    (migration,) = [m for m in PG_MIGRATIONS if m.version == OLD_VERSION]
    conn = await asyncpg.connect(dsn)
    try:
        async with conn.transaction():
            for statement in migration.statements:
                await conn.execute(statement)
            await conn.execute("UPDATE chicago_schema SET version = $1", OLD_VERSION)
    finally:
        await conn.close()


@asynccontextmanager
async def upgraded(
    location: str | Path, version: int, db: schema5.OldDatabase
) -> AsyncIterator[Store]:
    """A store opened on a database of schema `version` (5 or 6) holding `db`'s rows,
    which opening migrates; an SQLite file keeps its copy from before, checked after."""
    writers = {
        schema5.OLD_VERSION: (schema5.write_sqlite, schema5.write_postgres),
        OLD_VERSION: (write_sqlite, write_postgres),
    }
    to_file, to_server = writers[version]
    if isinstance(location, Path):
        to_file(location, db)
    else:
        await to_server(location, db)
    async with open_store(location) as store:
        yield store
    if isinstance(location, Path):
        assert location.with_name(f"{location.name}.schema-{version}.bak").is_file()
