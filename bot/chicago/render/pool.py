"""Where board pictures are drawn: a small pool of worker processes on a machine with
several cores, a thread on one core.

Drawing and PNG encoding hold the interpreter lock for milliseconds at a time, so in a
thread every picture competes with the event loop; in worker processes pictures use
every core and the loop only hands over a snapshot (under a kilobyte) and takes the PNG
back. The bot installs one pool at start (`CHICAGO_RENDER_WORKERS`) and both pictures,
the phone one every turn posts (`render_phone_png_async`) and the full board
(`render_png_async`), use whichever is installed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import forkserver
from pathlib import Path

from bot.chicago.render.view import BoardView, snapshot
from bot.pictures.heap import HeapTrimmer
from engine.chicago import MatchState
from engine.chicago.events import Event


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def warm() -> None:
    """Load the drawing modules and fonts and draw the static board and its palette
    indices once, so the first picture is not slow."""
    from bot.chicago.render import board, phone  # every picture's modules
    from bot.chicago.render.regions import static_indices

    static_indices()
    assert board.render_view is not None and phone.render_phone_view is not None


def _nothing() -> None:
    return None


# In a worker: the memory its pictures freed given back once idle (`bot.pictures.heap`).
_trimmer = HeapTrimmer()


def _render(view: BoardView) -> bytes:
    from bot.chicago.render.board import render_view

    data = render_view(view)
    _trimmer.picture_done()
    return data


def _render_phone(view: BoardView) -> bytes:
    from bot.chicago.render.phone import render_phone_view

    data = render_phone_view(view)
    _trimmer.picture_done()
    return data


Draw = Callable[[BoardView], bytes]


class RenderPool:
    """`workers` processes (0 or 1 on one core: a single thread, as before)."""

    def __init__(self, workers: int | None = None) -> None:
        wanted = default_workers() if workers is None else workers
        self.workers = max(1, wanted)
        self.processes = wanted > 1
        self._executor: Executor | None = None

    @property
    def kind(self) -> str:
        return f"{self.workers} processes" if self.processes else "1 thread"

    def start(self) -> None:
        if self._executor is not None:
            return
        if self.processes:
            # forkserver: workers never inherit the bot's threads, sockets or database.
            context = multiprocessing.get_context("forkserver")
            # Loaded once in the fork server, shared by every worker (`worker_preload`).
            context.set_forkserver_preload(["bot.chicago.render.worker_preload"])
            executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=warm)
            # Start every worker now: the memory is taken at start-up, not mid-match,
            # and the first pictures are not slowed by a process starting.
            for _ in range(self.workers):
                executor.submit(_nothing)
            self._executor = executor
        else:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="chicago-render")

    def executor(self) -> Executor:
        """The started workers, for other work that must stay off the event loop (a hard
        computer player's thinking holds the interpreter for tens of milliseconds)."""
        self.start()
        assert self._executor is not None
        return self._executor

    async def render(self, view: BoardView, draw: Draw = _render) -> bytes:
        self.start()
        assert self._executor is not None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, draw, view)

    def pids(self) -> list[int]:
        """The worker processes alive now (for memory figures)."""
        executor = self._executor
        if not isinstance(executor, ProcessPoolExecutor):
            return []
        processes = getattr(executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None and p.is_alive()]

    def helper_pids(self) -> list[int]:
        """The workers and the fork server they are copied from (for memory figures:
        the fork server holds the pages the workers share)."""
        pids = self.pids()
        if pids:
            server = getattr(forkserver._forkserver, "_forkserver_pid", None)
            if isinstance(server, int):
                pids.append(server)
        return pids

    def shutdown(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


_installed: RenderPool | None = None


def install(pool: RenderPool | None) -> RenderPool | None:
    """Make `pool` the one `render_png_async` uses (None: back to a plain thread);
    returns the one it replaces."""
    global _installed
    previous, _installed = _installed, pool
    return previous


def installed() -> RenderPool | None:
    return _installed


def worker_executor() -> Executor | None:
    """The installed pool's workers, for other work that must stay off the event loop
    (a hard computer player's thinking); None when no pool is installed."""
    pool = _installed
    return None if pool is None else pool.executor()


async def render_off_loop(view: BoardView, draw: Draw = _render) -> bytes:
    """Draw `view` (the full board, or with `draw` another picture of it) in the
    installed pool, or in a thread when none is installed."""
    pool = _installed
    if pool is None:
        return await asyncio.to_thread(draw, view)
    return await pool.render(view, draw)


async def render_phone_png_async(state: MatchState, events: Sequence[Event] = ()) -> bytes:
    """The phone picture (`render_phone_png`) off the event loop, as `render_png_async`."""
    return await render_off_loop(snapshot(state, events), _render_phone)


async def render_png_async(state: MatchState, events: Sequence[Event] = ()) -> bytes:
    """`render_png` off the event loop (in the render pool: worker processes, or a
    thread on one core). The snapshot is taken here, on the loop, so the worker never
    reads a state the bot might be changing meanwhile."""
    view = snapshot(state, events)
    return await render_off_loop(view)


def rss_bytes(pid: int | str = "self") -> int:
    """Resident memory of a process, from /proc (0 where /proc is missing)."""
    return _proc_kb(f"/proc/{pid}/status", "VmRSS:") * 1024


def pss_bytes(pid: int | str = "self") -> int:
    """A process's proportional share of memory: pages it shares with the bot (the
    interpreter, libraries) are counted once across processes, not once per worker."""
    return _proc_kb(f"/proc/{pid}/smaps_rollup", "Pss:") * 1024


def _proc_kb(path: str, key: str) -> int:
    try:
        text = Path(path).read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith(key):
            return int(line.split()[1])
    return 0
