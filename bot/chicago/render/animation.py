"""A whole match as one animated picture: the board after every turn, replayed from
the seed and the decision log, holding on the final standings.

GIF, because Discord animates it everywhere. Two things keep a 200-turn match well
under Discord's 10 MB: frames are the board at half size on its fixed palette, and
every frame after the first stores only the pixels that changed (the rest is
transparent over the previous frame), which LZW packs into almost nothing. Drawing is
the slow part, so frames are drawn in a pool of worker processes.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from PIL import Image

from bot.chicago.render.board import draw_view
from bot.chicago.render.palette import palette_image
from bot.chicago.render.view import BoardView, snapshot
from bot.pictures.gif import MAX_BYTES, Frame, encode_gif
from engine.chicago import Setup, apply, replay
from engine.chicago.events import Event, MatchEnded, TurnStarted

SCALE = 0.5
POOL_FROM = 24  # fewer frames than this draw faster without starting workers


def turn_views(setup: Setup, decisions: Sequence[tuple[int, str]]) -> list[BoardView]:
    """The board at the start and after every turn; the last one is the final standings
    (or wherever the log stops). Raises IllegalDecision if the log does not fit."""
    state, _ = replay(setup, ())
    views = [snapshot(state, ())]
    events: list[Event] = []
    for seat, decision in decisions:
        batch = apply(state, seat, decision)
        events += batch
        if any(isinstance(e, (TurnStarted, MatchEnded)) for e in batch):
            views.append(snapshot(state, events))
            events = []
    if events:
        views.append(snapshot(state, events))
    return views


def draw_frame(view: BoardView, scale: float = SCALE) -> Frame:
    """The board of `view` at `scale`, on the fixed palette (runs in a worker)."""
    image = draw_view(view)
    if scale != 1:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.Resampling.BILINEAR)
    quantized = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    return Frame(quantized.size, quantized.tobytes())


def _draw_many(views: Sequence[BoardView], scale: float) -> list[Frame]:
    return [draw_frame(view, scale) for view in views]


def draw_frames(views: Sequence[BoardView], scale: float = SCALE, jobs: int = 0) -> list[Frame]:
    """Every frame, in a pool of `jobs` processes (0: one per CPU, up to four). Workers
    are spawned, never forked, so a bot with threads and open files is safe to call it."""
    jobs = jobs or min(os.cpu_count() or 1, 4)
    if jobs <= 1 or len(views) < POOL_FROM:
        return _draw_many(views, scale)
    chunks = [list(views[i :: jobs * 4]) for i in range(jobs * 4)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        drawn = list(pool.map(_draw_many, chunks, [scale] * len(chunks)))
    frames: list[Frame] = [drawn[0][0]] * len(views)
    for start, part in enumerate(drawn):
        for n, frame in enumerate(part):
            frames[start + n * len(chunks)] = frame
    return frames


def animate(
    setup: Setup,
    decisions: Sequence[tuple[int, str]],
    scale: float = SCALE,
    jobs: int = 0,
    limit: int = MAX_BYTES,
) -> bytes:
    """The match as an animated GIF under `limit` bytes: drawn smaller when a very long
    match would not fit."""
    views = turn_views(setup, decisions)
    while True:
        data = encode_gif(draw_frames(views, scale, jobs), palette_image())
        if len(data) <= limit or scale < 0.2:
            return data
        scale *= 0.8
