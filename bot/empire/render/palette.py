"""The Empire pictures' colours and their fixed 8-bit PNG palette (mapping onto a known
palette and writing 8-bit pixels is a few milliseconds, an RGB PNG fifteen or more).

Each gang keeps its colour of the rules (brown, blue, green, orange, red, yellow, EMPIRE
§4.1) and a letter, A to F by seat, drawn on every car, Business and Turf marker: orange,
red and brown look alike to many colour-blind players, the letters never do.
"""

from __future__ import annotations

from itertools import product

from bot.pictures import palette as pal
from bot.pictures.vision import RGB

GANG_COLOURS: dict[str, RGB] = {
    "brown": (170, 118, 78),
    "blue": (86, 160, 230),
    "green": (0, 158, 115),
    "orange": (240, 170, 40),
    "red": (222, 80, 60),
    "yellow": (240, 228, 66),
}
LETTERS = "ABCDEF"  # a gang's letter is its seat's

STREET: RGB = (84, 78, 70)
SITE_GROUND: RGB = (46, 42, 38)
LOT_GROUND: RGB = (40, 44, 52)
TURF_GROUND: RGB = (44, 50, 40)
PLACE_GROUND: RGB = (56, 48, 40)  # Police Dept., Hospital, Garages
BOX_GROUND: RGB = (30, 28, 26)  # the display boxes in the corners
CLOSED_GROUND: RGB = (34, 30, 28)
POLICE: RGB = (60, 110, 220)
POLICE_INK: RGB = (250, 250, 250)
RESOURCE_COLOURS: tuple[RGB, RGB, RGB] = (
    (236, 128, 180),  # Girls
    (196, 150, 60),  # Booze
    (160, 170, 182),  # Henchmen
)
RESOURCE_LETTERS = ("G", "B", "H")

_GROUNDS = (pal.FRAME, STREET, SITE_GROUND, LOT_GROUND, TURF_GROUND, PLACE_GROUND, BOX_GROUND,
            CLOSED_GROUND, pal.CARD_ACTIVE)  # fmt: skip
_INKS = (pal.LIGHT, pal.LIGHT_MUTED, pal.GOLD, pal.STRIKE, pal.CELL_LINE)


def gang_colour(colour: str) -> RGB:
    return GANG_COLOURS[colour]


def gang_letter(seat: int) -> str:
    return LETTERS[seat]


def palette_colours() -> list[RGB]:
    gangs = tuple(GANG_COLOURS.values())
    chips = (*gangs, *RESOURCE_COLOURS, POLICE)
    flat = [*_GROUNDS, *_INKS, *chips, POLICE_INK]
    pairs = list(product(_INKS, _GROUNDS))
    pairs += list(product((pal.CELL_LINE,), chips))
    pairs += [(POLICE_INK, POLICE)]
    return pal.shaded(flat, pairs)


PALETTE = pal.as_bytes(palette_colours())  # the PNG palette chunk's RGB triples
PALETTE_IMAGE = pal.as_image(PALETTE)  # what `Image.quantize(palette=...)` maps onto
