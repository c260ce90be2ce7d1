"""What the match puts on each cell of the city, as a small frozen value (`Shown`), and
its drawing from that value alone.

Keeping the two apart is what lets a picture draw a cell once: a cell that shows the
same chips, Business, marker or count over the same ground is the same pixels, so the
pictures keep each cell's mapped pixels by its `Shown` (see `pieces`) and most cells of
a new picture are pasted, not drawn. Only public facts go into a `Shown` (EMPIRE §13).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from bot.empire.render.facts import CityFacts
from bot.empire.render.names import KIND_WORDS
from bot.empire.render.palette import (
    CLOSED_GROUND,
    POLICE,
    POLICE_INK,
    RESOURCE_COLOURS,
    RESOURCE_LETTERS,
    gang_colour,
    gang_letter,
)
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB
from engine.empire.board import SITE, SiteKind
from engine.empire.cards import PIECES
from engine.empire.state import NOBODY
from engine.empire.view import PlayerView

Chip = tuple[str, RGB, RGB]  # its text, ground and ink


@dataclass(frozen=True, slots=True)
class Panel:
    """A Business filling its lot: the owner's colour, open or closed (striped), and
    its three lines (owner letter and kind, Mobsters inside, open/CLOSED)."""

    colour: RGB
    open: bool
    lines: tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class Shown:
    """Everything drawn on one cell over its ground and label."""

    chips: tuple[Chip, ...] = ()
    count: str = ""
    panel: Panel | None = None
    marker: tuple[RGB, str] | None = None  # a Turf marker: colour and letter
    outline: RGB | None = None


def _is_street(name: str) -> bool:
    return name.startswith("S") and name[1:].isdigit()


def _car_chip(view: PlayerView, seat: int) -> Chip:
    p = view.players[seat]
    return f"{gang_letter(seat)}{p.in_car}", gang_colour(p.colour), pal.CELL_LINE


def _men(count: int) -> str:
    return "empty" if not count else f"{count} man" if count == 1 else f"{count} men"


def _street(square: int, view: PlayerView, facts: CityFacts) -> Shown | None:
    seats = facts.cars.get(square, [])
    police = view.police == square
    if not seats and not police:
        return None
    chips = [("P", POLICE, POLICE_INK)] if police else []
    chips += [_car_chip(view, seat) for seat in seats]
    outline = None
    if facts.active in seats:
        fighting = view.fight is not None and not view.fight.lot
        outline = pal.STRIKE if fighting else pal.GOLD
    return Shown(chips=tuple(chips), outline=outline)


def _lot(lot: str, view: PlayerView, facts: CityFacts) -> Shown | None:
    b = facts.businesses.get(lot)
    if b is None:
        return None
    owner = view.players[b.owner]
    kind = KIND_WORDS[PIECES[b.piece].kind]
    lines = (f"{gang_letter(b.owner)} {kind}", _men(b.mobsters), "open" if b.open else "CLOSED")
    fought = view.fight is not None and view.fight.lot == lot
    return Shown(
        panel=Panel(gang_colour(owner.colour), b.open, lines),
        outline=pal.STRIKE if fought else None,
    )


def _place(code: str, view: PlayerView, facts: CityFacts) -> Shown | None:
    if code == "POL":
        return Shown(count=f"Jail {len(facts.jail)}")
    if code == "HOS":
        return Shown(count=_men(len(facts.hospital)).replace("empty", "none"))
    seats = facts.garaged.get(code, [])
    return Shown(chips=tuple(_car_chip(view, s) for s in seats)) if seats else None


def _corner(name: str, view: PlayerView) -> Shown:
    if name == "[BNK]":
        if view.badge == NOBODY:
            return Shown(count="none")
        holder = view.players[view.badge]
        return Shown(chips=((gang_letter(view.badge), gang_colour(holder.colour), pal.CELL_LINE),))
    number = {"[GRV]": len(view.graveyard), "[DCK]": view.deck_left, "[USD]": len(view.used)}
    return Shown(count=str(number[name]))


def shown_on(name: str, view: PlayerView, facts: CityFacts) -> Shown | None:
    """What the match puts on the cell `name` now; None when nothing (corners always
    show their count)."""
    if name.startswith("["):
        return _corner(name, view)
    if _is_street(name):
        return _street(int(name[1:]), view, facts)
    kind = SITE[name].kind
    if kind is SiteKind.LOT:
        return _lot(name, view, facts)
    if kind is SiteKind.TURF:
        owner = view.turf.get(name)
        if owner is None:
            return None
        return Shown(marker=(gang_colour(view.players[owner].colour), gang_letter(owner)))
    if kind is SiteKind.LOCATION:
        held = view.board_res.get(name)
        if held is None:
            return None
        chips = tuple(
            (f"{n}{RESOURCE_LETTERS[k]}", RESOURCE_COLOURS[k], pal.CELL_LINE)
            for k, n in enumerate(held)
            if n
        )
        return Shown(chips=chips)
    return _place(name, view, facts)


def chip_boxes(box: Box, count: int, per_row: int = 2) -> list[Box]:
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


def _chip(draw: ImageDraw.ImageDraw, box: Box, chip: Chip) -> None:
    text, ground, ink = chip
    draw.rounded_rectangle(box.pil(), 6, fill=ground)
    size = 24 if box.height >= 32 else 20
    draw.text(box.centre, text, font=font(Face.BOLD, size), fill=ink, anchor="mm")


def _stripes(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, step: int = 18) -> None:
    """Diagonal stripes across a box: the mark of a closed Business."""
    w, h = box.width - 1, box.height - 1
    for k in range(step, w + h, step):
        first, last = max(0, k - w), min(h, k)
        draw.line((box.x0 + k - first, box.y0 + first, box.x0 + k - last, box.y0 + last),
                  fill=colour, width=2)  # fmt: skip


def _panel(draw: ImageDraw.ImageDraw, box: Box, panel: Panel) -> None:
    inner = Box(box.x0 + 4, box.y0 + 27, box.x1 - 4, box.y1 - 4)
    bold = font(Face.BOLD, 24 if box.height >= 130 else 20)
    if panel.open:
        draw.rectangle(inner.pil(), fill=panel.colour)
        ink = pal.CELL_LINE
    else:
        draw.rectangle(inner.pil(), fill=CLOSED_GROUND, outline=panel.colour, width=3)
        _stripes(draw, inner, panel.colour)
        ink = pal.LIGHT
    step = (inner.height - 6) // 3
    for i, line in enumerate(panel.lines):
        draw.text((inner.x0 + 5, inner.y0 + 3 + i * step), ellipsize(line, bold, inner.width - 8),
                  font=bold, fill=ink)  # fmt: skip


def _marker(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, letter: str) -> None:
    size = (box.height - 30) * 3 // 4
    cx, cy = box.x0 + box.width // 2, box.y0 + 28 + (box.height - 28) // 2
    disc = (cx - size // 2, cy - size // 2, cx + size // 2, cy + size // 2)
    draw.ellipse(disc, fill=colour, outline=pal.CELL_LINE, width=2)
    face = font(Face.BOLD, max(26, size // 2))
    draw.text((cx, cy), letter, font=face, fill=pal.CELL_LINE, anchor="mm")


def _count(draw: ImageDraw.ImageDraw, box: Box, text: str) -> None:
    face = font(Face.BOLD, 26)
    draw.text((box.x0 + 6, box.y0 + 34), ellipsize(text, face, box.width - 10), font=face,
              fill=pal.GOLD)  # fmt: skip


def draw_shown(draw: ImageDraw.ImageDraw, box: Box, shown: Shown) -> None:
    """Draw `shown` inside `box` (over the cell's ground and label), nothing outside."""
    if shown.panel is not None:
        _panel(draw, box, shown.panel)
    if shown.marker is not None:
        _marker(draw, box, *shown.marker)
    for chip, chip_box in zip(shown.chips, chip_boxes(box, len(shown.chips)), strict=True):
        _chip(draw, chip_box, chip)
    if shown.count:
        _count(draw, box, shown.count)
    if shown.outline is not None:
        draw.rectangle(box.pil(), outline=shown.outline, width=4)
