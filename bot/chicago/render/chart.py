"""The small chart of a match summary: every side's Empire Marks over the match.

A step line per side on the board's own dark ground and side colours, so the chart
sits next to the board picture as one family. Lines that share a value are nudged
apart a few pixels, or a mark earned by two sides at once would hide one of them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.chicago.render.palette import BOARD, FRAME, GOLD, LIGHT, LIGHT_MUTED, side_colour
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB

WIDTH, HEIGHT = 960, 420
PLOT_LEFT, PLOT_TOP, PLOT_BOTTOM = 64, 64, HEIGHT - 56
LEGEND_WIDTH = 250
GRID: RGB = (70, 63, 56)
# The police's seal blue is too dark to read as a thin line on the dark ground.
POLICE_LINE: RGB = (120, 150, 235)
NUDGE = 3


def _colour(seat: int, police_seat: int) -> RGB:
    return POLICE_LINE if seat == police_seat else side_colour(seat, False)


def marks_chart(
    names: Sequence[str],
    police_seat: int,
    points: Sequence[tuple[int, Sequence[int]]],
    marks_to_win: int,
    winner: int | None = None,
) -> bytes:
    """PNG bytes of the chart. `points` are (round, marks of every side) after each
    turn, in order; the x axis is turns played, labelled with rounds."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BOARD)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=GOLD, width=2)
    title = font(Face.BOLD, 26)
    small = font(Face.REGULAR, 20)
    draw.text((PLOT_LEFT, 18), "Empire Marks over the match", font=title, fill=GOLD)

    right = WIDTH - LEGEND_WIDTH
    top_value = max(marks_to_win, max((max(m) for _, m in points if m), default=0), 1)
    span = max(len(points) - 1, 1)

    def x_of(i: int) -> float:
        return PLOT_LEFT + (right - 24 - PLOT_LEFT) * i / span

    def y_of(value: float) -> float:
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * value / top_value

    for value in range(top_value + 1):
        y = y_of(value)
        draw.line((PLOT_LEFT, y, right - 24, y), fill=GRID, width=1)
        draw.text((PLOT_LEFT - 14, y), str(value), font=small, fill=LIGHT_MUTED, anchor="rm")
    for i, label in _round_ticks(points):
        x = x_of(i)
        draw.line((x, PLOT_BOTTOM, x, PLOT_BOTTOM + 6), fill=LIGHT_MUTED, width=1)
        draw.text((x, PLOT_BOTTOM + 8), label, font=small, fill=LIGHT_MUTED, anchor="mt")

    seats = range(len(names))
    middle = (len(names) - 1) / 2
    for seat in seats:
        offset = (seat - middle) * NUDGE
        line: list[tuple[float, float]] = []
        for i, (_, marks) in enumerate(points):
            y = y_of(marks[seat]) + offset
            if line and line[-1][1] != y:
                line.append((x_of(i), line[-1][1]))
            line.append((x_of(i), y))
        if len(line) == 1:
            line.append((line[0][0] + 1, line[0][1]))
        draw.line(line, fill=_colour(seat, police_seat), width=4, joint="curve")

    legend = font(Face.BOLD, 20)
    y = PLOT_TOP
    for seat in seats:
        colour = _colour(seat, police_seat)
        final = points[-1][1][seat] if points else 0
        draw.rectangle((right, y + 4, right + 18, y + 22), fill=colour, outline=FRAME)
        crown = "★ " if seat == winner else ""
        label = ellipsize(f"{crown}{names[seat]}", legend, LEGEND_WIDTH - 70)
        draw.text((right + 28, y), label, font=legend, fill=LIGHT)
        draw.text((WIDTH - 16, y), str(final), font=legend, fill=colour, anchor="ra")
        y += 34
    draw.text((right, PLOT_BOTTOM + 8), "round", font=small, fill=LIGHT_MUTED)

    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _round_ticks(points: Sequence[tuple[int, Sequence[int]]]) -> list[tuple[int, str]]:
    """Where each round begins, thinned to at most about ten labels."""
    starts: list[tuple[int, int]] = []
    for i, (round_, _) in enumerate(points):
        if not starts or starts[-1][1] != round_:
            starts.append((i, round_))
    every = max(1, -(-len(starts) // 10))
    return [(i, str(r)) for n, (i, r) in enumerate(starts) if n % every == 0]
