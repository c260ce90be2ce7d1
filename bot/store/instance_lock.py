"""One bot per database: a lock the running bot holds for its whole life.

SQLite lets two processes share a file, so a second bot started on the same database
would log in and then fight the first over every match. The bot takes an exclusive
`flock` on `<database>.lock` before opening the store and keeps it until it exits (the
kernel releases it even after a crash); the file names the holder, so the refusal and
`chicago-bot doctor` can say which process has it. `backup` and `prune` do not take it:
they are meant to run beside the bot.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from types import TracebackType
from typing import Self

from bot.store import diagnose
from bot.store.interface import StoreError
from bot.store.lock_file import holder as holder
from bot.store.lock_file import lock_path, read_holder


class DatabaseInUse(StoreError):
    """Another bot holds the database's lock."""


class InstanceLock:
    """`with InstanceLock(db, "chicago-bot run"):` — refuses with DatabaseInUse when
    another process holds it; the lock file itself is left in place afterwards."""

    def __init__(self, database: Path, holder: str) -> None:
        self.database = database
        self.path = lock_path(database)
        self.holder = holder
        self._fd: int | None = None

    def acquire(self) -> None:
        diagnose.check_file(self.database)  # a missing folder is told as such, first
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(
                f"database {self.database}: cannot create its lock file {self.path} "
                f"({exc.strerror}); the bot must be able to write in {self.path.parent}"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            who = read_holder(fd) or "another chicago-bot"
            os.close(fd)
            raise DatabaseInUse(in_use_message(self.database, who)) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{self.holder} (pid {os.getpid()})\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            os.close(fd)

    def __enter__(self) -> Self:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


def in_use_message(database: Path, who: str) -> str:
    return (
        f"database {database} is in use by {who}; only one bot may use a database: "
        "stop the other one, or set CHICAGO_DB to another file"
    )
