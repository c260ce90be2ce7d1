"""The city's cells (EMPIRE §2.1's 9 × 9 grid) at any cell size from 120 px: the full
picture shows all 81, the phone picture a close-up of 25. Here are where cells fall and
their grounds and labels, the same all match long and drawn once; what the match puts
on them is `cells`.

Each cell is one street square or one site. A street shows its cars (the gang's letter
and how many Mobsters ride in it) and the Police Car; a lot its Business (owner letter,
kind, size, Mobsters inside, closed with stripes); a Turf square its marker (the letter
in the gang's colour); a Location the Resources on it; the Police Dept. and Hospital how
many sit there; the corner boxes the Graveyard, deck, Used pile and the Badge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.empire.render.cells import Shown, shown_on
from bot.empire.render.facts import CityFacts
from bot.empire.render.names import SHORT_SITE, lot_label
from bot.empire.render.palette import (
    BOX_GROUND,
    LOT_GROUND,
    PLACE_GROUND,
    SITE_GROUND,
    STREET,
    TURF_GROUND,
)
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB
from engine.empire.board import GRID, SITE, SiteKind
from engine.empire.view import PlayerView

# The pool is not drawn: with the board's Resources public, its count would tell the
# Resources in every folder together, which are private (EMPIRE §13).
CORNERS = {"[GRV]": "Graveyard", "[DCK]": "Deck", "[USD]": "Used", "[BNK]": "Badge"}
CELL_NAMES: tuple[tuple[str, ...], ...] = tuple(tuple(row.split()) for row in GRID)
LOT_SITES = {s for s in SITE.values() if s.kind is SiteKind.LOT}


@dataclass(frozen=True, slots=True)
class Grid:
    """Where the grid's cells fall: cell size, the top-left pixel, the window shown."""

    cell: int
    x0: int
    y0: int
    columns: range = range(9)
    rows: range = range(9)
    gap: int = 2

    def box(self, x: int, y: int) -> Box:
        left = self.x0 + (x - self.columns.start) * self.cell
        top = self.y0 + (y - self.rows.start) * self.cell
        return Box(left, top, left + self.cell - self.gap, top + self.cell - self.gap)

    @property
    def width(self) -> int:
        return len(self.columns) * self.cell - self.gap

    @property
    def height(self) -> int:
        return len(self.rows) * self.cell - self.gap


def _ground(name: str) -> RGB:
    if name.startswith("["):
        return BOX_GROUND
    if name.startswith("S") and name[1:].isdigit():
        return STREET
    kind = SITE[name].kind
    return {
        SiteKind.LOT: LOT_GROUND,
        SiteKind.TURF: TURF_GROUND,
        SiteKind.LOCATION: SITE_GROUND,
    }.get(kind, PLACE_GROUND)


def _label(name: str) -> str:
    if name.startswith("["):
        return CORNERS[name]
    if name.startswith("S") and name[1:].isdigit():
        return name
    site = SITE[name]
    if site.kind is SiteKind.LOT:
        return lot_label(name, site.size)
    if site.kind is SiteKind.TURF:
        return name
    return SHORT_SITE[name]


def grid_base(grid: Grid) -> Image.Image:
    """The window's cells with their grounds and labels, cut from the whole city's."""
    whole = whole_base(grid.cell, grid.gap)
    if whole.size == (grid.width, grid.height):
        return whole  # the whole city: pasted, never drawn on
    left, top = grid.columns.start * grid.cell, grid.rows.start * grid.cell
    return whole.crop((left, top, left + grid.width, top + grid.height))


@lru_cache(maxsize=4)
def whole_base(cell: int, gap: int) -> Image.Image:
    """Every cell's ground and label: the same all match long."""
    grid = Grid(cell, 0, 0, gap=gap)
    image = Image.new("RGB", (grid.width, grid.height), pal.FRAME)
    draw = ImageDraw.Draw(image)
    shifted = grid
    bold, regular = font(Face.BOLD, 20), font(Face.REGULAR, 20)
    for y in grid.rows:
        for x in grid.columns:
            name = CELL_NAMES[y][x]
            box = shifted.box(x, y)
            street = name.startswith("S") and name[1:].isdigit()
            draw.rectangle(box.pil(), fill=_ground(name))
            text = _label(name)
            plain = street or name.startswith(("T", "[")) or SITE.get(name) in LOT_SITES
            face = regular if plain else bold
            ink = pal.LIGHT_MUTED if street else pal.LIGHT
            draw.text((box.x0 + 5, box.y0 + 2), ellipsize(text, face, box.width - 8), font=face,
                      fill=ink)  # fmt: skip
    return image


def cells_shown(
    grid: Grid, view: PlayerView, facts: CityFacts
) -> tuple[tuple[int, int, Shown], ...]:
    """The window's cells the match puts something on, with what it puts there."""
    found = []
    for y in grid.rows:
        for x in grid.columns:
            shown = shown_on(CELL_NAMES[y][x], view, facts)
            if shown is not None:
                found.append((x, y, shown))
    return tuple(found)
