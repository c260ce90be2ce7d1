"""The full city picture: a pure function from a view (and the last events) to PNG.

The 9 × 9 city of EMPIRE §2.1 in 120 px cells, then a row per gang and the lists. It is
drawn 1100 px wide with no text below 20 px, so on a desktop that shows it about 550 px
wide every letter is still 10 px, and opened full size it reads at ease. Only public
facts are drawn (see `facts`), whichever seat's view it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.empire.render.canvas import MARGIN, composed, gang_rows
from bot.empire.render.city import Grid
from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.panel import gang_details, list_lines, title
from bot.empire.render.recent import recent
from bot.empire.render.regions import to_png
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import wrap
from engine.empire.events import Event
from engine.empire.view import PlayerView

WIDTH = 1100
CELL = 120
GRID = Grid(CELL, (WIDTH - (9 * CELL - 2)) // 2, 52)
ROW_H = 38


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
    layout = (WIDTH, ROW_H, 190, 240, 318)

    def rows(draw: ImageDraw.ImageDraw, top: int) -> None:
        gang_rows(
            draw, top, view, facts, layout, lambda s: " · ".join(gang_details(view, facts, s))
        )

    return composed(
        WIDTH,
        GRID,
        (title(view, facts), 24),
        (rows, len(view.players) * ROW_H),
        footer,
        view,
        facts,
    )


def render_empire_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The full city as an 8-bit PNG."""
    image, drawn = _drawn(view, events)
    return to_png(image, GRID, drawn)
