"""`chicago-bot doctor` on a PostgreSQL database: each state told in one line, the
password never shown, and nothing changed."""

from __future__ import annotations

import asyncio
import socket

import asyncpg

from bot.doctor import check_database
from bot.store import SCHEMA_VERSION
from bot.store.postgres import PostgresStore
from tests.store.helpers import execute_sql, start


def lines(location: str) -> list[str]:
    return [finding.line() for finding in check_database(location)]


def test_an_empty_database_is_ready_and_left_empty(postgres_database: str) -> None:
    database, durability = lines(postgres_database)
    assert (
        database.startswith("ok ") and "empty, its tables are made at the first start" in database
    )
    assert durability.startswith("ok ") and "commits reach the disk" in durability

    async def tables() -> int:
        conn = await asyncpg.connect(postgres_database)
        try:
            return int(await conn.fetchval(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ))  # fmt: skip
        finally:
            await conn.close()

    assert asyncio.run(tables()) == 0, "the doctor changes nothing"


def test_a_database_in_use_and_a_newer_one(postgres_database: str) -> None:
    async def use() -> None:
        async with PostgresStore(postgres_database) as store:
            await start(store, 1, seed=1)

    async def make_newer() -> None:
        async with PostgresStore(postgres_database) as store:
            await execute_sql(store, "UPDATE chicago_schema SET version = ?", (SCHEMA_VERSION + 1,))

    asyncio.run(use())
    assert f"schema {SCHEMA_VERSION}" in lines(postgres_database)[0]
    asyncio.run(make_newer())
    database = lines(postgres_database)[0]
    assert database.startswith("✗") and "from a newer release" in database
    assert "fix: upgrade the bot" in database


def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    [database] = lines(f"postgresql://chicago:hunter2@127.0.0.1:{free}/chicago")
    assert database.startswith("✗") and "cannot reach the server" in database
    assert "hunter2" not in database and "chicago:***@" in database


def test_a_database_a_bot_is_running_on(postgres_database: str) -> None:
    async def check_while_claimed() -> list[str]:
        async with PostgresStore(postgres_database) as bot:
            await bot.claim("chicago-bot run")
            return await asyncio.to_thread(lines, postgres_database)

    [database] = asyncio.run(check_while_claimed())
    assert database.startswith("✗") and "is in use by chicago-bot run (pid" in database
    assert lines(postgres_database)[0].startswith("ok "), "free again once the bot stops"
