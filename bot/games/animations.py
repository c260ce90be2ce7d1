"""Each game's whole match as one animated GIF, from its setup and decision log: what
`/chicago replay` attaches beside the replay file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.protocol import Game
from bot.registry import offline_of


def animate(game: Game, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
    """The match as a GIF under Discord's attachment limit (slow: run it off the event
    loop), drawn the game's own way."""
    return offline_of(game.key).animate(setup, decisions)
