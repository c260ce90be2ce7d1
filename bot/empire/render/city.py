"""The city's cells (EMPIRE §2.1's 9 × 9 grid), drawn at any cell size from 120 px: the
full picture draws all 81, the phone picture a close-up of 25.

Each cell is one street square or one site. A street shows its cars (the gang's letter
and how many Mobsters ride in it) and the Police Car; a lot its Business (owner letter,
kind, size, Mobsters inside, closed with stripes); a Turf square its marker (the letter
in the gang's colour); a Location the Resources on it; the Police Dept. and Hospital how
many sit there; the corner boxes the Graveyard, deck, Used pile and pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.empire.render.facts import CityFacts
from bot.empire.render.names import KIND_WORDS, SHORT_SITE, lot_label
from bot.empire.render.palette import (
    BOX_GROUND,
    CLOSED_GROUND,
    LOT_GROUND,
    PLACE_GROUND,
    POLICE,
    POLICE_INK,
    RESOURCE_COLOURS,
    RESOURCE_LETTERS,
    SITE_GROUND,
    STREET,
    TURF_GROUND,
    gang_colour,
    gang_letter,
)
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB
from engine.empire.board import GRID, SITE, SiteKind
from engine.empire.cards import PIECES
from engine.empire.state import NOBODY
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
    whole = _whole_base(grid.cell, grid.gap)
    if whole.size == (grid.width, grid.height):
        return whole  # the whole city: pasted, never drawn on
    left, top = grid.columns.start * grid.cell, grid.rows.start * grid.cell
    return whole.crop((left, top, left + grid.width, top + grid.height))


@lru_cache(maxsize=4)
def _whole_base(cell: int, gap: int) -> Image.Image:
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


def _chip(
    draw: ImageDraw.ImageDraw, box: Box, text: str, ground: RGB, ink: RGB = pal.CELL_LINE
) -> None:
    draw.rounded_rectangle(box.pil(), 6, fill=ground)
    size = 24 if box.height >= 32 else 20
    draw.text(box.centre, text, font=font(Face.BOLD, size), fill=ink, anchor="mm")


def _chip_boxes(box: Box, count: int, per_row: int = 2) -> list[Box]:
    """Chips in rows of `per_row` under a cell's label, three rows at most (more than
    that: three to a row), sized to the cell."""
    if count > 3 * per_row:
        per_row += 1
    height = (box.height - 30 - 6) // 3
    width = (box.width - 5 - 3 * per_row) // per_row
    boxes = []
    for i in range(count):
        row, column = divmod(i, per_row)
        x = box.x0 + 4 + column * (width + 3)
        y = box.y0 + 29 + row * (height + 3)
        boxes.append(Box(x, y, x + width, y + height))
    return boxes


def _street(
    draw: ImageDraw.ImageDraw, box: Box, square: int, view: PlayerView, facts: CityFacts
) -> None:
    seats = facts.cars.get(square, [])
    police = view.police == square
    chips = _chip_boxes(box, len(seats) + police)
    if police:
        _chip(draw, chips.pop(0), "P", POLICE, POLICE_INK)
    for seat, chip in zip(seats, chips, strict=True):
        p = view.players[seat]
        _chip(draw, chip, f"{gang_letter(seat)}{p.in_car}", gang_colour(p.colour))
    if facts.active in seats:
        fighting = view.fight is not None and not view.fight.lot
        draw.rectangle(box.pil(), outline=pal.STRIKE if fighting else pal.GOLD, width=4)


def _lot(draw: ImageDraw.ImageDraw, box: Box, lot: str, view: PlayerView, facts: CityFacts) -> None:
    b = facts.businesses.get(lot)
    if b is None:
        return
    owner = view.players[b.owner]
    colour = gang_colour(owner.colour)
    piece = PIECES[b.piece]
    inner = Box(box.x0 + 4, box.y0 + 27, box.x1 - 4, box.y1 - 4)
    bold = font(Face.BOLD, 24 if box.height >= 130 else 20)
    if b.open:
        draw.rectangle(inner.pil(), fill=colour)
        ink = pal.CELL_LINE
    else:
        draw.rectangle(inner.pil(), fill=CLOSED_GROUND, outline=colour, width=3)
        _stripes(draw, inner, colour)
        ink = pal.LIGHT
    lines = [f"{gang_letter(b.owner)} {KIND_WORDS[piece.kind]}", _men(b.mobsters)]
    lines.append("open" if b.open else "CLOSED")
    if view.fight is not None and view.fight.lot == lot:
        draw.rectangle(box.pil(), outline=pal.STRIKE, width=4)
    step = (inner.height - 6) // 3
    for i, line in enumerate(lines):
        draw.text((inner.x0 + 5, inner.y0 + 3 + i * step), ellipsize(line, bold, inner.width - 8),
                  font=bold, fill=ink)  # fmt: skip


def _stripes(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, step: int = 18) -> None:
    """Diagonal stripes across a box: the mark of a closed Business."""
    w, h = box.width - 1, box.height - 1
    for k in range(step, w + h, step):
        first, last = max(0, k - w), min(h, k)
        draw.line((box.x0 + k - first, box.y0 + first, box.x0 + k - last, box.y0 + last),
                  fill=colour, width=2)  # fmt: skip


def _men(count: int) -> str:
    return "empty" if not count else f"{count} man" if count == 1 else f"{count} men"


def _turf(draw: ImageDraw.ImageDraw, box: Box, turf: str, view: PlayerView) -> None:
    owner = view.turf.get(turf)
    if owner is None:
        return
    size = (box.height - 30) * 3 // 4
    cx, cy = box.x0 + box.width // 2, box.y0 + 28 + (box.height - 28) // 2
    disc = (cx - size // 2, cy - size // 2, cx + size // 2, cy + size // 2)
    draw.ellipse(disc, fill=gang_colour(view.players[owner].colour), outline=pal.CELL_LINE,
                 width=2)  # fmt: skip
    face = font(Face.BOLD, max(26, size // 2))
    draw.text((cx, cy), gang_letter(owner), font=face, fill=pal.CELL_LINE, anchor="mm")


def _resources(draw: ImageDraw.ImageDraw, box: Box, res: tuple[int, ...]) -> None:
    held = [(k, n) for k, n in enumerate(res) if n]
    for (kind, n), chip in zip(held, _chip_boxes(box, len(held)), strict=True):
        _chip(draw, chip, f"{n}{RESOURCE_LETTERS[kind]}", RESOURCE_COLOURS[kind])


def _count(draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    face = font(Face.BOLD, 26)
    draw.text((box.x0 + 6, box.y0 + 34), ellipsize(text, face, box.width - 10), font=face,
              fill=pal.GOLD)  # fmt: skip


def _place(
    draw: ImageDraw.ImageDraw, box: Box, code: str, view: PlayerView, facts: CityFacts
) -> None:
    if code == "POL":
        _count(draw, box, f"Jail {len(facts.jail)}")
    elif code == "HOS":
        _count(draw, box, _men(len(facts.hospital)).replace("empty", "none"))
    else:
        for seat, chip in zip(facts.garaged.get(code, []),
                              _chip_boxes(box, len(facts.garaged.get(code, []))),
                              strict=True):  # fmt: skip
            p = view.players[seat]
            _chip(draw, chip, f"{gang_letter(seat)}{p.in_car}", gang_colour(p.colour))


def _corner(draw: ImageDraw.ImageDraw, box: Box, name: str, view: PlayerView) -> None:
    if name == "[BNK]":
        if view.badge != NOBODY:
            holder = view.players[view.badge]
            chip = _chip_boxes(box, 1)[0]
            _chip(draw, chip, gang_letter(view.badge), gang_colour(holder.colour))
        else:
            _count(draw, box, "none")
        return
    number = {"[GRV]": len(view.graveyard), "[DCK]": view.deck_left, "[USD]": len(view.used)}
    _count(draw, box, str(number[name]))


def _has_content(name: str, view: PlayerView, facts: CityFacts) -> bool:
    """Whether the match puts anything on this cell now (corners always count)."""
    if name.startswith("["):
        return True
    if name.startswith("S") and name[1:].isdigit():
        return int(name[1:]) in facts.cars or view.police == int(name[1:])
    kind = SITE[name].kind
    if kind is SiteKind.LOT:
        return name in facts.businesses
    if kind is SiteKind.TURF:
        return name in view.turf
    if kind is SiteKind.LOCATION:
        return name in view.board_res
    return name in ("POL", "HOS") or name in facts.garaged


def draw_cells(
    draw: ImageDraw.ImageDraw, grid: Grid, view: PlayerView, facts: CityFacts
) -> list[Box]:
    """What the match put on each cell of the window (its grounds are `grid_base`);
    returns the boxes of the cells drawn on."""
    drawn: list[Box] = []
    for y in grid.rows:
        for x in grid.columns:
            name = CELL_NAMES[y][x]
            if not _has_content(name, view, facts):
                continue
            box = grid.box(x, y)
            drawn.append(box)
            if name.startswith("["):
                _corner(draw, box, name, view)
            elif name.startswith("S") and name[1:].isdigit():
                _street(draw, box, int(name[1:]), view, facts)
            else:
                kind = SITE[name].kind
                if kind is SiteKind.LOT:
                    _lot(draw, box, name, view, facts)
                elif kind is SiteKind.TURF:
                    _turf(draw, box, name, view)
                elif kind is SiteKind.LOCATION:
                    _resources(draw, box, view.board_res[name])
                else:
                    _place(draw, box, name, view, facts)
    return drawn
