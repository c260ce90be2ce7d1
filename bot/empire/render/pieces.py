"""An Empire picture put together from pieces: the bands above the city, the city's
window (its grounds and labels, the same all match long), the cells the match put
something on, and the bands below.

Mapping colours onto the palette was most of a picture's cost, and most pieces do not
change from one picture to the next (the streets, the site names, a Business that
stays put, a gang's row between its moves). Each piece is drawn from a frozen value
(`cells.Shown`, `bands.Band`) that holds everything drawn on it, so its mapped pixels
are kept under that value and a new picture pastes them; only new pieces are drawn
and mapped. Every pixel comes out as drawing the whole picture in colour and mapping
it would give (tests/empire_pictures compares them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.empire.render.bands import Band, draw_band, draw_rim
from bot.empire.render.cells import Shown, draw_shown
from bot.empire.render.city import Grid, grid_base, whole_base
from bot.empire.render.palette import PALETTE, PALETTE_IMAGE
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.memo import Memo
from bot.pictures.png import write_rows

CELLS_KEPT = 512
"""Mapped cells kept (about 15 KB each): a full city and a phone picture show some 60
cells between them, so this holds a few matches' worth."""
BANDS_KEPT = 256
"""Mapped bands kept (a row or line is 10 to 40 KB)."""

_cells = Memo(CELLS_KEPT)
_bands = Memo(BANDS_KEPT)

Cell = tuple[int, int, Shown]  # column, row, what is on it


@dataclass(frozen=True, slots=True)
class Layout:
    """A whole picture: the city's window and the cells the match drew on, and the
    bands around it, each at its top (a band's left is its own `x`)."""

    width: int
    height: int
    grid: Grid
    cells: tuple[Cell, ...]
    bands: tuple[tuple[int, Band], ...]


def quantize(image: Image.Image) -> Image.Image:
    return image.quantize(palette=PALETTE_IMAGE, dither=Image.Dither.NONE)


def _city_band(width: int, grid: Grid) -> Image.Image:
    """The window's strip in colour: frame ground, the rim's sides, the grounds."""
    image = Image.new("RGB", (width, grid.height), pal.FRAME)
    draw_rim(ImageDraw.Draw(image), width, grid.height, "lr")
    image.paste(grid_base(grid), (grid.x0, 0))
    return image


@lru_cache(maxsize=32)
def _city_indices(width: int, grid: Grid) -> Image.Image:
    return quantize(_city_band(width, grid))


def _cell_indices(cell: int, gap: int, x: int, y: int, shown: Shown) -> Image.Image:
    def draw() -> Image.Image:
        box = Grid(cell, 0, 0, gap=gap).box(x, y)
        image = whole_base(cell, gap).crop((box.x0, box.y0, box.x1, box.y1))
        draw_shown(ImageDraw.Draw(image), Box(0, 0, box.width, box.height), shown)
        return quantize(image)

    found: Image.Image = _cells.get((cell, gap, x, y, shown), draw)
    return found


def _band_indices(band: Band) -> Image.Image:
    found: Image.Image = _bands.get(band, lambda: quantize(draw_band(band)))
    return found


def in_colour(layout: Layout) -> Image.Image:
    """The whole picture drawn in colour, piece by piece (for tests and composing)."""
    image = Image.new("RGB", (layout.width, layout.height), pal.FRAME)
    for y, band in layout.bands:
        image.paste(draw_band(band), (band.x, y))
    grid = layout.grid
    image.paste(_city_band(layout.width, grid), (0, grid.y0))
    draw = ImageDraw.Draw(image)
    for x, row, shown in layout.cells:
        draw_shown(draw, grid.box(x, row), shown)
    return image


def to_png(layout: Layout) -> bytes:
    """The picture as an 8-bit PNG on the Empire palette, from kept pieces where it can.

    The pieces are pasted one pixel in from the left of a picture one pixel wider, so
    its bytes are already the PNG's rows, each after its filter byte 0."""
    width, height, grid = layout.width, layout.height, layout.grid
    rows = Image.new("P", (width + 1, height), 0)
    for y, band in layout.bands:
        rows.paste(_band_indices(band), (band.x + 1, y))
    rows.paste(_city_indices(width, grid), (1, grid.y0))
    for x, row, shown in layout.cells:
        box = grid.box(x, row)
        rows.paste(_cell_indices(grid.cell, grid.gap, x, row, shown), (box.x0 + 1, box.y0))
    return write_rows(rows.tobytes(), (width, height), PALETTE)
