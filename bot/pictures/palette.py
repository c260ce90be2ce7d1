"""Fixed 8-bit palettes, the way every game's picture is encoded: mapping onto a known
palette and writing 8-bit pixels costs a few milliseconds, where an adaptive palette or an
RGB PNG costs fifteen or more. A game lists its flat colours and the (ink, ground) pairs
it draws anti-aliased; the palette holds those colours and the shades between each pair.

The house colours below are shared: every game's picture has the same dark ground, gold
rim and light ink, so all of them read on Discord's dark and light themes alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from bot.pictures.vision import RGB

FRAME: RGB = (22, 20, 18)
CARD_ACTIVE: RGB = (70, 60, 40)
CELL_LINE: RGB = (22, 20, 18)
LIGHT: RGB = (240, 232, 214)
LIGHT_MUTED: RGB = (170, 160, 142)
GOLD: RGB = (214, 176, 70)
STRIKE: RGB = (225, 85, 70)

BLEND_STEPS = (0.25, 0.5, 0.75)  # the edge shades between an ink and its ground
MAX_COLOURS = 256  # an 8-bit PNG's palette


def blend(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def shaded(flat: Iterable[RGB], pairs: Iterable[tuple[RGB, RGB]]) -> list[RGB]:
    """The flat colours, then the shades of each (ink, ground) pair, each colour once in
    the order first met; more than a PNG palette holds is a drawing bug."""
    shades = (blend(ground, ink, t) for ink, ground in pairs for t in BLEND_STEPS)
    colours = list(dict.fromkeys([*flat, *shades]))
    if len(colours) > MAX_COLOURS:
        raise AssertionError(f"palette has {len(colours)} colours, PNG allows {MAX_COLOURS}")
    return colours


def as_bytes(colours: Sequence[RGB]) -> bytes:
    """The palette as the RGB triples a PNG's palette chunk holds."""
    return bytes(channel for colour in colours for channel in colour)


def as_image(palette: bytes) -> Image.Image:
    """A 1x1 'P' image carrying the palette, as `Image.quantize(palette=...)` wants."""
    image = Image.new("P", (1, 1))
    image.putpalette(palette)
    return image
