"""The board's PNG: on the fixed palette, deflated in two halves at once.

Deflating the two million palette indices is most of what a picture costs, and zlib
lets go of the interpreter while it works: the top and the bottom rows are deflated
side by side and the two streams joined into the one the PNG holds. The pixels are
exactly those of `Image.quantize` and the bytes the same every time; on a single core
it is Pillow's own encoder, one pass.
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


def _deflated(rows: memoryview, level: int, last: bool) -> tuple[bytes, int]:
    """Raw deflate blocks of some whole rows (the last part ends the stream; the others
    stop on a byte boundary so the next can follow), and their Adler-32."""
    deflater = zlib.compressobj(level, zlib.DEFLATED, -15)
    blocks = deflater.compress(rows) + deflater.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return blocks, zlib.adler32(rows)


def encode(image: Image.Image, palette: Image.Image, level: int) -> bytes:
    """An 8-bit PNG of an RGB `image` on `palette` (a 'P' image), without dithering."""
    quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    helper = _second_thread()
    if helper is None:
        buffer = io.BytesIO()
        quantized.save(buffer, format="PNG", compress_level=level)
        return buffer.getvalue()
    width, height = quantized.size
    framed = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte (none)
    framed.paste(quantized, (1, 0))
    rows = memoryview(framed.tobytes())
    middle = (height // 2) * (width + 1)
    top = helper.submit(_deflated, rows[:middle], level, False)
    bottom, bottom_adler = _deflated(rows[middle:], level, True)
    upper, upper_adler = top.result()
    adler = _adler32_combine(upper_adler, bottom_adler, len(rows) - middle)
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
