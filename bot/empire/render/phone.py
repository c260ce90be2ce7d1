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

from bot.empire.render.canvas import MARGIN, composed, gang_rows
from bot.empire.render.city import CELL_NAMES, Grid
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.panel import car_text, fight_line, title
from bot.empire.render.recent import recent
from bot.empire.render.regions import to_png
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import wrap
from engine.empire.board import CELL
from engine.empire.events import Event
from engine.empire.state import NOBODY
from engine.empire.view import PlayerView

WIDTH = 720
CELL_SIZE = 140
SPAN = 5
ROW_H = 36
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


def _strip_facts(view: PlayerView, facts: CityFacts, seat: int) -> str:
    rest = car_text(view, facts, seat) + f" · Turf {view.players[seat].turf}"
    return rest + (" · Badge" if view.badge == seat else "")


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
    layout = (WIDTH, ROW_H, 230, 282, 356)

    def rows(draw: ImageDraw.ImageDraw, top: int) -> None:
        gang_rows(draw, top, view, facts, layout, lambda s: _strip_facts(view, facts, s))

    strip = (rows, len(view.players) * ROW_H)
    image, drawn = composed(WIDTH, grid, (title(view, facts), 22), strip, last, view, facts)
    return image, grid, drawn


def render_empire_phone_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The phone picture as an 8-bit PNG."""
    image, grid, drawn = _drawn(view, events)
    return to_png(image, grid, drawn)
