"""Each game's whole match as one animated GIF, from its setup and decision log: what
`/chicago replay` attaches beside the replay file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.protocol import Game


def animate(game: Game, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
    """The match as a GIF under Discord's attachment limit (slow: run it off the event
    loop). Chicago 1927 draws its frames in a pool; Turf's picture is quick to draw."""
    if game.key == "turf":
        from bot.turf.render.animation import animate_turf

        return animate_turf(setup, decisions)
    from bot.chicago.render import animation

    return animation.animate(setup, decisions)
