"""Pictures compared as pictures: a PNG's palette indices and its palette.

ISA-L may deflate the same rows into different, equally valid streams on some
processors, so two PNG files of one picture need not be the same bytes; what players
see is the decoded picture, and that is what the tests compare."""

from __future__ import annotations

import io

from PIL import Image


def decoded(data: bytes) -> tuple[tuple[int, int], bytes, bytes]:
    """The size, pixel bytes and palette of a PNG."""
    image = Image.open(io.BytesIO(data))
    return image.size, image.tobytes(), bytes(image.getpalette() or [])
