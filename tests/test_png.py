"""The PNG writer: any decoder reads back exactly the palette indices and colours that
Pillow's own encoder would have stored."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from bot.chicago.render.board import draw_view
from bot.chicago.render.palette import palette_bytes, palette_image
from bot.chicago.render.phone import draw_phone
from bot.chicago.render.sample import play
from bot.chicago.render.view import snapshot
from bot.pictures.png import filtered_rows, write_png


def _pillow_png(indices: Image.Image) -> bytes:
    buffer = io.BytesIO()
    indices.save(buffer, format="PNG")
    return buffer.getvalue()


def test_pictures_decode_to_the_pixels_pillow_would_store() -> None:
    moments = [m for n, m in enumerate(play(3, 4)) if n % 40 == 0][:6]
    assert len(moments) == 6
    for moment in moments:
        view = snapshot(moment.state, moment.events)
        for picture in (draw_view(view), draw_phone(view).image):
            indices = picture.quantize(palette=palette_image(), dither=Image.Dither.NONE)
            ours = Image.open(io.BytesIO(write_png(indices, palette_bytes())))
            theirs = Image.open(io.BytesIO(_pillow_png(indices)))
            assert ours.mode == "P" and ours.size == picture.size
            assert ours.tobytes() == theirs.tobytes()
            assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()


def test_every_row_is_stored_behind_filter_zero() -> None:
    indices = Image.new("P", (5, 3))
    indices.putdata([1, 2, 3, 4, 5] * 3)
    assert filtered_rows(indices) == bytes([0, 1, 2, 3, 4, 5] * 3)
    png = write_png(indices, bytes(range(18)))
    start = png.index(b"IDAT") + 4
    length = int.from_bytes(png[start - 8 : start - 4], "big")
    assert zlib.decompress(png[start : start + length]) == bytes([0, 1, 2, 3, 4, 5] * 3)


def test_chunks_carry_valid_checksums() -> None:
    """Strict decoders (browsers, Discord's media proxy) reject a bad CRC."""
    indices = Image.new("P", (7, 2), 1)
    png = write_png(indices, bytes(6))
    position, kinds = 8, []
    while position < len(png):
        length = int.from_bytes(png[position : position + 4], "big")
        kind, data = png[position + 4 : position + 8], png[position + 8 : position + 8 + length]
        crc = int.from_bytes(png[position + 8 + length : position + 12 + length], "big")
        assert crc == zlib.crc32(kind + data)
        kinds.append(kind)
        position += 12 + length
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_only_palette_pictures_are_written() -> None:
    with pytest.raises(ValueError, match="'P' picture"):
        write_png(Image.new("RGB", (2, 2)), bytes(3))
