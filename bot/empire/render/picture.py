"""The full city picture: a pure function from a view (and the last events) to PNG.

The 9 × 9 city of EMPIRE §2.1 in 120 px cells, then a row per gang and the lists. It is
drawn 1100 px wide with no text below 20 px, so on a desktop that shows it about 550 px
wide every letter is still 10 px, and opened full size it reads at ease. Only public
facts are drawn (see `facts`), whichever seat's view it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.empire.render.canvas import RowLayout, composed, gang_rows, lines_of
from bot.empire.render.city import Grid
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.panel import gang_details, list_lines, title
from bot.empire.render.pieces import Layout, in_colour, to_png
from bot.empire.render.recent import recent
from engine.empire.events import Event
from engine.empire.view import PlayerView

WIDTH = 1100
CELL = 120
GRID = Grid(CELL, (WIDTH - (9 * CELL - 2)) // 2, 52)
ROWS = RowLayout(height=38, name_room=190, power_x=240, facts_x=318)


def _footer(view: PlayerView, facts: CityFacts, events: Sequence[Event]) -> list[str]:
    lines: list[str] = []
    for line in list_lines(view, facts):
        lines += lines_of(line, WIDTH, 3)
    said = recent([p.name for p in view.players], events)
    if said:
        lines += lines_of("Last: " + "; ".join(said) + ".", WIDTH, 3)
    return lines


def render_empire(view: PlayerView, events: Sequence[Event] = ()) -> Image.Image:
    """The full city as an image (for tests and composing)."""
    return in_colour(_laid_out(view, events))


def _laid_out(view: PlayerView, events: Sequence[Event]) -> Layout:
    facts = city_facts(view)
    footer = _footer(view, facts, events)
    rows = gang_rows(WIDTH, ROWS, view, facts, lambda s: " · ".join(gang_details(view, facts, s)))
    return composed(WIDTH, GRID, (title(view, facts), 24), rows, footer, view, facts)


def render_empire_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The full city as an 8-bit PNG."""
    return to_png(_laid_out(view, events))
