"""The phone picture: a close-up of the city around the turn's car and a score strip.

The whole city does not read on a phone, so this shows the 5 × 5 cells around the car
whose turn it is (the middle of the city in a Trade Round), in 140 px cells, then one
line per gang: letter, name, PP, where its car is and how full. It is drawn 720 px wide
with no text below 20 px: a phone showing it 360 px wide keeps every letter 10 px tall.
The full city is a click away.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.empire.render.city import CELL_NAMES, Grid, draw_cells, grid_base
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.palette import gang_colour, gang_letter
from bot.empire.render.panel import car_text, fight_line, power_text, title
from bot.empire.render.recent import recent
from bot.empire.render.regions import to_png
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize, wrap
from engine.empire.board import CELL
from engine.empire.events import Event
from engine.empire.state import NOBODY
from engine.empire.view import PlayerView

WIDTH = 720
CELL_SIZE = 140
SPAN = 5
MARGIN = 12
ROW_H = 36
LINE_H = 27
CENTRE = (4, 4)  # S27, the middle of the city


def window(view: PlayerView, facts: CityFacts) -> Grid:
    """The 5 × 5 cells around the active car (in a Garage: that Garage), kept inside."""
    x, y = CENTRE
    if facts.active != NOBODY:
        p = view.players[facts.active]
        x, y = CELL[p.garage or f"S{p.car}"]
    left = min(max(0, x - SPAN // 2), len(CELL_NAMES[0]) - SPAN)
    top = min(max(0, y - SPAN // 2), len(CELL_NAMES) - SPAN)
    x0 = (WIDTH - (SPAN * CELL_SIZE - 2)) // 2
    return Grid(CELL_SIZE, x0, 50, range(left, left + SPAN), range(top, top + SPAN))


def _strip(draw: ImageDraw.ImageDraw, view: PlayerView, facts: CityFacts, top: int) -> None:
    bold, regular = font(Face.BOLD, 21), font(Face.REGULAR, 20)
    for i, p in enumerate(view.players):
        y = top + i * ROW_H
        if p.seat == facts.active:
            draw.rectangle((MARGIN - 4, y, WIDTH - MARGIN + 4, y + ROW_H - 4), fill=pal.CARD_ACTIVE)
        draw.rounded_rectangle((MARGIN, y + 2, MARGIN + 30, y + 30), 6,
                               fill=gang_colour(p.colour))  # fmt: skip
        draw.text((MARGIN + 15, y + 16), gang_letter(p.seat), font=bold, fill=pal.CELL_LINE,
                  anchor="mm")  # fmt: skip
        draw.text((MARGIN + 40, y + 5), ellipsize(p.name, bold, 230), font=bold, fill=pal.LIGHT)
        draw.text((MARGIN + 282, y + 5), power_text(p), font=bold, fill=pal.GOLD)
        rest = car_text(view, facts, p.seat) + f" · Turf {p.turf}"
        if view.badge == p.seat:
            rest += " · Badge"
        x = MARGIN + 356
        draw.text((x, y + 6), ellipsize(rest, regular, WIDTH - MARGIN - x), font=regular,
                  fill=pal.LIGHT)  # fmt: skip


def render_empire_phone(view: PlayerView, events: Sequence[Event] = ()) -> Image.Image:
    """The phone picture as an image (for tests and composing)."""
    return _drawn(view, events)[0]


def _drawn(view: PlayerView, events: Sequence[Event]) -> tuple[Image.Image, Grid, list[Box]]:
    facts = city_facts(view)
    grid = window(view, facts)
    regular = font(Face.REGULAR, 20)
    said = recent([p.name for p in view.players], events, limit=2)
    last = wrap("Last: " + "; ".join(said) + ".", regular, WIDTH - 2 * MARGIN)[:2] if said else []
    fight = fight_line(view)
    if fight:
        last = wrap(fight + ".", regular, WIDTH - 2 * MARGIN)[:3] + last
    strip_top = grid.y0 + grid.height + 10
    last_top = strip_top + len(view.players) * ROW_H + 2
    height = last_top + len(last) * LINE_H + 10
    image = Image.new("RGB", (WIDTH, height), pal.FRAME)
    image.paste(grid_base(grid), (grid.x0, grid.y0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=pal.GOLD, width=3)
    head = font(Face.BOLD, 22)
    draw.text((MARGIN, 13), ellipsize(title(view, facts), head, WIDTH - 2 * MARGIN), font=head,
              fill=pal.GOLD)  # fmt: skip
    drawn = draw_cells(draw, grid, view, facts)
    _strip(draw, view, facts, strip_top)
    for i, line in enumerate(last):
        draw.text((MARGIN, last_top + i * LINE_H), line, font=regular, fill=pal.LIGHT)
    return image, grid, drawn


def render_empire_phone_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The phone picture as an 8-bit PNG."""
    image, grid, drawn = _drawn(view, events)
    return to_png(image, grid, drawn)
