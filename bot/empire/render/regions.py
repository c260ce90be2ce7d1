"""Only what a match changed is mapped to the palette; the city's grounds and labels are
mapped once. Mapping a million and a half pixels took a third of a picture's time, and
most of them are cells nothing stands on. Every pixel comes out as mapping the whole
picture would give it (tests/empire_pictures compares them)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.empire.render.city import Grid, grid_base
from bot.empire.render.palette import PALETTE, PALETTE_IMAGE
from bot.pictures.box import Box
from bot.pictures.png import write_png


def quantize(image: Image.Image) -> Image.Image:
    return image.quantize(palette=PALETTE_IMAGE, dither=Image.Dither.NONE)


@lru_cache(maxsize=32)
def _grid_indices(grid: Grid) -> Image.Image:
    return quantize(grid_base(grid))


def indices(image: Image.Image, grid: Grid, drawn: list[Box]) -> Image.Image:
    """The palette indices of `image`, whose grid window is its grounds except in the
    cells listed in `drawn`."""
    width, height = image.size
    out = Image.new("P", image.size, 0)
    top, bottom = grid.y0, grid.y0 + grid.height
    left, right = grid.x0, grid.x0 + grid.width
    outside = [
        Box(0, 0, width, top),
        Box(0, bottom, width, height),
        Box(0, top, left, bottom),
        Box(right, top, width, bottom),
    ]
    out.paste(_grid_indices(grid), (left, top))
    for box in outside + drawn:
        if box.width > 0 and box.height > 0:
            out.paste(quantize(image.crop((box.x0, box.y0, box.x1, box.y1))), (box.x0, box.y0))
    return out


def to_png(image: Image.Image, grid: Grid, drawn: list[Box]) -> bytes:
    """The picture as an 8-bit PNG on the Empire palette."""
    return write_png(indices(image, grid, drawn), PALETTE)
