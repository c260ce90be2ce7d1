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

from bot.pictures.memo import Memo
from bot.pictures.words import WordSetter, plain

TEXTS_REMEMBERED = 256
"""Per font and per kind of answer (mask, length, box). A picture draws a few dozen
distinct texts in each font, so this keeps the last few pictures' worth (the labels,
names and fines that recur) in about 3 MB of masks for all fonts together."""


def _key(text: str | bytes | bytearray, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return (text, args, tuple(kwargs.items()))


def _mask_call(
    mode: str = "",
    direction: str | None = None,
    features: list[str] | None = None,
    language: str | None = None,
    stroke_width: float = 0,
    anchor: str | None = None,
    ink: int = 0,
    start: tuple[float, float] | None = None,
    stroke_filled: bool = False,
) -> tuple[str, str | None, tuple[float, float], bool]:
    """The arguments of a `getmask2` call that matter to its mask: mode, anchor,
    start, and whether it is plain (no direction, features, language or stroke)."""
    simple = direction is None and features is None and language is None and not stroke_width
    return mode, anchor, start or (0.0, 0.0), simple


class Font(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the masks, lengths and boxes of recent texts, and
    sets new ones from remembered words (`bot.pictures.words`). Pillow's own
    `ImageDraw.text` asks the font for them, so drawing code is unchanged."""

    def __init__(self, source: BinaryIO, size: int, layout_engine: ImageFont.Layout) -> None:
        super().__init__(source, size, layout_engine=layout_engine)
        self._masks = Memo(TEXTS_REMEMBERED)
        self._lengths = Memo(TEXTS_REMEMBERED)
        self._boxes = Memo(TEXTS_REMEMBERED)
        self._words = WordSetter(self)

    def getmask2(self, text: str | bytes, *args: Any, **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        def render() -> tuple[Any, tuple[int, int]]:
            if isinstance(text, str) and simple and mode == "L" and plain(text):
                found = self._words.mask(text, anchor, start)
                if found is not None:
                    return found
            return super(Font, self).getmask2(text, *args, **kwargs)

        # The ink only colours RGBA glyphs: the same mask serves every colour.
        inkless = {k: v for k, v in kwargs.items() if k != "ink"}
        args_inkless = args[:6] + args[7:]
        mode, anchor, start, simple = _mask_call(*args, **kwargs)
        if mode == "RGBA":
            return render()  # colour glyphs are changed by their caller: never shared
        key = _key(text, args_inkless, inkless)
        mask: tuple[Any, tuple[int, int]] = self._masks.get(key, render)
        return mask

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        def measure() -> float:
            if isinstance(text, str) and not kwargs and _plain_call(args) and plain(text):
                return self._words.length(text)
            return super(Font, self).getlength(text, *args, **kwargs)

        length: float = self._lengths.get(_key(text, args, kwargs), measure)
        return length

    def getbbox(
        self, text: str | bytes | bytearray, *args: Any, **kwargs: Any
    ) -> tuple[float, float, float, float]:
        def measure() -> tuple[float, float, float, float]:
            if isinstance(text, str) and plain(text):
                mode, _, _, simple = _mask_call(*args[:5], **kwargs)
                if simple and mode in ("", "L"):
                    anchor = kwargs.get("anchor", args[5] if len(args) > 5 else None)
                    found = self._words.bbox(text, anchor)
                    if found is not None:
                        return found
            return super(Font, self).getbbox(text, *args, **kwargs)

        box: tuple[float, float, float, float] = self._boxes.get(_key(text, args, kwargs), measure)
        return box


def _plain_call(args: tuple[Any, ...]) -> bool:
    """A `getlength` call in the default mode, with no direction, features or language."""
    return len(args) <= 4 and (not args or args[0] in ("", "L")) and not any(args[1:])


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
