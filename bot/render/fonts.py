"""The bundled DejaVu fonts, loaded once per size, each remembering the text it drew.

Fonts come from the installed `chicago_assets` package, never from the host, so the
picture looks the same on every machine. Text is laid out with Pillow's basic engine:
libraqm may or may not be present on a host, and it shifts glyphs by a pixel or two.

Most words on a board are the same from one picture to the next (labels, initials,
fines, names), and rasterising them was most of the drawing time. Each font therefore
keeps the masks and measures of the texts it rendered lately: the same call gives the
same pixels, so every layout that draws with these fonts gets the saving unchanged.
"""

from __future__ import annotations

import io
from enum import StrEnum
from functools import cache
from importlib.resources import files
from typing import Any, BinaryIO

from PIL import ImageFont

from bot.render.memo import Memo

TEXTS_REMEMBERED = 256
"""Per font and per kind of answer (mask, length, box). A picture draws a few dozen
distinct texts in each font, so this keeps the last few pictures' worth (the labels,
names and fines that recur) in about 3 MB of masks for all fonts together."""


def _key(text: str | bytes | bytearray, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return (text, args, tuple(kwargs.items()))


class Font(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the masks, lengths and boxes of recent texts.
    Pillow's own `ImageDraw.text` asks the font for them, so drawing code is unchanged."""

    def __init__(self, source: BinaryIO, size: int, layout_engine: ImageFont.Layout) -> None:
        super().__init__(source, size, layout_engine=layout_engine)
        self._masks = Memo(TEXTS_REMEMBERED)
        self._lengths = Memo(TEXTS_REMEMBERED)
        self._boxes = Memo(TEXTS_REMEMBERED)

    def getmask2(self, text: str | bytes, *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        def render() -> tuple[Any, tuple[int, int]]:
            return super(Font, self).getmask2(text, *args, **kwargs)

        mode = args[0] if args else kwargs.get("mode", "")
        if mode == "RGBA":
            return render()  # colour glyphs are changed by their caller: never shared
        mask: tuple[Any, tuple[int, int]] = self._masks.get(_key(text, args, kwargs), render)
        return mask

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        length: float = self._lengths.get(
            _key(text, args, kwargs), lambda: super(Font, self).getlength(text, *args, **kwargs)
        )
        return length

    def getbbox(
        self, text: str | bytes | bytearray, *args: Any, **kwargs: Any
    ) -> tuple[float, float, float, float]:
        box: tuple[float, float, float, float] = self._boxes.get(
            _key(text, args, kwargs), lambda: super(Font, self).getbbox(text, *args, **kwargs)
        )
        return box


class Face(StrEnum):
    REGULAR = "DejaVuSansCondensed.ttf"
    BOLD = "DejaVuSansCondensed-Bold.ttf"
    WIDE_BOLD = "DejaVuSans-Bold.ttf"


# The smallest size drawn anywhere: capitals with descenders stay at least 9 px tall
# when Discord shows the picture at half size.
MIN_SIZE = 20

_loaded: dict[tuple[Face, int], Font] = {}


@cache
def _font_bytes(face: Face) -> bytes:
    return (files("chicago_assets") / "fonts" / face.value).read_bytes()


def font(face: Face, size: int) -> Font:
    """A font of the bundled family at a pixel size (never below MIN_SIZE)."""
    key = (face, size)
    loaded = _loaded.get(key)
    if loaded is None:
        if size < MIN_SIZE:
            raise ValueError(f"text below {MIN_SIZE} px is unreadable at half size")
        loaded = Font(io.BytesIO(_font_bytes(face)), size, ImageFont.Layout.BASIC)
        _loaded[key] = loaded
    return loaded


def sizes_used() -> list[tuple[Face, int]]:
    """Every (face, size) drawn so far: the readability test checks each one."""
    return sorted(_loaded)
