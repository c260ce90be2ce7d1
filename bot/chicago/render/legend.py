"""The key at the foot of the centre: each mark the ring uses, drawn small beside what
it means, so a first-time player can read the picture without the rules at hand.

It never changes during a match, so the static layer draws it once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from PIL import ImageDraw

from bot.chicago.render import palette as pal
from bot.chicago.render.layout import CENTRE_BOX, Box
from bot.pictures.fonts import Face, font
from bot.pictures.vision import RGB

ROW_H = 34
SWATCH_W = 58
SWATCH_H = 26
LEGEND_ROWS = 3
LEGEND_H = LEGEND_ROWS * ROW_H + 30  # rows, the rule above them and a margin below
PAD = 34

Swatch = Callable[[ImageDraw.ImageDraw, Box], None]


def star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The police seal's five-pointed star, as polygon points."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    return points


def _label_swatch(draw: ImageDraw.ImageDraw, box: Box, ground: RGB, text: str) -> None:
    draw.rectangle(box.pil(), fill=ground, outline=pal.CELL_LINE, width=1)
    draw.text(box.centre, text, font=font(Face.BOLD, 20), fill=pal.ink_on(ground), anchor="mm")


def _seal_swatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rectangle(box.pil(), fill=pal.POLICE, outline=pal.CELL_LINE, width=1)
    cx, cy = box.centre
    draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=pal.LIGHT)
    draw.polygon(star(cx, cy, 9), fill=pal.POLICE)


def _double_swatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    draw.rectangle(box.pil(), fill=pal.BOSS_COLOURS[2], outline=pal.CELL_LINE, width=1)
    tag = box.inset(8, 3)
    draw.rounded_rectangle(tag.pil(), radius=4, fill=pal.CELL_LINE)
    draw.text(tag.centre, "×2", font=font(Face.BOLD, 20), fill=pal.LIGHT, anchor="mm")


def _path_swatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
    y = box.centre[1]
    colour = pal.BOSS_COLOURS[0]
    draw.line((box.x0 + 2, y, box.x1 - 14, y), fill=pal.CELL_LINE, width=9)
    draw.line((box.x0 + 2, y, box.x1 - 14, y), fill=colour, width=5)
    draw.ellipse((box.x0 + 18, y - 5, box.x0 + 28, y + 5), fill=colour, outline=pal.CELL_LINE)
    draw.polygon([(box.x1, y), (box.x1 - 16, y - 9), (box.x1 - 16, y + 9)], fill=colour,
                 outline=pal.CELL_LINE)  # fmt: skip


def draw_legend(draw: ImageDraw.ImageDraw) -> None:
    """Three rows of two entries: money on a space, who runs it, and what else shows."""
    box = CENTRE_BOX
    x0, x1 = box.x0 + PAD, box.x1 - PAD
    top = box.y1 - LEGEND_H
    draw.text((x0, top - 2), "KEY", font=font(Face.BOLD, 20), fill=pal.GOLD)
    draw.line((x0 + 48, top + 10, x1, top + 10), fill=pal.GOLD, width=1)
    regular = font(Face.REGULAR, 20)
    half = (x1 - x0) // 2
    entries: tuple[tuple[Swatch, str], ...] = (
        (partial(_label_swatch, ground=pal.BLOCK[5], text="fine"), "paid by a visitor"),
        (partial(_label_swatch, ground=pal.CELL, text="cost"), "price to take control"),
        (partial(_label_swatch, ground=pal.BOSS_COLOURS[1], text="NG"), "run by that boss"),
        (_seal_swatch, "sealed by the police"),
        (_double_swatch, "whole block: fine ×2"),
        (_path_swatch, "the last move"),
    )
    for index, (swatch, meaning) in enumerate(entries):
        row, column = divmod(index, 2)
        x = x0 + column * half
        y = top + 26 + row * ROW_H
        swatch(draw, Box(x, y, x + SWATCH_W, y + SWATCH_H))
        draw.text((x + SWATCH_W + 10, y + SWATCH_H // 2), meaning, font=regular,
                  fill=pal.LIGHT_MUTED, anchor="lm")  # fmt: skip
