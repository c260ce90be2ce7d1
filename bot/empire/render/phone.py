"""The phone picture: a close-up of the city around the turn's car and a score strip.

The whole city does not read on a phone, so this shows the 5 × 5 cells around the car
whose turn it is (the middle of the city in a Trade Round), in 140 px cells, then one
line per gang: letter, name, PP, where its car is and how full. It is drawn 720 px wide
with no text below 20 px: a phone showing it 360 px wide keeps every letter 10 px tall.
The full city is a click away.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.empire.render.canvas import RowLayout, composed, gang_rows, lines_of
from bot.empire.render.city import CELL_NAMES, Grid
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.panel import car_text, fight_line, phone_title
from bot.empire.render.pieces import Layout, in_colour, to_png
from bot.empire.render.recent import recent
from engine.empire.board import CELL
from engine.empire.events import Event
from engine.empire.state import NOBODY
from engine.empire.view import PlayerView

WIDTH = 720
CELL_SIZE = 140
SPAN = 5
ROWS = RowLayout(height=36, name_room=230, power_x=282, facts_x=356)
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
    return in_colour(_laid_out(view, events))


def _laid_out(view: PlayerView, events: Sequence[Event]) -> Layout:
    facts = city_facts(view)
    grid = window(view, facts)
    said = recent([p.name for p in view.players], events, limit=2)
    last = lines_of("Last: " + "; ".join(said) + ".", WIDTH, 2) if said else []
    fight = fight_line(view)
    if fight:
        last = lines_of(fight + ".", WIDTH, 3) + last
    rows = gang_rows(WIDTH, ROWS, view, facts, lambda s: _strip_facts(view, facts, s))
    return composed(WIDTH, grid, (phone_title(view, facts), 22), rows, last, view, facts)


def render_empire_phone_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The phone picture as an 8-bit PNG."""
    return to_png(_laid_out(view, events))
