"""The Turf picture's fixed 8-bit PNG palette: mapping onto a known palette and writing
8-bit pixels costs a few milliseconds, where an RGB PNG costs fifteen or more. It holds
every flat colour the picture draws and the shades anti-aliased edges produce between
an ink and the ground it is drawn on."""

from __future__ import annotations

from functools import cache
from itertools import product

from PIL import Image

from bot.render import palette as pal
from bot.render.vision import RGB
from bot.turf_render.seats import SEAT_COLOURS

LIGHT_SQUARE: RGB = (70, 63, 56)
DARK_SQUARE: RGB = (54, 48, 43)
EMPTY_BUILDING: RGB = (128, 120, 108)

_GROUNDS = (pal.FRAME, LIGHT_SQUARE, DARK_SQUARE, pal.CARD_ACTIVE)
_TEXT = (pal.LIGHT, pal.LIGHT_MUTED, pal.GOLD, pal.STRIKE)
_STEPS = (0.25, 0.5, 0.75)


def palette_colours() -> list[RGB]:
    flat = [*_GROUNDS, *_TEXT, pal.CELL_LINE, EMPTY_BUILDING, *SEAT_COLOURS]
    pairs = list(product(_TEXT, _GROUNDS))
    pairs += [(pal.CELL_LINE, ground) for ground in (*SEAT_COLOURS, EMPTY_BUILDING)]
    pairs += list(product((*SEAT_COLOURS, EMPTY_BUILDING), (*_GROUNDS, pal.CELL_LINE)))
    colours = list(dict.fromkeys(flat + [pal.blend(g, i, t) for i, g in pairs for t in _STEPS]))
    if len(colours) > 256:
        raise AssertionError(f"palette has {len(colours)} colours, PNG allows 256")
    return colours


@cache
def palette_bytes() -> bytes:
    """The palette as the RGB triples a PNG's palette chunk holds."""
    return bytes(channel for colour in palette_colours() for channel in colour)


@cache
def palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    image.putpalette(palette_bytes())
    return image
