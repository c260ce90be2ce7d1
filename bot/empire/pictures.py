"""The pictures the table posts, from the public view only: the phone picture after each
turn, the full city on request, and their alt text (drawn by `bot.empire.render`).

Until that package is in place, a plain standings card stands in, so the table works
end to end; it holds only what the public view holds.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence
from typing import Any

from engine.empire import PlayerView


def _render() -> Any | None:
    try:
        render = importlib.import_module("bot.empire.render")
    except ImportError:
        return None
    return render if hasattr(render, "render_empire_png") else None


def phone_png(view: PlayerView, events: Sequence[Any]) -> bytes:
    render = _render()
    if render is not None:
        return bytes(render.render_empire_phone_png(view, list(events)))
    return _standings_card(view)


def city_png(view: PlayerView, events: Sequence[Any]) -> bytes:
    render = _render()
    if render is not None:
        return bytes(render.render_empire_png(view, list(events)))
    return _standings_card(view)


def alt_text(view: PlayerView, events: Sequence[Any]) -> str:
    render = _render()
    if render is not None:
        return str(render.empire_alt_text(view, list(events)))
    return "Empire: " + "; ".join(_lines(view))


def _lines(view: PlayerView) -> list[str]:
    return [
        f"{p.name} ({p.colour}): {p.power} PP, car on S{p.car}"
        + (f" in the {'North' if p.garage == 'GN' else 'South'} Garage" if p.garage else "")
        for p in view.players
    ]


def _standings_card(view: PlayerView) -> bytes:
    from PIL import Image, ImageDraw

    from bot.pictures.fonts import Face, font

    lines = [f"Game Sequence {view.sequence}, round {view.round}", *_lines(view)]
    image = Image.new("RGB", (720, 24 + 34 * len(lines)), (245, 240, 228))
    draw = ImageDraw.Draw(image)
    face = font(Face.REGULAR, 22)
    for i, line in enumerate(lines):
        draw.text((14, 12 + 34 * i), line, fill=(30, 30, 30), font=face)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
