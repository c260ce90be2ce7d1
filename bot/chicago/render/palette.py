"""Every colour the board uses, and the fixed 8-bit palette the PNG is encoded with.

Sides get colours from the Okabe-Ito family, tuned so that each pair stays apart for
deuteranopes and protanopes as well (tests check it with `vision`). The picture has its
own dark ground with a gold rim, so it reads on Discord's dark and light themes alike.

The PNG palette is fixed rather than computed per picture: mapping to a known palette
costs a few milliseconds, an adaptive one costs twenty or more. It holds every colour
below plus the in-between shades that anti-aliased text and edges produce.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from bot.pictures.palette import CARD_ACTIVE as CARD_ACTIVE
from bot.pictures.palette import CELL_LINE as CELL_LINE
from bot.pictures.palette import FRAME as FRAME
from bot.pictures.palette import GOLD as GOLD
from bot.pictures.palette import LIGHT as LIGHT
from bot.pictures.palette import LIGHT_MUTED as LIGHT_MUTED
from bot.pictures.palette import STRIKE as STRIKE
from bot.pictures.palette import as_bytes, as_image, shaded
from bot.pictures.palette import blend as blend
from bot.pictures.vision import RGB, relative_luminance

BOARD: RGB = (36, 32, 29)
CENTRE: RGB = (44, 39, 35)
PANEL: RGB = (36, 32, 29)
CARD: RGB = (52, 47, 42)
CELL: RGB = (243, 234, 211)
INK: RGB = (33, 29, 25)
INK_MUTED: RGB = (98, 88, 76)
PATH_DOT: RGB = (240, 232, 214)

# RULES §2.1 blocks 1-8: muted tones, so the saturated side colours stand out on top.
BLOCK: dict[int, RGB] = {
    1: (138, 96, 64),
    2: (196, 118, 132),
    3: (200, 152, 66),
    4: (150, 45, 52),
    5: (74, 142, 162),
    6: (224, 192, 96),
    7: (112, 76, 134),
    8: (46, 104, 74),
}
STREET_LIFE: RGB = (92, 126, 62)
POLICE_FILE: RGB = (66, 76, 102)
HUB: RGB = (112, 106, 98)
CORNER: RGB = (232, 220, 190)

BOSS_COLOURS: tuple[RGB, ...] = (
    (213, 94, 0),  # vermilion
    (240, 228, 66),  # yellow
    (16, 134, 131),  # teal
    (110, 204, 255),  # sky
)
POLICE: RGB = (31, 63, 153)  # the blue of the police seal


def side_colour(seat: int, is_police: bool) -> RGB:
    """A boss keeps its seat's colour all match; police is always seal blue."""
    return POLICE if is_police else BOSS_COLOURS[seat % len(BOSS_COLOURS)]


def ink_on(ground: RGB) -> RGB:
    """Dark or light text, whichever contrasts more with the ground."""
    return INK if relative_luminance(ground) > 0.22 else LIGHT


_GROUNDS: tuple[RGB, ...] = (
    FRAME, BOARD, CENTRE, PANEL, CARD, CARD_ACTIVE, CELL, CORNER, STREET_LIFE,
    POLICE_FILE, HUB, POLICE, GOLD, *BLOCK.values(), *BOSS_COLOURS,
)  # fmt: skip
_INKS: tuple[RGB, ...] = (INK, LIGHT, INK_MUTED, LIGHT_MUTED, GOLD, STRIKE)


def palette_colours() -> list[RGB]:
    """The PNG palette: the flat colours, then the edge shades between each ink and
    each ground it is drawn on (and between touching grounds)."""
    pairs: list[tuple[RGB, RGB]] = []
    pairs.extend((ink_on(ground), ground) for ground in _GROUNDS)
    # Pieces are drawn smooth, with a dark rim, on the lane, cells and corners.
    for ground in (BOARD, CELL, CORNER, *BOSS_COLOURS, POLICE):
        pairs.append((CELL_LINE, ground))
    for ground in (FRAME, BOARD, CENTRE, PANEL, CARD, CARD_ACTIVE):
        pairs.extend((ink, ground) for ink in (LIGHT_MUTED, GOLD, STRIKE))
        pairs.extend((side, ground) for side in (*BOSS_COLOURS, POLICE))
    pairs.append((INK_MUTED, CELL))
    pairs.append((LIGHT, POLICE))
    return shaded((*_GROUNDS, *_INKS), pairs)


@cache
def palette_bytes() -> bytes:
    """The palette as the RGB triples a PNG's palette chunk holds."""
    return as_bytes(palette_colours())


@cache
def palette_image() -> Image.Image:
    """A 1x1 'P' image carrying the palette, as `Image.quantize(palette=...)` wants."""
    return as_image(palette_bytes())
