"""Each seat's colour and symbol. Colours come from the Okabe-Ito family; the symbol
(circle, triangle, square, diamond, cross, star) tells seats apart without colour, so
the picture reads for colour-blind players and in greyscale too."""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.pictures.vision import RGB

SEAT_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),  # vermilion
    (240, 228, 66),  # yellow
    (16, 134, 131),  # teal
    (110, 204, 255),  # sky
    (204, 121, 167),  # reddish purple
    (235, 235, 235),  # white
)
SYMBOLS = ("circle", "triangle", "square", "diamond", "cross", "star")
SYMBOL_NAMES = ("●", "▲", "■", "◆", "✚", "★")


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def draw_symbol(
    draw: ImageDraw.ImageDraw, seat: int, centre: tuple[float, float], size: float, ink: RGB
) -> None:
    """The seat's symbol, `size` pixels across, filled with `ink`."""
    x, y = centre
    r = size / 2
    shape = SYMBOLS[seat % len(SYMBOLS)]
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    elif shape == "square":
        s = r * 0.85
        draw.rectangle((x - s, y - s, x + s, y + s), fill=ink)
    elif shape == "triangle":
        draw.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=ink)
    elif shape == "diamond":
        draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=ink)
    elif shape == "cross":
        w = r * 0.38
        draw.rectangle((x - w, y - r, x + w, y + r), fill=ink)
        draw.rectangle((x - r, y - w, x + r, y + w), fill=ink)
    else:
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        draw.polygon(points, fill=ink)
