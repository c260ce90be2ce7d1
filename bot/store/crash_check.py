"""The check of an SQLite file its last user did not close (a crash, a power cut), run
beside the bot rather than before it.

In WAL mode with `synchronous=FULL` SQLite's own recovery brings back every committed
transaction after a crash, and a torn write can only hit a log frame, which recovery
drops. What a check still finds is damage the disk did on its own, anywhere in the
file: finding it means reading every page, which takes seconds on a large history. So
the file opens at once, as fast after a crash as after a clean stop, and the check reads
it on its own read-only connection in a thread meanwhile; damage is logged as an error
saying what to do, and stays readable from `problems()`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from pathlib import Path

from bot.store import diagnose

log = logging.getLogger("chicago.store")


class CrashCheck:
    """`PRAGMA quick_check` of one file, running in a thread from `start()`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._task: asyncio.Task[list[str]] | None = None
        self._conn: sqlite3.Connection | None = None
        self._stopped = False
        self._lock = threading.Lock()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"check {self.path.name}")

    async def problems(self) -> list[str]:
        """What the check found once it ends ([] for a sound file, or no check run)."""
        return [] if self._task is None else await asyncio.shield(self._task)

    def stop(self) -> None:
        """End a check still running, or keep one from starting (the bot is stopping)."""
        with self._lock:
            self._stopped = True
            if self._conn is not None:
                self._conn.interrupt()

    async def _run(self) -> list[str]:
        log.info("database %s was not closed cleanly: checking it while the bot runs", self.path)
        try:
            found = await asyncio.to_thread(self._check)
        except sqlite3.OperationalError as exc:
            if "interrupted" in str(exc):
                return []
            found = [str(exc)]
        except sqlite3.DatabaseError as exc:
            found = [str(exc)]
        if found:
            log.error("%s", diagnose.corrupt(self.path, "; ".join(found[:3])))
        return found

    def _check(self) -> list[str]:
        with self._lock:
            if self._stopped:
                return []
            conn = sqlite3.connect(
                f"{self.path.as_uri()}?mode=ro", uri=True, check_same_thread=False
            )
            self._conn = conn
        try:
            rows = conn.execute("PRAGMA quick_check").fetchall()
        finally:
            with self._lock:
                self._conn = None
            conn.close()
        problems = [str(r[0]) for r in rows]
        return [] if problems == ["ok"] else problems
