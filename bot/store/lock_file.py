"""The lock file beside an SQLite database: where it is, and who holds it now. Apart from
the lock itself, so the store's diagnosis can name the holder without taking the lock."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def holder(database: Path) -> str | None:
    """Who holds the database's lock now ("chicago-bot run (pid 12)"), or None."""
    path = lock_path(database)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return read_holder(fd) or "another chicago-bot"
    finally:
        os.close(fd)
    return None


def read_holder(fd: int) -> str:
    """The holder's line from the lock file, made safe to print."""
    try:
        text = os.pread(fd, 200, 0).decode(errors="replace").strip()
    except OSError:
        return ""
    return "".join(c if c.isprintable() else "?" for c in text)
