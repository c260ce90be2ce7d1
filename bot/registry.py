"""The games the table runs, each behind one interface (`Game`).

`GAMES` is the one list: a lobby's `game:` choice, a stored match's game, a replay
file's game, a stored result's game and history all look a game up here by its key.
"""

from __future__ import annotations

import importlib

from bot.chicago.game import CHICAGO
from bot.games.offline import Offline
from bot.games.protocol import Asked, Game, Placing
from bot.turf.game import TURF

GAMES: dict[str, Game] = {CHICAGO.key: CHICAGO, TURF.key: TURF}
DEFAULT_GAME = CHICAGO.key
# Each game's offline side (demo, simulator, benches, animation), imported on first use.
OFFLINE_MODULES: dict[str, str] = {CHICAGO.key: "bot.chicago.offline", TURF.key: "bot.turf.offline"}


def offline_of(key: str) -> Offline:
    """The offline side of the game stored or asked for under `key`."""
    module = importlib.import_module(OFFLINE_MODULES[game_named(key).key])
    offline: Offline = module.OFFLINE
    return offline


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
