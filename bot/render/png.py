"""The board's PNG, made in two halves at once: on the fixed palette, deflated.

Mapping two million pixels to the palette and deflating them is most of what a picture
costs, and neither needs the rest of the picture: the top and the bottom rows are done
side by side (Pillow and zlib let go of the interpreter while they work), and the two
deflate streams are joined into the one the PNG holds. The pixels are exactly those of
`Image.quantize` and the bytes the same every time; on a single core it is Pillow's own
encoder, one pass.
"""

from __future__ import annotations

import io
import os
import struct
import threading
import zlib
from concurrent.futures import Executor, ThreadPoolExecutor

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, fastest; (0x78 * 256 + 0x01) % 31 == 0
_ADLER_BASE = 65521

_helper: Executor | None = None
_helper_lock = threading.Lock()


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _second_thread() -> Executor | None:
    """A thread for the other half, made on first use in each process; None on a
    single core, where halves would only take turns."""
    global _helper
    if _cores() < 2:
        return None
    with _helper_lock:
        if _helper is None:
            _helper = ThreadPoolExecutor(1, thread_name_prefix="chicago-png")
    return _helper


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces joined, from theirs (zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    sum1 %= _ADLER_BASE
    sum2 %= _ADLER_BASE
    return sum1 | (sum2 << 16)


def _deflated_rows(
    image: Image.Image, palette: Image.Image, level: int, last: bool
) -> tuple[bytes, int, int]:
    """One horizontal band: quantized, each row behind its PNG filter byte (0: none),
    deflated as raw blocks (the last band ends the stream; the others stop on a byte
    boundary). Returns the blocks, the Adler-32 and the length of the filtered rows."""
    quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    width, height = quantized.size
    framed = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte
    framed.paste(quantized, (1, 0))
    rows = framed.tobytes()
    deflater = zlib.compressobj(level, zlib.DEFLATED, -15)
    blocks = deflater.compress(rows) + deflater.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return blocks, zlib.adler32(rows), len(rows)


def encode(image: Image.Image, palette: Image.Image, level: int) -> bytes:
    """An 8-bit PNG of an RGB `image` on `palette` (a 'P' image), without dithering."""
    helper = _second_thread()
    if helper is None:
        buffer = io.BytesIO()
        quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
        quantized.save(buffer, format="PNG", compress_level=level)
        return buffer.getvalue()
    width, height = image.size
    middle = height // 2
    top = helper.submit(_deflated_rows, image.crop((0, 0, width, middle)), palette, level, False)
    bottom, bottom_adler, bottom_length = _deflated_rows(
        image.crop((0, middle, width, height)), palette, level, True
    )
    upper, upper_adler, _ = top.result()
    adler = _adler32_combine(upper_adler, bottom_adler, bottom_length)
    colours = palette.getpalette() or []
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexed
    stream = ZLIB_HEADER + upper + bottom + struct.pack(">I", adler)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours)),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )
