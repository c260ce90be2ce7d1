"""A whole match as one animated picture: the board after every turn, replayed from
the seed and the decision log, holding on the final standings.

GIF, because Discord animates it everywhere. Two things keep a 200-turn match well
under Discord's 10 MB: frames are the board at half size on its fixed palette, and
every frame after the first stores only the pixels that changed (the rest is
transparent over the previous frame), which LZW packs into almost nothing. Drawing is
the slow part, so frames are drawn in a pool of worker processes.
"""

from __future__ import annotations

import io
import multiprocessing
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

from bot.render.board import draw_view
from bot.render.palette import palette_image
from bot.render.view import BoardView, snapshot
from engine.chicago import Setup, apply, replay
from engine.chicago.events import Event, MatchEnded, TurnStarted

SCALE = 0.5
TURN_MS = 250
FIRST_MS = 1200
FINAL_MS = 8000
MAX_BYTES = 9_500_000  # Discord refuses attachments over 10 MB
TRANSPARENT = 255  # the fixed palette uses fewer colours, so this index is free
POOL_FROM = 24  # fewer frames than this draw faster without starting workers


@dataclass(frozen=True, slots=True)
class Frame:
    """One still: the board's size and its palette indices, as a worker returns it."""

    size: tuple[int, int]
    pixels: bytes

    def image(self, palette: Image.Image | None = None) -> Image.Image:
        image = Image.frombytes("P", self.size, self.pixels)
        image.putpalette((palette or palette_image()).getpalette() or [])
        return image


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


def _changes(frames: Sequence[Frame], palette: Image.Image) -> Iterator[Image.Image]:
    """The first frame whole, then each frame's changed pixels over transparency."""
    previous = None
    for frame in frames:
        indices = Image.frombytes("L", frame.size, frame.pixels)
        if previous is None:
            yield frame.image(palette)
        else:
            changed = ImageChops.difference(previous, indices).point(lambda v: 255 if v else 0)
            delta = Image.new("L", frame.size, TRANSPARENT)
            delta.paste(indices, mask=changed)
            image = Image.frombytes("P", frame.size, delta.tobytes())
            image.putpalette(palette.getpalette() or [])
            image.info["transparency"] = TRANSPARENT
            yield image
        previous = indices


def encode_gif(frames: Sequence[Frame], palette: Image.Image | None = None) -> bytes:
    """An endlessly looping GIF: a pause on the setup, a beat per turn, a long hold on
    the last frame. `palette`: the frames' fixed palette (default: the board's); it
    must leave index 255 free."""
    images = list(_changes(frames, palette or palette_image()))
    durations = [TURN_MS] * len(images)
    durations[0] = FIRST_MS
    durations[-1] = FINAL_MS
    buffer = io.BytesIO()
    images[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        disposal=1,
        transparency=TRANSPARENT,
        optimize=False,
    )
    return buffer.getvalue()


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
        data = encode_gif(draw_frames(views, scale, jobs))
        if len(data) <= limit or scale < 0.2:
            return data
        scale *= 0.8


def write_pngs(
    frames: Sequence[Frame], folder: Path, palette: Image.Image | None = None
) -> list[Path]:
    """Each frame as `turn-0000.png` (the setup), `turn-0001.png`, …"""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, frame in enumerate(frames):
        path = folder / f"turn-{n:04d}.png"
        frame.image(palette).save(path, format="PNG", optimize=False, compress_level=3)
        paths.append(path)
    return paths
