"""`backup_database`: a consistent copy of a live database, for `chicago-bot backup` and
the copy kept before a schema migration. SQLite's online backup reads one moment of the
file while the bot goes on writing (WAL readers never block the writer)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store import diagnose
from bot.store.interface import StoreError

DEFAULT_BUSY_TIMEOUT = 5.0


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
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True,
                              timeout=busy_timeout)  # fmt: skip
        try:
            out = sqlite3.connect(partial)
            try:
                src.backup(out)
                out.execute("PRAGMA journal_mode = DELETE")
                problems = [r[0] for r in out.execute("PRAGMA quick_check")]
            finally:
                out.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise diagnose.describe(source, exc) from None
    if problems != ["ok"]:
        partial.unlink(missing_ok=True)
        raise diagnose.corrupt(source, "; ".join(map(str, problems[:3])))
    partial.replace(dest)
