"""The Bootleg picture's colours and its fixed 8-bit PNG palette (mapping onto a known
palette and writing 8-bit pixels is a few milliseconds, an RGB PNG fifteen or more).

Each gang keeps the colour of its box in the rules (blue, red, green, yellow, BOOTLEG
§2.5), in shades from the Okabe-Ito family that stay apart for colour-blind players; its
letter on every Barrel tells the gangs apart without colour at all.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from PIL import Image

from bot.pictures import palette as pal
from bot.pictures.vision import RGB
from engine.bootleg.gangs import DEVILS, GOLDEN_GANG, LUCKY, ROTTEN

GANG_COLOURS: dict[str, RGB] = {
    ROTTEN: (86, 160, 230),  # blue
    DEVILS: (213, 94, 0),  # vermilion
    LUCKY: (0, 158, 115),  # bluish green
    GOLDEN_GANG: (240, 228, 66),  # yellow
}
GANG_LETTERS = {ROTTEN: "R", DEVILS: "D", LUCKY: "L", GOLDEN_GANG: "G"}
CELL_GROUND: RGB = (58, 52, 46)
SPACE_GROUND: RGB = (38, 34, 31)
CASINO_GREEN: RGB = (40, 96, 56)
CASINO_RED: RGB = (120, 44, 40)
TOKEN_BACK: RGB = (92, 70, 120)
ENVOY_CHIP: RGB = (235, 235, 235)

_GROUNDS = (pal.FRAME, CELL_GROUND, SPACE_GROUND, pal.CARD_ACTIVE, CASINO_GREEN, CASINO_RED,
            TOKEN_BACK, ENVOY_CHIP)  # fmt: skip
_INKS = (pal.LIGHT, pal.LIGHT_MUTED, pal.GOLD, pal.STRIKE, pal.CELL_LINE)


def gang_colour(gang: str) -> RGB:
    return GANG_COLOURS[gang]


def palette_colours() -> list[RGB]:
    gangs = tuple(GANG_COLOURS.values())
    flat = [*_GROUNDS, *_INKS, *gangs]
    pairs = list(product(_INKS, _GROUNDS))
    pairs += list(product(gangs, _GROUNDS))
    pairs += list(product((pal.CELL_LINE,), gangs))
    return pal.shaded(flat, pairs)


@cache
def palette_bytes() -> bytes:
    return pal.as_bytes(palette_colours())


@cache
def palette_image() -> Image.Image:
    return pal.as_image(palette_bytes())
