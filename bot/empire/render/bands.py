"""The pieces of an Empire picture outside the city, each a small frozen value drawn
from that value alone: a band of frame ground with its part of the gold rim, carrying
the title, one line of text, or one half of a gang's row (its tag and PP, or its facts).

A picture is these bands around the city's window. Like a cell's `Shown`, a band that
says the same draws the same pixels, so its mapped pixels are kept and pasted (see
`pieces`): from one picture to the next most lines are unchanged, and a gang's row
mostly changes in its facts alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures import palette as pal
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB

MARGIN = 12
RIM = 3  # the gold rim's width
ACTIVE_H = 33  # the turn's gang's lighter band, from its row's top


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text from a point, cut with an ellipsis to its room."""

    text: str
    face: Face
    size: int
    x: int
    y: int
    ink: RGB
    room: int


@dataclass(frozen=True, slots=True)
class Tag:
    """A gang's row start: its letter on its colour, its name, its PP in gold."""

    letter: str
    colour: RGB
    name: str
    name_room: int
    power: str
    power_x: int


@dataclass(frozen=True, slots=True)
class Band:
    """`width` × `height` pixels of the picture whose left edge is `x` px from the
    picture's: the frame ground, the rim along the picture's edges it lies on (`rim`:
    some of "l", "r", "t", "b"), the turn's band from `active_x0` to `active_x1` (the
    picture's coordinates) if `active`, then its text or a gang's tag."""

    x: int
    width: int
    height: int
    rim: str = "lr"
    text: Text | None = None
    tag: Tag | None = None
    active: bool = False
    active_x0: int = 0
    active_x1: int = 0


def draw_rim(draw: ImageDraw.ImageDraw, width: int, height: int, rim: str) -> None:
    """The rim's parts on a piece of the picture, along the edges listed in `rim`."""
    if "l" in rim:
        draw.rectangle((0, 0, RIM - 1, height - 1), fill=pal.GOLD)
    if "r" in rim:
        draw.rectangle((width - RIM, 0, width - 1, height - 1), fill=pal.GOLD)
    if "t" in rim:
        draw.rectangle((0, 0, width - 1, RIM - 1), fill=pal.GOLD)
    if "b" in rim:
        draw.rectangle((0, height - RIM, width - 1, height - 1), fill=pal.GOLD)


def _text(draw: ImageDraw.ImageDraw, t: Text, dx: int) -> None:
    face = font(t.face, t.size)
    draw.text((t.x - dx, t.y), ellipsize(t.text, face, t.room), font=face, fill=t.ink)


def _tag(draw: ImageDraw.ImageDraw, tag: Tag, dx: int) -> None:
    bold, big = font(Face.BOLD, 21), font(Face.BOLD, 22)
    x = MARGIN - dx
    draw.rounded_rectangle((x, 2, x + 30, 30), 6, fill=tag.colour)
    draw.text((x + 15, 16), tag.letter, font=bold, fill=pal.CELL_LINE, anchor="mm")
    draw.text((x + 40, 5), ellipsize(tag.name, bold, tag.name_room), font=bold, fill=pal.LIGHT)
    draw.text((x + tag.power_x, 4), tag.power, font=big, fill=pal.GOLD)


def draw_band(band: Band) -> Image.Image:
    """The band's pixels, drawn from the band alone."""
    image = Image.new("RGB", (band.width, band.height), pal.FRAME)
    draw = ImageDraw.Draw(image)
    draw_rim(draw, band.width, band.height, band.rim)
    dx = band.x
    if band.active:
        draw.rectangle((band.active_x0 - dx, 0, band.active_x1 - dx, ACTIVE_H - 1),
                       fill=pal.CARD_ACTIVE)  # fmt: skip
    if band.text is not None:
        _text(draw, band.text, dx)
    if band.tag is not None:
        _tag(draw, band.tag, dx)
    return image
