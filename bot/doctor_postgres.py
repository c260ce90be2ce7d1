"""`chicago-bot doctor` on a PostgreSQL database: reachable with the given login,
of a known schema, on a server that keeps commits through a power cut, writable.

Read-only like the rest of the doctor: it connects on its own (not through the store,
which would migrate the schema) and changes nothing.
"""

from __future__ import annotations

import asyncio

import asyncpg

from bot.findings import Finding
from bot.store import SCHEMA_VERSION, StoreError
from bot.store.postgres import bot_holder
from bot.store.postgres_connection import CONNECT_TIMEOUT, PostgresDatabase


def check_postgres(dsn: str) -> list[Finding]:
    return asyncio.run(_check(PostgresDatabase(dsn)))


async def _check(database: PostgresDatabase) -> list[Finding]:
    where = database.location
    try:
        conn = await asyncpg.connect(database.dsn, timeout=CONNECT_TIMEOUT)
    except Exception as exc:
        message = str(database.unreachable(exc))
        return [Finding("database", False, message, message.rpartition("; ")[2])]
    try:
        server = await conn.fetchval("SHOW server_version")
        try:
            version = await database.schema_version(conn)
        except StoreError as exc:
            return [Finding("database", False, str(exc), "point CHICAGO_DB at an empty database")]
        fsync = await conn.fetchval("SHOW fsync")
        standby = await conn.fetchval("SELECT pg_is_in_recovery()")
        may_create = await conn.fetchval(
            "SELECT has_database_privilege(current_database(), 'CREATE') "
            "OR has_schema_privilege(current_schema(), 'CREATE')"
        )
        size = int(await conn.fetchval("SELECT pg_database_size(current_database())"))
        holder = await bot_holder(conn)
    except (asyncpg.PostgresError, OSError) as exc:
        return [Finding("database", False, f"{where}: {exc}", "check the server's log")]
    finally:
        await conn.close()
    if holder is not None:
        return [
            Finding(
                "database",
                False,
                f"{where} is in use by {holder}",
                "only one bot may use a database: stop that one before starting another, "
                "or set CHICAGO_DB to another database",
            )
        ]
    findings = [_schema(where, server, version, bool(may_create))]
    if standby:
        findings.append(
            Finding(
                "database",
                False,
                f"{where} is a read-only standby",
                "point CHICAGO_DB at the primary server",
            )
        )
    if fsync != "on":
        findings.append(
            Finding(
                "durability",
                False,
                "the server runs with fsync off: a power cut can lose committed moves",
                "set fsync = on in postgresql.conf (it is only for throwaway test servers)",
            )
        )
    else:
        findings.append(
            Finding(
                "durability",
                True,
                f"commits reach the disk; the database holds {size / 2**20:.0f} MB",
            )
        )
    return findings


def _schema(where: str, server: str, version: int, may_create: bool) -> Finding:
    label = f"{where} (PostgreSQL {server})"
    if version > SCHEMA_VERSION:
        return Finding(
            "database",
            False,
            f"{label}: schema {version} is from a newer release (this one knows {SCHEMA_VERSION})",
            "upgrade the bot, or restore a backup made by this release",
        )
    if version == 0 and not may_create:
        return Finding(
            "database",
            False,
            f"{label} is empty and this login may not create tables in it",
            "GRANT CREATE on the database (or its schema) to the bot's user",
        )
    if version == 0:
        return Finding("database", True, f"{label}: empty, its tables are made at the first start")
    if version < SCHEMA_VERSION:
        return Finding(
            "database", True, f"{label}, schema {version}; upgraded to {SCHEMA_VERSION} at the "
            "next start"
        )  # fmt: skip
    return Finding("database", True, f"{label}, schema {version}")
