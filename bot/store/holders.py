"""Which processes have a file open, to say by what a database is in use.

Read from /proc on Linux (only processes the current user may inspect); elsewhere, or
when nothing can be seen, the answer is empty and messages say "another process".
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
MOST_SHOWN = 3


def processes_using(path: Path, proc: Path = PROC) -> list[str]:
    """ "pid N (command)" for each other process holding `path` open, at most a few."""
    try:
        target = path.resolve()
        pids = [entry for entry in proc.iterdir() if entry.name.isdigit()]
    except OSError:
        return []
    found: list[str] = []
    for entry in pids:
        if int(entry.name) == os.getpid():
            continue
        if _holds(entry, target):
            found.append(f"pid {entry.name} ({_command(entry)})")
            if len(found) == MOST_SHOWN:
                break
    return found


def _holds(process: Path, target: Path) -> bool:
    try:
        descriptors = list((process / "fd").iterdir())
    except OSError:
        return False
    for descriptor in descriptors:
        try:
            if Path(os.readlink(descriptor)) == target:
                return True
        except OSError:
            continue
    return False


def _command(process: Path) -> str:
    """The program and its first arguments, as `ps` would show them, kept short."""
    try:
        words = (process / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    names = [w.decode(errors="replace") for w in words if w]
    if names:
        names[0] = Path(names[0]).name
    shown = " ".join(" ".join(names).split())
    return "".join(c if c.isprintable() else "?" for c in shown)[:60] or "?"
