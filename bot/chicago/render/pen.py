"""Text drawn through one pen that remembers what it wrote and where.

A picture meant for phones promises a least text height; the pen's record lets a test
find every piece of text on the encoded picture and measure its ink, instead of
trusting the font sizes the layout asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import ImageDraw

from bot.chicago.render.layout import Box
from bot.pictures.fonts import Face, Font, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB


@dataclass(frozen=True, slots=True)
class PlacedText:
    """A line of text as drawn: its words, its face and size, and its ink box."""

    text: str
    face: Face
    size: int
    box: Box


@dataclass(slots=True)
class Pen:
    draw: ImageDraw.ImageDraw
    placed: list[PlacedText] = field(default_factory=list)

    def write(
        self,
        xy: tuple[float, float],
        text: str,
        face: Face,
        size: int,
        fill: RGB,
        anchor: str = "la",
        width: float | None = None,
    ) -> Box:
        """Draw one line (shortened to `width` if given) and return its ink box."""
        used: Font = font(face, size)
        if width is not None:
            text = ellipsize(text, used, width)
        self.draw.text(xy, text, font=used, fill=fill, anchor=anchor)
        x0, y0, x1, y1 = self.draw.textbbox(xy, text, font=used, anchor=anchor)
        box = Box(int(x0), int(y0), int(x1) + 1, int(y1) + 1)
        if text.strip():
            self.placed.append(PlacedText(text, face, size, box))
        return box

    def length(self, text: str, face: Face, size: int) -> int:
        return round(font(face, size).getlength(text))
