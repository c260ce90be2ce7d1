"""What both Empire pictures are made of: the title band, the city's window with the
cells the match drew on, a row per gang (its letter on its colour, name, PP, facts) and
plain lines of text, laid out as a `pieces.Layout`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.empire.render.bands import MARGIN, Band, Tag, Text
from bot.empire.render.city import Grid, cells_shown
from bot.empire.render.facts import CityFacts
from bot.empire.render.palette import gang_colour, gang_letter
from bot.empire.render.pieces import Layout
from bot.pictures import palette as pal
from bot.pictures.fonts import Face, font
from bot.pictures.memo import Memo
from bot.pictures.text import wrap
from engine.empire.view import PlayerView

__all__ = ["LINE_H", "MARGIN", "RowLayout", "composed", "gang_rows", "lines_of"]

LINE_H = 27
TITLE_Y = 13
LINE_SIZE = 20
_wrapped = Memo(256)


def lines_of(text: str, width: int, most: int) -> list[str]:
    """`text` wrapped into at most `most` lines across a picture `width` wide. The
    lists, the fight and the last events mostly read the same as in the picture
    before, and measuring every word again was a tenth of a picture's time."""
    room = width - 2 * MARGIN
    found: tuple[str, ...] = _wrapped.get(
        (text, room), lambda: tuple(wrap(text, font(Face.REGULAR, LINE_SIZE), room))
    )
    return list(found[:most])


def composed(
    width: int, grid: Grid, heading: tuple[str, int], rows: Sequence[Sequence[Band]],
    lines: Sequence[str], view: PlayerView, facts: CityFacts,
) -> Layout:  # fmt: skip
    """A whole picture: the frame and title, the city's window with what the match put
    on it, 10 px, the gangs' `rows` (each row's pieces side by side), 4 px, the lines,
    10 px."""
    title, size = heading
    head = Text(title, Face.BOLD, size, MARGIN, TITLE_Y, pal.GOLD, width - 2 * MARGIN)
    bands = [(0, Band(0, width, grid.y0, "lrt", text=head))]
    y = grid.y0 + grid.height
    bands.append((y, Band(0, width, 10)))
    y += 10
    for row in rows:
        bands += [(y, piece) for piece in row]
        y += max(piece.height for piece in row)
    bands.append((y, Band(0, width, 4)))
    y += 4
    room = width - 2 * MARGIN
    for line in lines:
        text = Text(line, Face.REGULAR, LINE_SIZE, MARGIN, 0, pal.LIGHT, room)
        bands.append((y, Band(0, width, LINE_H, text=text)))
        y += LINE_H
    bands.append((y, Band(0, width, 10, "lrb")))
    return Layout(width, y + 10, grid, cells_shown(grid, view, facts), tuple(bands))


@dataclass(frozen=True, slots=True)
class RowLayout:
    """Where a gang's row puts things: the row's height, the name's room, and where
    its PP and its facts start (from the margin)."""

    height: int
    name_room: int
    power_x: int
    facts_x: int


FACTS_LEAD = 8  # the facts' piece starts this far left of their text


def gang_rows(
    width: int, layout: RowLayout, view: PlayerView, facts: CityFacts,
    facts_of: Callable[[int], str],
) -> list[tuple[Band, Band]]:  # fmt: skip
    """One row per gang in two pieces: its tag and PP in gold, then `facts_of(seat)`;
    the turn's gang on the lighter band. A gang's facts change more often than its
    name and PP, so the two are kept apart."""
    split = MARGIN + layout.facts_x - FACTS_LEAD
    band_x0, band_x1 = MARGIN - 4, width - MARGIN + 4
    rows = []
    for p in view.players:
        active = p.seat == facts.active
        tag = Tag(gang_letter(p.seat), gang_colour(p.colour), p.name, layout.name_room,
                  f"{p.power} PP", layout.power_x)  # fmt: skip
        text = Text(facts_of(p.seat), Face.REGULAR, 20, MARGIN + layout.facts_x, 6, pal.LIGHT,
                    width - 2 * MARGIN - layout.facts_x)  # fmt: skip
        left = Band(0, split, layout.height, "l", tag=tag, active=active, active_x0=band_x0,
                    active_x1=band_x1)  # fmt: skip
        right = Band(split, width - split, layout.height, "r", text=text, active=active,
                     active_x0=band_x0, active_x1=band_x1)  # fmt: skip
        rows.append((left, right))
    return rows
