"""Text set from remembered words gives FreeType's very pixels, lengths and boxes:
at whole and fractional positions, with every anchor the pictures use, and for the
texts Pillow must still set itself (marks that combine, control characters)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.pictures.fonts import Face, Font, _font_bytes
from bot.pictures.words import plain

ANCHORS = ("la", "mm", "ma", "mt", "ra", "rm", "lm", "ls", "rs", "lb", "md")
POSITIONS = ((10, 40), (10.5, 40), (11.25, 40.5), (12.75, 41.0), (13.49, 40.2))
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $,.·…×→'!?()-:/%&"
FIXED = [
    "Boss 2 rolls 6 + 5 to Sicilian Social Club.", "$12,650", "×2", "AV To Te Ty",
    "  two leading", "two trailing  ", "f j", "Wo Yo", "Sal  Moretti", "“Caught”", "ﬁx",
    "Round 5 · Boss 2's turn", "waiting for Chicago Police to roll",
]  # fmt: skip


def _texts() -> list[str]:
    rng = random.Random(4)
    made = ["".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 30))) for _ in range(40)]
    return FIXED + [t for t in made if t.strip()]


def _fonts(face: Face, size: int) -> tuple[Font, ImageFont.FreeTypeFont]:
    ours = Font(io.BytesIO(_font_bytes(face)), size, ImageFont.Layout.BASIC)
    fresh = ImageFont.truetype(
        io.BytesIO(_font_bytes(face)), size, layout_engine=ImageFont.Layout.BASIC
    )
    return ours, fresh


def _drawn(font: ImageFont.FreeTypeFont, text: str, xy: tuple[float, float], anchor: str) -> bytes:
    image = Image.new("RGB", (1300, 80), (36, 32, 29))
    x = xy[0] + (0 if anchor[0] == "l" else 620)
    ImageDraw.Draw(image).text((x, xy[1]), text, font=font, fill=(240, 232, 214), anchor=anchor)
    return image.tobytes()


@pytest.mark.parametrize(
    ("face", "size"), [(Face.REGULAR, 22), (Face.BOLD, 20), (Face.WIDE_BOLD, 44)]
)
def test_word_set_text_is_pillows_to_the_pixel(face: Face, size: int) -> None:
    ours, fresh = _fonts(face, size)
    rng = random.Random(size)
    for text in _texts():
        assert plain(text)
        assert ours.getlength(text) == fresh.getlength(text), text
        for anchor in ANCHORS:
            assert ours.getbbox(text, anchor=anchor) == fresh.getbbox(text, anchor=anchor)
        for xy in POSITIONS:
            anchor = rng.choice(ANCHORS)
            assert _drawn(ours, text, xy, anchor) == _drawn(fresh, text, xy, anchor), (text, xy)


def test_words_are_rendered_once_and_reused() -> None:
    """A new line made of known words asks FreeType for nothing new."""
    ours, _ = _fonts(Face.REGULAR, 22)
    _drawn(ours, "Boss 2 rolls 6 to Union Hall", (10, 40), "la")
    remembered = len(ours._words._masks._items)
    _drawn(ours, "Union Hall rolls Boss 2 to 6", (10, 40), "la")
    assert len(ours._words._masks._items) == remembered


@pytest.mark.parametrize("text", ["Cafe\u0301 Noir", "Zoe\u0308 Ruiz", "tab\there", "a\u200bb"])
def test_other_texts_are_left_to_pillow(text: str) -> None:
    assert not plain(text)
    ours, fresh = _fonts(Face.REGULAR, 22)
    assert ours.getlength(text) == fresh.getlength(text)
    assert _drawn(ours, text, (10.5, 40), "la") == _drawn(fresh, text, (10.5, 40), "la")
