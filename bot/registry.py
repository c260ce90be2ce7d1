"""The games the table runs, each behind one interface (`Game`).

`GAMES` is the one list: a lobby's `game:` choice, a stored match's game, a replay
file's game and history all look a game up here by its key.
"""

from __future__ import annotations

import importlib
from typing import Any

from bot.chicago.game import CHICAGO
from bot.games.offline import Offline
from bot.games.protocol import Asked, Game, Placing
from bot.turf.game import TURF

GAMES: dict[str, Game] = {CHICAGO.key: CHICAGO, TURF.key: TURF}
DEFAULT_GAME = CHICAGO.key
# Each game's offline side (demo, simulator, benches, animation), imported on first use.
OFFLINE_MODULES: dict[str, str] = {CHICAGO.key: "bot.chicago.offline", TURF.key: "bot.turf.offline"}
# Each game's side of the one table (its teller, its own commands), imported on first use.
TABLE_MODULES: dict[str, str] = {
    CHICAGO.key: "bot.chicago.table.entry",
    TURF.key: "bot.turf.table.entry",
}


def offline_of(key: str) -> Offline:
    """The offline side of the game stored or asked for under `key`."""
    module = importlib.import_module(OFFLINE_MODULES[game_named(key).key])
    offline: Offline = module.OFFLINE
    return offline


def table_of(key: str | None) -> Any:
    """What the game stored or asked for under `key` brings to the table (a
    `bot.discord_app.teller.AtTheTable`: the registry stays below the Discord layer)."""
    return importlib.import_module(TABLE_MODULES[game_named(key).key]).TABLE


def game_named(key: str | None) -> Game:
    """The game stored or asked for under `key` (None: Chicago 1927, the default, as
    every match stored before a second game existed)."""
    try:
        return GAMES[key or DEFAULT_GAME]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; games: {', '.join(GAMES)}") from None


def game_of_result(reason: str) -> tuple[Game, str]:
    """The game a stored result is of, and its ending's words: every game but Chicago
    1927 stores its reason as "<game>:<ending>" ("turf:10 buildings"); Chicago 1927's
    reasons ("marks") predate other games and name none."""
    key, colon, ending = reason.partition(":")
    game = GAMES.get(key) if colon else None
    return (game, ending) if game is not None else (CHICAGO, reason)


def game_of_side(character: str) -> Game:
    """The game a stored side row is of: another game's rows carry its title where a
    Chicago 1927 row names the boss character."""
    return next((g for g in GAMES.values() if g is not CHICAGO and g.title == character), CHICAGO)


__all__ = [
    "CHICAGO",
    "DEFAULT_GAME",
    "GAMES",
    "TURF",
    "Asked",
    "Game",
    "Placing",
    "game_named",
    "game_of_result",
    "game_of_side",
    "table_of",
]
