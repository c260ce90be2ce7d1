"""Files the offline commands write, and progress on long work.

Every command reports a bad path in one line before doing any work, and writes each
file whole or not at all: a disk that fills up mid-write leaves no broken picture.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO


class CommandError(Exception):
    """A command cannot go on: `main` prints the message as one line and exits with
    `code` (2 for bad input, 1 for a failure while running)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def reason(exc: OSError) -> str:
    """An OSError in a few words ("No space left on device"), without the errno."""
    return exc.strerror or str(exc)


def path_text(text: str) -> Path:
    """An argparse type: a path, refusing the empty string (which would mean ".")."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the path is empty")
    return Path(text)


def check_output_file(path: Path) -> None:
    """Refuse, before any work, a file that cannot be written: a folder, a missing
    folder, a place nothing can be created in."""
    if path.is_dir():
        raise CommandError(f"{path} is a directory; name a file to write", 2)
    folder = path.parent
    if not folder.is_dir():
        raise CommandError(f"folder {folder} does not exist", 2)
    if path.exists():
        if not os.access(path, os.W_OK):
            raise CommandError(f"cannot write {path}: permission denied", 2)
        return
    _probe(folder)


def _probe(folder: Path) -> None:
    """Create and remove a scratch file: the only sure test that a folder takes files
    (/proc, /sys and read-only mounts say yes to os.access, even for root)."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".chicago-probe-"):
            pass
    except OSError as exc:
        raise CommandError(f"cannot write in {folder}: {reason(exc)}", 2) from None


def prepare_folder(folder: Path) -> None:
    """Create the folder if it is missing and make sure files can be written in it."""
    if folder.exists() and not folder.is_dir():
        raise CommandError(f"{folder} is not a directory", 2)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"cannot create folder {folder}: {reason(exc)}", 2) from None
    _probe(folder)


def write_file(path: Path, data: bytes) -> None:
    """Write `data` whole or not at all: a regular file goes through a temporary file
    renamed into place; a device such as /dev/full is written directly."""
    try:
        if path.exists() and not path.is_file():
            path.write_bytes(data)
            return
        fd, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        try:
            # mkstemp makes the file private (0600); a file the user asked for gets the
            # mode any new file of theirs gets (0644 under the usual umask 022).
            os.fchmod(fd, 0o666 & ~current_umask())
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(scratch, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(scratch)
            raise
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {reason(exc)}") from None


def current_umask() -> int:
    """The process's umask; reading it means setting it, so it is set straight back."""
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def remove_files(paths: Iterable[Path]) -> int:
    """Remove these files; returns how many there were."""
    count = 0
    for path in paths:
        try:
            path.unlink()
        except OSError as exc:
            raise CommandError(f"cannot remove the old {path}: {reason(exc)}", 2) from None
        count += 1
    return count


class Progress:
    """A one-line counter redrawn in place on a terminal, silent otherwise, so logs and
    pipes get only the figures."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.active = self.stream.isatty()
        self.started = time.perf_counter()
        self._shown = 0.0

    def update(self, done: int) -> None:
        """Redraw at most ten times a second, and always at the end."""
        if not self.active:
            return
        now = time.perf_counter()
        if done < self.total and now - self._shown < 0.1:
            return
        self._shown = now
        elapsed = now - self.started
        self.stream.write(f"\r{self.label}: {done}/{self.total} ({elapsed:.0f} s)\033[K")
        self.stream.flush()

    def close(self) -> None:
        """Clear the line, so the report starts on a clean one."""
        if self.active:
            self.stream.write("\r\033[K")
            self.stream.flush()
