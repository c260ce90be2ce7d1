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

from bot.render.vision import RGB, relative_luminance

FRAME: RGB = (22, 20, 18)
BOARD: RGB = (36, 32, 29)
CENTRE: RGB = (44, 39, 35)
PANEL: RGB = (36, 32, 29)
CARD: RGB = (52, 47, 42)
CARD_ACTIVE: RGB = (70, 60, 40)
CELL: RGB = (243, 234, 211)
CELL_LINE: RGB = (22, 20, 18)
INK: RGB = (33, 29, 25)
INK_MUTED: RGB = (98, 88, 76)
LIGHT: RGB = (240, 232, 214)
LIGHT_MUTED: RGB = (170, 160, 142)
GOLD: RGB = (214, 176, 70)
STRIKE: RGB = (225, 85, 70)
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
_BLEND_STEPS = (0.25, 0.5, 0.75)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def palette_colours() -> list[RGB]:
    """The PNG palette: the flat colours, then the edge shades between each ink and
    each ground it is drawn on (and between touching grounds)."""
    colours: list[RGB] = []
    seen: set[RGB] = set()

    def add(colour: RGB) -> None:
        if colour not in seen:
            seen.add(colour)
            colours.append(colour)

    for colour in (*_GROUNDS, *_INKS):
        add(colour)
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
    for ink, ground in pairs:
        for t in _BLEND_STEPS:
            add(blend(ground, ink, t))
    if len(colours) > 256:
        raise AssertionError(f"palette has {len(colours)} colours, PNG allows 256")
    return colours


@cache
def palette_bytes() -> bytes:
    """The palette as the RGB triples a PNG's palette chunk holds."""
    return bytes(channel for colour in palette_colours() for channel in colour)


@cache
def palette_image() -> Image.Image:
    """A 1x1 'P' image carrying the palette, as `Image.quantize(palette=...)` wants."""
    image = Image.new("P", (1, 1))
    image.putpalette(palette_bytes())
    return image
