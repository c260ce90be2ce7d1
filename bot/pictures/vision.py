"""Colour-vision arithmetic: how a colour looks to a deuteranope, and how far apart two
colours look. The palette is checked with it, so side colours stay tellable apart for
the one player in twelve who sees reds and greens alike."""

from __future__ import annotations

import math
from collections.abc import Sequence

RGB = tuple[int, int, int]

# Machado, Oliveira & Fernandes (2009), deuteranopia at severity 1.0, in linear RGB.
_DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
_PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)


def _to_linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(linear: float) -> int:
    linear = min(1.0, max(0.0, linear))
    c = linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return round(c * 255)


def _simulate(rgb: RGB, matrix: Sequence[Sequence[float]]) -> RGB:
    lin = [_to_linear(c) for c in rgb]
    r, g, b = (sum(row[i] * lin[i] for i in range(3)) for row in matrix)
    return (_to_srgb(r), _to_srgb(g), _to_srgb(b))


def deuteranopia(rgb: RGB) -> RGB:
    """The colour as a viewer without green cones sees it."""
    return _simulate(rgb, _DEUTERANOPIA)


def protanopia(rgb: RGB) -> RGB:
    """The colour as a viewer without red cones sees it."""
    return _simulate(rgb, _PROTANOPIA)


def to_lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65), where Euclidean distance approximates perceived difference."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIEDE2000 colour difference: about 2 is just noticeable, above 20 is obvious at a
    glance. Unlike plain Lab distance it does not overrate differences between blues."""
    l1, a1, b1 = to_lab(a)
    l2, a2, b2 = to_lab(b)
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_mean = h1p + h2p
    if c1p * c2p:
        if abs(h1p - h2p) <= 180:
            h_mean = (h1p + h2p) / 2
        elif h1p + h2p < 360:
            h_mean = (h1p + h2p + 360) / 2
        else:
            h_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (
        -2
        * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dh_big / sh) ** 2 + rt * (dc / sc) * (dh_big / sh)
    )


def relative_luminance(rgb: RGB) -> float:
    r, g, b = (_to_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 to 21; 4.5 is comfortable for text, 3 for large shapes."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
