"""The drawing caches give the very pixels an uncached draw gives, only sooner."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.chicago.render import panel
from bot.chicago.render.board import draw_view
from bot.chicago.render.sample import play
from bot.chicago.render.view import snapshot
from bot.pictures.fonts import Face, _font_bytes, font
from bot.pictures.memo import Memo


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


def test_remembered_side_cards_are_the_cards_drawn_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    views = [snapshot(m.state, m.events) for _, m in zip(range(30), play(5, 3), strict=False)]
    remembered = [draw_view(view).tobytes() for view in views * 2]  # the second round hits
    monkeypatch.setattr(panel, "_CARDS", Memo(0))  # remembers nothing
    fresh = [draw_view(view).tobytes() for view in views]
    assert remembered == fresh * 2
