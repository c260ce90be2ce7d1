"""Fixtures for the store tests: every test that takes `location` or `store` runs
against both stores, SQLite on a fresh file and PostgreSQL on a fresh database.

PostgreSQL is the server named by CHICAGO_TEST_POSTGRES (`.ci/run` starts one for the
whole session). Without it the PostgreSQL runs are skipped on a developer's machine and
fail under CI (CI=true): CI must never pass without them.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.store import SqliteStore
from bot.store.location import open_store
from tests.store.helpers import Store, server_sql, with_database

POSTGRES_ENV = "CHICAGO_TEST_POSTGRES"
_names = itertools.count()


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The address of the test server's maintenance database, checked once."""
    dsn = os.environ.get(POSTGRES_ENV, "")
    if not dsn:
        message = f"no PostgreSQL server for the store tests: set {POSTGRES_ENV}"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{message} (CI must run them: .ci/run starts one)")
        pytest.skip(message)

    async def version() -> str:
        conn = await asyncpg.connect(dsn)
        try:
            return str(await conn.fetchval("SHOW server_version"))
        finally:
            await conn.close()

    asyncio.run(version())
    return dsn


@pytest.fixture
def postgres_database(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    name = f"chicago_test_{os.getpid()}_{next(_names)}"
    asyncio.run(server_sql(postgres_server, f"CREATE DATABASE {name}"))
    yield with_database(postgres_server, name)
    asyncio.run(server_sql(postgres_server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "chicago.db"


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, db_path: Path) -> str | Path:
    """Where a test's store keeps its data: an SQLite file, or a PostgreSQL address."""
    if request.param == "sqlite":
        return db_path
    return str(request.getfixturevalue("postgres_database"))


@pytest.fixture
async def store(location: str | Path) -> AsyncIterator[Store]:
    async with open_store(location) as opened:
        yield opened


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[SqliteStore]:
    """For what only a file has (its pragmas, its bytes)."""
    async with SqliteStore(db_path) as opened:
        yield opened
