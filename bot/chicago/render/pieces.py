"""Pieces: a round pawn per boss with its character's initials, a shield for police.

Shapes are drawn four times too large and scaled down, so edges are smooth; the
initials are drawn at their final size, where the font's own hinting keeps them sharp.
Each sprite is made once and pasted with its alpha as a mask.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.chicago.render import palette as pal
from bot.chicago.render.layout import PIECE
from bot.pictures.fonts import Face, font
from bot.pictures.vision import RGB

_SCALE = 4
HALO = 4  # the gold ring around the piece whose side is to decide


def _shield(size: float) -> list[tuple[float, float]]:
    s = size
    return [
        (0.08 * s, 0.06 * s), (0.5 * s, 0.0), (0.92 * s, 0.06 * s), (0.94 * s, 0.52 * s),
        (0.5 * s, 0.99 * s), (0.06 * s, 0.52 * s),
    ]  # fmt: skip


@cache
def sprite(colour: RGB, initials: str, police: bool, halo: bool = False) -> Image.Image:
    """An RGBA piece PIECE + 2*HALO pixels square, centred."""
    full = PIECE + 2 * HALO
    big = Image.new("RGBA", (full * _SCALE, full * _SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    o = HALO * _SCALE
    size = PIECE * _SCALE
    if halo:
        draw.ellipse((0, 0, full * _SCALE - 1, full * _SCALE - 1), fill=pal.GOLD)
    # A light edge outside a dark rim: the piece stands out on the dark lane and on
    # the cream corners alike, whatever its own colour.
    edge, rim = 2 * _SCALE, 5 * _SCALE
    if police:
        draw.polygon([(x + o, y + o) for x, y in _shield(size)], fill=pal.LIGHT)
        dark = [(x + o + edge, y + o + edge) for x, y in _shield(size - 2 * edge)]
        draw.polygon(dark, fill=pal.CELL_LINE)
        inner = [(x + o + rim, y + o + rim) for x, y in _shield(size - 2 * rim)]
        draw.polygon(inner, fill=colour)
    else:
        draw.ellipse((o, o, o + size - 1, o + size - 1), fill=pal.LIGHT)
        draw.ellipse((o + edge, o + edge, o + size - edge - 1, o + size - edge - 1),
                     fill=pal.CELL_LINE)  # fmt: skip
        draw.ellipse((o + rim, o + rim, o + size - rim - 1, o + size - rim - 1), fill=colour)
    image = big.resize((full, full), Image.Resampling.LANCZOS)
    text = ImageDraw.Draw(image)
    label_font = font(Face.BOLD, 20)
    cy = full / 2 - (3 if police else 0)
    text.text((full / 2, cy), initials, font=label_font, fill=pal.ink_on(colour), anchor="mm")
    return image


def paste(canvas: Image.Image, piece: Image.Image, top_left: tuple[int, int]) -> None:
    """Paste a sprite so that its piece (not its halo) starts at `top_left`."""
    canvas.paste(piece, (top_left[0] - HALO, top_left[1] - HALO), piece)
