"""A whole match as one animated GIF, the same way for every game: frames on the game's
fixed palette, every frame after the first storing only the pixels that changed (the rest
transparent over the previous frame), which LZW packs into almost nothing; a pause on the
first frame, a beat per turn and a long hold on the last. GIF, because Discord animates it
everywhere."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

TURN_MS = 250
FIRST_MS = 1200
FINAL_MS = 8000
MAX_BYTES = 9_500_000  # Discord refuses attachments over 10 MB
TRANSPARENT = 255  # every fixed palette uses fewer colours, so this index is free


@dataclass(frozen=True, slots=True)
class Frame:
    """One still: the picture's size and its palette indices, as a worker returns it."""

    size: tuple[int, int]
    pixels: bytes

    def image(self, palette: Image.Image) -> Image.Image:
        image = Image.frombytes("P", self.size, self.pixels)
        image.putpalette(palette.getpalette() or [])
        return image


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


def encode_gif(frames: Sequence[Frame], palette: Image.Image) -> bytes:
    """An endlessly looping GIF: a pause on the setup, a beat per turn, a long hold on
    the last frame. `palette`: the frames' fixed palette; it must leave index 255
    free."""
    images = list(_changes(frames, palette))
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


def write_pngs(frames: Sequence[Frame], folder: Path, palette: Image.Image) -> list[Path]:
    """Each frame as `turn-0000.png` (the setup), `turn-0001.png`, …"""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, frame in enumerate(frames):
        path = folder / f"turn-{n:04d}.png"
        frame.image(palette).save(path, format="PNG", optimize=False, compress_level=3)
        paths.append(path)
    return paths
