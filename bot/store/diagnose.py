"""Clear reports for a database file that cannot be used: which file, what is wrong, what
to do. The store never recreates or overwrites a file it cannot read, so the owner must be
told exactly why it stopped.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.store.interface import StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"

# Primary result codes (the low byte of an extended code), from sqlite3.h.
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = (
    3, 5, 6, 8, 10, 11, 13, 14, 26,
)  # fmt: skip

RESTORE_HINT = "restore it from a backup (see README, 'Your data') or move it aside"


def check_file(path: Path, write: bool = True) -> None:
    """Refuse, before SQLite touches it, a path that cannot be or hold a database
    (`write`: that the bot could not write to).

    SQLite would happily turn an empty file or a missing directory into surprises; these
    checks are cheap and read only the 100-byte header.
    """
    directory = path.parent
    if not directory.is_dir():
        raise StoreError(
            f"database {path}: directory {directory} does not exist; "
            "create it or set CHICAGO_DB to another path"
        )
    if not path.exists():
        if not os.access(directory, os.W_OK | os.X_OK):
            raise not_writable(path)
        return
    if not path.is_file():
        raise StoreError(f"database {path} is not a regular file; set CHICAGO_DB to a file path")
    try:
        with path.open("rb") as file:
            header = file.read(100)
    except OSError as exc:
        raise StoreError(
            f"database {path} cannot be read ({exc.strerror}); check its owner and permissions"
        ) from None
    if not header:
        raise StoreError(
            f"database {path} is empty (0 bytes), not a Chicago 1927 database; "
            f"{RESTORE_HINT}, or delete it to start afresh"
        )
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise corrupt(path, "it is not an SQLite database")
    if _truncated(path, header):
        raise corrupt(path, "the file is shorter than its header says (truncated)")
    if write and not (os.access(path, os.W_OK) and os.access(directory, os.W_OK | os.X_OK)):
        raise not_writable(path)


def _truncated(path: Path, header: bytes) -> bool:
    """The header's page count (valid when its change counter matches) against the file
    size. A write-ahead log may still hold pages not yet copied back, so a file with a
    non-empty -wal beside it is left to SQLite's own checks."""
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return False
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if header[24:28] != header[92:96]:
        return False
    pages = int.from_bytes(header[28:32], "big")
    return pages > 0 and path.stat().st_size < pages * page_size


def corrupt(path: Path, detail: str) -> StoreError:
    return StoreError(f"database {path} is damaged: {detail}; {RESTORE_HINT}")


def foreign(path: Path) -> StoreError:
    return StoreError(
        f"database {path} is an SQLite database of another program, not a Chicago 1927 "
        "one; set CHICAGO_DB to another path"
    )


def not_writable(path: Path) -> StoreError:
    return StoreError(
        f"database {path} is not writable: the bot needs to write the file and create "
        f"{path.name}-wal and {path.name}-shm beside it in {path.parent}; "
        "fix the permissions or set CHICAGO_DB to a writable place"
    )


def locked(path: Path) -> StoreError:
    """The database is busy past the timeout: say who has it open, when that shows."""
    who = in_use_by(path)
    return StoreError(
        f"database {path} is locked by another process{f' ({who})' if who else ''}; "
        "stop that process or try again"
    )


def in_use_by(path: Path) -> str:
    """The bot holding the database's lock, else the processes that have it open
    (empty when none can be seen)."""
    from bot.store.holders import processes_using
    from bot.store.lock_file import holder

    return holder(path) or ", ".join(processes_using(path))


def describe(path: Path, exc: sqlite3.Error) -> StoreError:
    """An SQLite error turned into a StoreError naming the file and what to do."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc)
    if primary in (_BUSY, _LOCKED) or "locked" in text:
        return locked(path)
    if primary in (_CORRUPT, _NOTADB) or "malformed" in text or "not a database" in text:
        return corrupt(path, text)
    if primary in (_READONLY, _PERM, _CANTOPEN) or "readonly" in text:
        return not_writable(path)
    if primary == _FULL:
        return StoreError(f"database {path}: the disk is full; free some space")
    if primary == _IOERR:
        return StoreError(f"database {path}: input/output error ({text}); check the disk")
    return StoreError(f"database {path}: {text}")
