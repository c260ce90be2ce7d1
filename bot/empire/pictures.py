"""The pictures the table posts, from the public view only: the phone picture after each
turn, the full city on request, and their alt text (drawn by `bot.empire.render`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.empire.render import empire_alt_text, render_empire_phone_png, render_empire_png
from engine.empire import PlayerView


def phone_png(view: PlayerView, events: Sequence[Any]) -> bytes:
    return render_empire_phone_png(view, list(events))


def city_png(view: PlayerView, events: Sequence[Any]) -> bytes:
    return render_empire_png(view, list(events))


def alt_text(view: PlayerView, events: Sequence[Any]) -> str:
    return empire_alt_text(view, list(events))
