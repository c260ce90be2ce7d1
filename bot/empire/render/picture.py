"""The full city picture: a pure function from a view (and the last events) to PNG.

The 9 × 9 city of EMPIRE §2.1 in 120 px cells, then a row per gang and the lists. It is
drawn 1100 px wide with no text below 20 px, so on a desktop that shows it about 550 px
wide every letter is still 10 px, and opened full size it reads at ease. Only public
facts are drawn (see `facts`), whichever seat's view it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.empire.render.city import Grid, draw_cells, grid_base
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.palette import gang_colour, gang_letter
from bot.empire.render.panel import gang_details, list_lines, power_text, title
from bot.empire.render.recent import recent
from bot.empire.render.regions import to_png
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize, wrap
from engine.empire.events import Event
from engine.empire.view import PlayerView

WIDTH = 1100
CELL = 120
GRID = Grid(CELL, (WIDTH - (9 * CELL - 2)) // 2, 52)
ROW_H = 38
LINE_H = 27
MARGIN = 14


def _rows(draw: ImageDraw.ImageDraw, view: PlayerView, facts: CityFacts, top: int) -> int:
    bold, regular, big = font(Face.BOLD, 21), font(Face.REGULAR, 20), font(Face.BOLD, 22)
    for i, p in enumerate(view.players):
        y = top + i * ROW_H
        if p.seat == facts.active:
            draw.rectangle((MARGIN - 4, y, WIDTH - MARGIN + 4, y + ROW_H - 4), fill=pal.CARD_ACTIVE)
        draw.rounded_rectangle((MARGIN, y + 3, MARGIN + 30, y + 31), 6,
                               fill=gang_colour(p.colour))  # fmt: skip
        draw.text((MARGIN + 15, y + 17), gang_letter(p.seat), font=bold, fill=pal.CELL_LINE,
                  anchor="mm")  # fmt: skip
        draw.text((MARGIN + 40, y + 6), ellipsize(p.name, bold, 190), font=bold, fill=pal.LIGHT)
        draw.text((MARGIN + 240, y + 5), power_text(p), font=big, fill=pal.GOLD)
        details = " · ".join(gang_details(view, facts, p.seat))
        x = MARGIN + 318
        draw.text((x, y + 7), ellipsize(details, regular, WIDTH - MARGIN - x), font=regular,
                  fill=pal.LIGHT)  # fmt: skip
    return top + len(view.players) * ROW_H


def _footer(view: PlayerView, facts: CityFacts, events: Sequence[Event]) -> list[str]:
    regular = font(Face.REGULAR, 20)
    width = WIDTH - 2 * MARGIN
    lines: list[str] = []
    for line in list_lines(view, facts):
        lines += wrap(line, regular, width)[:3]
    said = recent([p.name for p in view.players], events)
    if said:
        lines += wrap("Last: " + "; ".join(said) + ".", regular, width)[:3]
    return lines


def render_empire(view: PlayerView, events: Sequence[Event] = ()) -> Image.Image:
    """The full city as an image (for tests and composing)."""
    return _drawn(view, events)[0]


def _drawn(view: PlayerView, events: Sequence[Event]) -> tuple[Image.Image, list[Box]]:
    """The picture and the city cells the match drew on."""
    facts = city_facts(view)
    footer = _footer(view, facts, events)
    rows_top = GRID.y0 + GRID.height + 12
    footer_top = rows_top + len(view.players) * ROW_H + 4
    height = footer_top + len(footer) * LINE_H + 12
    image = Image.new("RGB", (WIDTH, height), pal.FRAME)
    image.paste(grid_base(GRID), (GRID.x0, GRID.y0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=pal.GOLD, width=3)
    head = font(Face.BOLD, 24)
    draw.text((MARGIN, 14), ellipsize(title(view, facts), head, WIDTH - 2 * MARGIN), font=head,
              fill=pal.GOLD)  # fmt: skip
    drawn = draw_cells(draw, GRID, view, facts)
    _rows(draw, view, facts, rows_top)
    regular = font(Face.REGULAR, 20)
    for i, line in enumerate(footer):
        draw.text((MARGIN, footer_top + i * LINE_H), line, font=regular, fill=pal.LIGHT)
    return image, drawn


def render_empire_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The full city as an 8-bit PNG."""
    image, drawn = _drawn(view, events)
    return to_png(image, GRID, drawn)
