"""The render pool: both pictures a match shows are drawn in its worker processes,
which start from a fork server that loaded the drawing once, and each worker gives the
memory a picture freed back once it is idle."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from bot.chicago.render import pool as render_pool
from bot.chicago.render import (
    render_phone_png,
    render_phone_png_async,
    render_png,
    render_png_async,
)
from bot.chicago.render.pool import RenderPool
from bot.chicago.render.sample import moment_after
from bot.pictures.heap import HeapTrimmer


async def test_pictures_drawn_by_worker_processes_are_those_drawn_here() -> None:
    moment = moment_after(seed=4, decisions=60, bosses=3)
    pool = RenderPool(2)
    pool.start()
    previous = render_pool.install(pool)
    try:
        phone = await render_phone_png_async(moment.state, moment.events)
        board = await render_png_async(moment.state, moment.events)
        helpers = pool.helper_pids()
        parents = [_parent(pid) for pid in helpers]
    finally:
        render_pool.install(previous)
        await asyncio.to_thread(pool.shutdown)
    assert phone == render_phone_png(moment.state, moment.events)
    assert board == render_png(moment.state, moment.events)
    # Two workers and the fork server they were copied from, which loaded the drawing.
    assert len(helpers) == 3 and len(set(helpers)) == 3
    assert parents[:2] == [helpers[-1]] * 2


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def test_the_heap_is_trimmed_once_pictures_stop() -> None:
    trimmed = threading.Event()
    calls: list[int] = []

    def trim(pad: int) -> int:
        calls.append(pad)
        trimmed.set()
        return 1

    trimmer = HeapTrimmer(idle=0.01, trim=trim)
    for _ in range(5):
        trimmer.picture_done()
    assert trimmed.wait(10)
    assert calls[0] == 0 and trimmer.trims >= 1
    trimmed.clear()
    trimmer.picture_done()
    assert trimmed.wait(10) and trimmer.trims >= 2


def test_without_malloc_trim_nothing_runs() -> None:
    trimmer = HeapTrimmer(trim=None)
    trimmer._trim = None  # a C library without malloc_trim
    trimmer.picture_done()
    assert trimmer.trims == 0 and trimmer._thread is None
