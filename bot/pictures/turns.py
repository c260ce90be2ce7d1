"""The frames of an animated replay from a game's pictures, the same way for every game
whose picture is drawn on a fixed palette: each padded to the tallest (a GIF has one
size), scaled, mapped onto the palette; and the GIF drawn smaller until it fits."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.pictures import palette as pal
from bot.pictures.gif import MAX_BYTES, Frame, encode_gif


def palette_frames(
    pictures: Sequence[Image.Image], scale: float, palette: Image.Image
) -> list[Frame]:
    """Each picture at `scale` on `palette`, padded to the tallest."""
    width = max(p.width for p in pictures)
    height = max(p.height for p in pictures)
    size = (round(width * scale), round(height * scale))
    found = []
    for picture in pictures:
        padded = Image.new("RGB", (width, height), pal.FRAME)
        padded.paste(picture, (0, 0))
        if scale != 1:
            padded = padded.resize(size, Image.Resampling.BILINEAR)
        quantized = padded.quantize(palette=palette, dither=Image.Dither.NONE)
        found.append(Frame(quantized.size, quantized.tobytes()))
    return found


def fitting_gif(
    pictures: Sequence[Image.Image], scale: float, palette: Image.Image, limit: int = MAX_BYTES
) -> bytes:
    """The pictures as an animated GIF under `limit` bytes (drawn smaller if need be)."""
    while True:
        data = encode_gif(palette_frames(pictures, scale, palette), palette)
        if len(data) <= limit or scale < 0.2:
            return data
        scale *= 0.8
