"""The games the table runs, each behind one interface (`Game`).

`GAMES` is the one list: a lobby's `game:` choice, a stored match's game, a replay
file's game, a stored result's game and history all look a game up here by its key.
"""

from __future__ import annotations

from bot.chicago.game import CHICAGO
from bot.games.protocol import Asked, Game, Placing
from bot.turf.game import TURF

GAMES: dict[str, Game] = {CHICAGO.key: CHICAGO, TURF.key: TURF}
DEFAULT_GAME = CHICAGO.key


def game_named(key: str | None) -> Game:
    """The game stored or asked for under `key` (None: Chicago 1927, the default, as
    every match stored before a second game existed)."""
    try:
        return GAMES[key or DEFAULT_GAME]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; games: {', '.join(GAMES)}") from None


__all__ = [
    "CHICAGO",
    "DEFAULT_GAME",
    "GAMES",
    "TURF",
    "Asked",
    "Game",
    "Placing",
    "game_named",
]
