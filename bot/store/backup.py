"""`backup_database`: a consistent copy of a live database, for `chicago-bot backup` and
the copy kept before a schema migration. SQLite's online backup reads one moment of the
file while the bot goes on writing (WAL readers never block the writer)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from bot.store import diagnose
from bot.store.interface import StoreError
from bot.store.read_only import open_to_read

DEFAULT_BUSY_TIMEOUT = 5.0
# Pages copied per step: between steps the source is free for the bot's commits.
PAGES_PER_STEP = 1024


class _StillBusy(Exception):
    """The source stayed locked past the busy timeout."""


def _give_up_after(seconds: float) -> Callable[[int, int, int], None]:
    """A backup progress callback that ends the copy once the source has been busy
    for `seconds`: Python's online backup otherwise retries a lock without end."""
    deadline: list[float | None] = [None]

    def progress(status: int, remaining: int, total: int) -> None:
        if status not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            deadline[0] = None
            return
        now = time.monotonic()
        if deadline[0] is None:
            deadline[0] = now + seconds
        elif now >= deadline[0]:
            raise _StillBusy

    return progress


def backup_database(source: Path, dest: Path, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> None:
    """Copy `source` to `dest` with SQLite's online backup: consistent even while the
    bot writes. The copy is written beside `dest` and renamed into place only once
    complete and checked, so a failed backup never leaves a partial file; an existing
    `dest` is never overwritten. The copy is a single self-contained file (no -wal)."""
    if dest.exists():
        raise StoreError(f"backup {dest} already exists; choose another name or remove it")
    if not dest.parent.is_dir():
        raise StoreError(f"backup {dest}: directory {dest.parent} does not exist")
    if not source.exists():
        raise StoreError(f"database {source} does not exist; check --db or CHICAGO_DB")
    diagnose.check_file(source, write=False)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        problems = _copy(source, partial, busy_timeout)
        if problems != ["ok"]:
            raise diagnose.corrupt(source, "; ".join(map(str, problems[:3])))
        partial.replace(dest)
    finally:
        partial.unlink(missing_ok=True)


def _copy(source: Path, partial: Path, busy_timeout: float) -> list[str]:
    """Copy `source` into the new file `partial`; SQLite's check of the copy."""
    try:
        src = open_to_read(source, busy_timeout)
        try:
            out = sqlite3.connect(partial)
            try:
                src.backup(
                    out,
                    pages=PAGES_PER_STEP,
                    progress=_give_up_after(busy_timeout),
                    sleep=0.05,
                )
                out.execute("PRAGMA journal_mode = DELETE")
                return [str(r[0]) for r in out.execute("PRAGMA quick_check")]
            finally:
                out.close()
        finally:
            src.close()
    except _StillBusy:
        raise diagnose.locked(source) from None
    except sqlite3.Error as exc:
        raise diagnose.describe(source, exc) from None
