"""Fitting words into boxes: wrapping names, shortening what cannot fit, centring.

Player names come from Discord and can be any length, so everything drawn from them
goes through `ellipsize`; nothing may spill into a neighbouring space or panel.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.pictures.box import Box
from bot.pictures.fonts import Font
from bot.pictures.vision import RGB

ELLIPSIS = "…"


def ellipsize(text: str, font: Font, width: float) -> str:
    """The text, cut with an ellipsis if it is wider than `width` pixels."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def wrap(text: str, font: Font, width: float) -> list[str]:
    """Greedy word wrap; a single word wider than the box is shortened."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and font.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return [ellipsize(line, font, width) for line in lines]


def line_height(font: Font) -> int:
    ascent, descent = font.getmetrics()
    return ascent + descent


def draw_lines(
    draw: ImageDraw.ImageDraw,
    box: Box,
    lines: Sequence[str],
    font: Font,
    fill: RGB,
    spacing: int = 0,
    align: str = "centre",
) -> None:
    """Draw lines as a block centred vertically in the box (horizontally: centred or
    from the left edge)."""
    step = line_height(font) + spacing
    total = step * len(lines) - spacing
    y = box.y0 + (box.height - total) // 2
    for line in lines:
        x = box.x0 + (box.width - font.getlength(line)) / 2 if align == "centre" else box.x0
        draw.text((round(x), y), line, font=font, fill=fill)
        y += step


def draw_centred(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, font: Font, fill: RGB
) -> None:
    """One line centred on a point, by its ink box (for labels on pieces and dice)."""
    draw.text(centre, text, font=font, fill=fill, anchor="mm")
