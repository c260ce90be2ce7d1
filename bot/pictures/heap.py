"""Memory a picture worker freed, given back to the system once it is idle.

Drawing a picture allocates and frees megabytes (a full board is an 8 MB image and
its copies); the C allocator keeps the freed pages for its own reuse, so a worker's
resident memory climbs to its busiest moment and stays there, 10 to 15 MB a worker.
Asking glibc to trim its heap returns them, for about half a millisecond, so it is done
by a thread of the worker once no picture has been drawn for IDLE_S: never while a
picture waits. Where the C library has no `malloc_trim` (not glibc), nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from collections.abc import Callable

IDLE_S = 0.05

Trim = Callable[[int], int]


def malloc_trim() -> Trim | None:
    """glibc's `malloc_trim`, or None where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


class HeapTrimmer:
    """Told of every picture drawn; trims the heap after `idle` seconds without one.
    Its thread starts with the first picture (never in a process about to fork)."""

    def __init__(self, idle: float = IDLE_S, trim: Trim | None = None) -> None:
        self.idle = idle
        self.trims = 0
        self._trim = trim if trim is not None else malloc_trim()
        self._drawn = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def picture_done(self) -> None:
        if self._trim is None:
            return
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="heap-trim", daemon=True)
                self._thread.start()
        self._drawn.set()

    def _run(self) -> None:
        assert self._trim is not None
        while True:
            self._drawn.wait()
            self._drawn.clear()
            while self._drawn.wait(self.idle):  # another picture: wait for a quiet spell
                self._drawn.clear()
            self._trim(0)
            self.trims += 1
