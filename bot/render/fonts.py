"""The bundled DejaVu fonts, loaded once per size.

Fonts come from the installed `chicago_assets` package, never from the host, so the
picture looks the same on every machine. Text is laid out with Pillow's basic engine:
libraqm may or may not be present on a host, and it shifts glyphs by a pixel or two.
"""

from __future__ import annotations

import io
from enum import StrEnum
from functools import cache
from importlib.resources import files

from PIL import ImageFont

Font = ImageFont.FreeTypeFont


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
        loaded = ImageFont.truetype(
            io.BytesIO(_font_bytes(face)), size, layout_engine=ImageFont.Layout.BASIC
        )
        _loaded[key] = loaded
    return loaded


def sizes_used() -> list[tuple[Face, int]]:
    """Every (face, size) drawn so far: the readability test checks each one."""
    return sorted(_loaded)
