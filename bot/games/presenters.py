"""Each game's presenter by the game's key (Chicago 1927 has its own Discord layer)."""

from __future__ import annotations

from bot.games.presenter import Presenter
from bot.turf.presenter import TURF_PRESENTER

PRESENTERS: dict[str, Presenter] = {"turf": TURF_PRESENTER}
