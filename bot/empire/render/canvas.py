"""What both Empire pictures start from and share: the frame (dark ground, gold rim,
the title in gold, the city's grounds in its window), a gang's tag (its letter on its
colour, then its name) and plain lines of text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.empire.render.city import Grid, draw_cells, grid_base
from bot.empire.render.facts import CityFacts
from bot.empire.render.palette import gang_colour, gang_letter
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from engine.empire.view import PlayerPublic, PlayerView

MARGIN = 12
LINE_H = 27


RowDrawer = Callable[[ImageDraw.ImageDraw, int], None]


def composed(
    width: int, grid: Grid, heading: tuple[str, int], rows: tuple[RowDrawer, int],
    lines: Sequence[str], view: PlayerView, facts: CityFacts,
) -> tuple[Image.Image, list[Box]]:  # fmt: skip
    """A whole picture: the frame and title, the city's window, the gangs' rows (drawn by
    `rows[0]` from a top, `rows[1]` pixels tall in all), then the lines; returns it
    with the city cells drawn on."""
    rows_top = grid.y0 + grid.height + 10
    lines_top = rows_top + rows[1] + 4
    height = lines_top + len(lines) * LINE_H + 10
    image, draw = framed(width, height, grid, *heading)
    drawn = draw_cells(draw, grid, view, facts)
    rows[0](draw, rows_top)
    write_lines(draw, lines_top, lines)
    return image, drawn


def framed(
    width: int, height: int, grid: Grid, title: str, title_size: int
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), pal.FRAME)
    image.paste(grid_base(grid), (grid.x0, grid.y0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline=pal.GOLD, width=3)
    head = font(Face.BOLD, title_size)
    draw.text((MARGIN, 13), ellipsize(title, head, width - 2 * MARGIN), font=head, fill=pal.GOLD)
    return image, draw


def gang_tag(
    draw: ImageDraw.ImageDraw, y: int, width: int, p: PlayerPublic, active: bool, name_w: int
) -> None:
    """A gang's row start: the turn's band, the letter on the colour, the name."""
    bold = font(Face.BOLD, 21)
    if active:
        draw.rectangle((MARGIN - 4, y, width - MARGIN + 4, y + 32), fill=pal.CARD_ACTIVE)
    draw.rounded_rectangle((MARGIN, y + 2, MARGIN + 30, y + 30), 6, fill=gang_colour(p.colour))
    draw.text((MARGIN + 15, y + 16), gang_letter(p.seat), font=bold, fill=pal.CELL_LINE,
              anchor="mm")  # fmt: skip
    draw.text((MARGIN + 40, y + 5), ellipsize(p.name, bold, name_w), font=bold, fill=pal.LIGHT)


def gang_rows(
    draw: ImageDraw.ImageDraw, top: int, view: PlayerView, facts: CityFacts,
    layout: tuple[int, int, int, int, int], facts_of: Callable[[int], str],
) -> None:  # fmt: skip
    """One row per gang: its tag, its PP in gold, then `facts_of(seat)`. `layout` is the
    picture's width, the row height, the name's width, and where PP and facts start."""
    width, row_h, name_w, power_x, facts_x = layout
    regular, big = font(Face.REGULAR, 20), font(Face.BOLD, 22)
    for i, p in enumerate(view.players):
        y = top + i * row_h
        gang_tag(draw, y, width, p, p.seat == facts.active, name_w)
        draw.text((MARGIN + power_x, y + 4), f"{p.power} PP", font=big, fill=pal.GOLD)
        x = MARGIN + facts_x
        text = ellipsize(facts_of(p.seat), regular, width - MARGIN - x)
        draw.text((x, y + 6), text, font=regular, fill=pal.LIGHT)


def write_lines(draw: ImageDraw.ImageDraw, top: int, lines: Sequence[str]) -> None:
    regular = font(Face.REGULAR, 20)
    for i, line in enumerate(lines):
        draw.text((MARGIN, top + i * LINE_H), line, font=regular, fill=pal.LIGHT)
