"""`SqliteStore`: the built-in match store, one SQLite file through aiosqlite.

It is read in parts, one per concern, all on one connection (`SqliteDatabase`, which
opens, checks and migrates the file): match rows and seats (`sqlite_matches`), the
decision log and snapshots (`sqlite_log`), results and history (`sqlite_results`), and
ratings (`sqlite_ratings`).
The store joins them and adds the maintenance the `chicago-bot` commands use.
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from bot.store import diagnose
from bot.store.backup import backup_database
from bot.store.sqlite_log import DecisionLog
from bot.store.sqlite_matches import MatchTables
from bot.store.sqlite_ratings import RatingTable
from bot.store.sqlite_results import ResultHistory
from bot.store.sqlite_rows import fetch_value


@dataclass(frozen=True, slots=True)
class PruneReport:
    matches: int
    decisions: int
    kept_results: int


@dataclass(frozen=True, slots=True)
class StoreCounts:
    """How much the database holds, by match status; for backups and the benchmark."""

    by_status: dict[str, int]
    decisions: int
    results: int


class SqliteStore(MatchTables, DecisionLog, ResultHistory, RatingTable):
    """The `MatchStore` on one SQLite file. Use `async with SqliteStore(path) as store:`
    or `open()`/`close()`. `clock` (seconds since the epoch) is replaceable for tests."""

    # -- maintenance ------------------------------------------------------------------

    async def prune(self, older_than: timedelta) -> PruneReport:
        """Remove finished and abandoned matches last changed before `older_than` ago,
        with their seats, log, snapshots and messages; their `results` rows stay for
        history. Freed pages go back to the disk."""
        cutoff = self._now() - older_than.total_seconds()
        where = "status IN ('finished', 'abandoned') AND updated_at < ?"
        async with self._transaction() as db:
            decisions = await fetch_value(
                db,
                f"SELECT count(*) FROM decisions WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {where})",
                (cutoff,),
            )
            kept = await fetch_value(
                db,
                f"SELECT count(*) FROM results WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {where})",
                (cutoff,),
            )
            cursor = await db.execute(f"DELETE FROM matches WHERE {where}", (cutoff,))
            removed = cursor.rowcount
        async with self._lock:
            try:
                await self.db.execute("PRAGMA incremental_vacuum")
            except sqlite3.Error as exc:
                raise diagnose.describe(self.path, exc) from None
        return PruneReport(removed, decisions, kept)

    async def counts(self) -> StoreCounts:
        async with self._transaction(write=False) as db:
            rows = await db.execute_fetchall("SELECT status, count(*) FROM matches GROUP BY 1")
            decisions = await fetch_value(db, "SELECT count(*) FROM decisions")
            results = await fetch_value(db, "SELECT count(*) FROM results")
        return StoreCounts({status: n for status, n in rows}, decisions, results)

    async def integrity_check(self) -> list[str]:
        """SQLite's full check: ["ok"] for a healthy file."""
        async with self._lock:
            rows = await self.db.execute_fetchall("PRAGMA integrity_check")
        return [str(r[0]) for r in rows]

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy while the bot keeps writing (SQLite's online backup)."""
        await asyncio.to_thread(backup_database, self.path, Path(dest), self.busy_timeout)
