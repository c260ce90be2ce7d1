"""The drawing caches and the two-halves PNG give the very pixels the plain way gives,
only sooner."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.render import panel, png
from bot.render.board import draw_view
from bot.render.fonts import Face, _font_bytes, font
from bot.render.memo import Memo
from bot.render.palette import palette_image
from bot.render.sample import play
from bot.render.view import snapshot
from engine import new_match


def _draw(text_font: ImageFont.FreeTypeFont, texts: list[str]) -> bytes:
    image = Image.new("RGB", (400, 200), (36, 32, 29))
    draw = ImageDraw.Draw(image)
    for n, text in enumerate(texts):
        draw.text((10.5 * n, 30 * n), text, font=text_font, fill=(240, 232, 214))
        draw.text((200, 30 * n + 15), text, font=text_font, fill=(214, 176, 70), anchor="mm")
    return image.tobytes()


def test_remembered_text_draws_the_same_pixels_as_fresh_text() -> None:
    texts = ["$12,500", "Sal Moretti", "×2", "$12,500", "SEALED", "Sal Moretti"]
    fresh = ImageFont.truetype(
        io.BytesIO(_font_bytes(Face.BOLD)), 20, layout_engine=ImageFont.Layout.BASIC
    )
    cached = font(Face.BOLD, 20)
    first = _draw(cached, texts)
    assert first == _draw(fresh, texts)
    assert _draw(cached, texts) == first  # now every text comes from the memo


def test_remembered_measures_match_fresh_ones() -> None:
    fresh = ImageFont.truetype(
        io.BytesIO(_font_bytes(Face.REGULAR)), 22, layout_engine=ImageFont.Layout.BASIC
    )
    cached = font(Face.REGULAR, 22)
    for text in ("Boss 1", "cost $2,000", "Boss 1", "W" * 40):
        assert cached.getlength(text) == fresh.getlength(text)
        assert cached.getbbox(text, anchor="mm") == fresh.getbbox(text, anchor="mm")


# -- the PNG, made in two halves ------------------------------------------------------


def _board() -> Image.Image:
    state = new_match(3, seed=11)
    return draw_view(snapshot(state, []))


@pytest.mark.parametrize("cores", [1, 2])
def test_the_png_holds_exactly_the_palette_pixels(
    monkeypatch: pytest.MonkeyPatch, cores: int
) -> None:
    monkeypatch.setattr(png, "_cores", lambda: cores)
    image = _board()
    data = png.encode(image, palette_image(), 1)
    Image.open(io.BytesIO(data)).verify()  # chunks and checksums are sound
    decoded = Image.open(io.BytesIO(data))
    want = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    assert decoded.mode == "P" and decoded.size == image.size
    assert decoded.tobytes() == want.tobytes()
    assert decoded.convert("RGB").tobytes() == want.convert("RGB").tobytes()
    assert png.encode(image, palette_image(), 1) == data  # the same bytes every time


@pytest.mark.parametrize("split", [0, 1, 65521, 100_000, 199_999])
def test_joined_checksums_equal_the_checksum_of_the_whole(split: int) -> None:
    data = random.Random(split).randbytes(200_000)
    first, second = data[:split], data[split:]
    joined = png._adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert joined == zlib.adler32(data)


def test_remembered_side_cards_are_the_cards_drawn_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = [snapshot(m.state, m.events) for _, m in zip(range(30), play(5, 3), strict=False)]
    remembered = [draw_view(view).tobytes() for view in views * 2]  # the second round hits
    monkeypatch.setattr(panel, "_CARDS", Memo(0))  # remembers nothing
    fresh = [draw_view(view).tobytes() for view in views]
    assert remembered == fresh * 2
