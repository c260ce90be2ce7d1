"""The Turf picture's fixed 8-bit PNG palette: mapping onto a known palette and writing
8-bit pixels costs a few milliseconds, where an RGB PNG costs fifteen or more. It holds
every flat colour the picture draws and the shades anti-aliased edges produce between
an ink and the ground it is drawn on."""

from __future__ import annotations

from functools import cache
from itertools import product

from PIL import Image

from bot.pictures import palette as pal
from bot.pictures.vision import RGB
from bot.turf.render.seats import SEAT_COLOURS

LIGHT_SQUARE: RGB = (70, 63, 56)
DARK_SQUARE: RGB = (54, 48, 43)
EMPTY_BUILDING: RGB = (128, 120, 108)

_GROUNDS = (pal.FRAME, LIGHT_SQUARE, DARK_SQUARE, pal.CARD_ACTIVE)
_TEXT = (pal.LIGHT, pal.LIGHT_MUTED, pal.GOLD, pal.STRIKE)


def palette_colours() -> list[RGB]:
    flat = [*_GROUNDS, *_TEXT, pal.CELL_LINE, EMPTY_BUILDING, *SEAT_COLOURS]
    pairs = list(product(_TEXT, _GROUNDS))
    pairs += [(pal.CELL_LINE, ground) for ground in (*SEAT_COLOURS, EMPTY_BUILDING)]
    pairs += list(product((*SEAT_COLOURS, EMPTY_BUILDING), (*_GROUNDS, pal.CELL_LINE)))
    return pal.shaded(flat, pairs)


@cache
def palette_bytes() -> bytes:
    return pal.as_bytes(palette_colours())


@cache
def palette_image() -> Image.Image:
    return pal.as_image(palette_bytes())
