"""Opening a database only to read it (`backup`, `doctor`) without leaving traces.

Two traps: a path with '#' or '?' is cut short in an SQLite URI unless escaped, and a
connection opened with `mode=ro` on a write-ahead-log database creates `-wal` and `-shm`
files it then cannot remove. So the URI comes from `Path.as_uri()` (percent-escaped),
and a file the caller may write is opened read-write (only read, but the last
connection's close then tidies up as the bot's own close does); a file it may not write
and that nobody has open (no `-wal` beside it) is read as immutable, creating nothing.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def sqlite_uri(path: Path, mode: str) -> str:
    """`file:` URI of `path` with every special character escaped."""
    return f"{path.resolve().as_uri()}?mode={mode}"


def may_write(path: Path) -> bool:
    """Whether this process could write the database file and its -wal and -shm."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def open_to_read(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection for reading `path`; waits up to `timeout` seconds for a lock."""
    if may_write(path):
        uri = sqlite_uri(path, "rw")
    elif path.with_name(path.name + "-wal").exists():
        uri = sqlite_uri(path, "ro")  # in use by its writer, whose files these are
    else:
        uri = sqlite_uri(path, "ro") + "&immutable=1"
    return sqlite3.connect(uri, uri=True, timeout=timeout)
