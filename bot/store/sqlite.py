"""`SqliteStore`: the built-in match store, one SQLite file through aiosqlite.

It is read in parts, one per concern, all on one connection (`SqliteDatabase`, which
opens, checks and migrates the file): match rows and seats (`matches`), the decision
log and snapshots (`decision_log`), results and history (`results`), ratings
(`ratings_table`) and pruning (`maintenance`) — the same parts `PostgresStore` is made
of. This module adds what only a file has: writes done in one call on the database's
thread (`sqlite_step`), its integrity check and its online backup.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import datetime
from pathlib import Path

from bot.store import diagnose
from bot.store.backup import backup_database
from bot.store.clock_tables import ClockTables
from bot.store.decision_log import DecisionLog
from bot.store.interface import StepWrite, StoreError
from bot.store.maintenance import Maintenance
from bot.store.matches import MatchTables
from bot.store.ratings_table import RatingTable
from bot.store.results import ResultHistory
from bot.store.sqlite_connection import SqliteDatabase
from bot.store.sqlite_step import require_match_now, write_messages, write_step, write_timer


class SqliteStore(
    MatchTables,
    ClockTables,
    DecisionLog,
    ResultHistory,
    RatingTable,
    Maintenance,
    SqliteDatabase,
):
    """The `MatchStore` on one SQLite file. Use `async with SqliteStore(path) as store:`
    or `open()`/`close()`. `clock` (seconds since the epoch) is replaceable for tests."""

    @property
    def location(self) -> str:
        """Where the data is, as `CHICAGO_DB` names it."""
        return str(self.path)

    # -- writes in one call on the database's thread ---------------------------------

    async def _commit(
        self, match_id: int, write: StepWrite, notify: tuple[str, str] | None = None
    ) -> None:
        if notify is not None:
            raise StoreError("notifications between bot processes need the PostgreSQL store")
        now = self._now()
        await self._atomic(lambda conn: write_step(conn, match_id, write, now))

    async def _note(self, match_id: int, messages: dict[str, int | None]) -> None:
        def note(conn: sqlite3.Connection) -> None:
            require_match_now(conn, match_id)
            write_messages(conn, match_id, messages)

        await self._atomic(note, durable=False)

    async def set_message(self, match_id: int, purpose: str, message_id: int | None) -> None:
        def write(conn: sqlite3.Connection) -> None:
            require_match_now(conn, match_id)
            write_messages(conn, match_id, {purpose: message_id})

        await self._atomic(write)

    async def set_deadline(self, match_id: int, seq: int, deadline: datetime | None) -> None:
        def write(conn: sqlite3.Connection) -> None:
            require_match_now(conn, match_id)
            write_timer(conn, match_id, seq, deadline)

        await self._atomic(write)

    # -- maintenance ------------------------------------------------------------------

    async def _reclaim_space(self) -> None:
        async with self._lock:
            try:
                await self.db.execute("PRAGMA incremental_vacuum")
            except sqlite3.Error as exc:
                raise diagnose.describe(self.path, exc) from None

    async def integrity_check(self) -> list[str]:
        """SQLite's full check: ["ok"] for a healthy file."""
        async with self._lock:
            rows = await self.db.execute_fetchall("PRAGMA integrity_check")
        return [str(r[0]) for r in rows]

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy while the bot keeps writing (SQLite's online backup)."""
        await asyncio.to_thread(backup_database, self.path, Path(dest), self.busy_timeout)
