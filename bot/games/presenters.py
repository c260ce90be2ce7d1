"""Each game's presenter by the game's key, as the registry lists them (Chicago 1927 has
its own Discord layer)."""

from __future__ import annotations

from bot.registry import PRESENTERS

__all__ = ["PRESENTERS"]
