"""The games the table runs, each behind one interface (`Game`).

`GAMES` is the one list: a lobby's `game:` choice, a stored match's game, a replay
file's game and history all look a game up here by its key.
"""

from __future__ import annotations

import importlib

from bot.bootleg.game import BOOTLEG
from bot.chicago.game import CHICAGO
from bot.games.offline import Offline
from bot.games.presenter import Presenter
from bot.games.protocol import Asked, Game, Placing
from bot.turf.game import TURF

# One row per game: the game, and the module of its offline side (demo, simulator,
# benches, animation), imported on first use.
ROWS: tuple[tuple[Game, str], ...] = (
    (CHICAGO, "bot.chicago.offline"),
    (TURF, "bot.turf.offline"),
    (BOOTLEG, "bot.bootleg.offline"),
)
GAMES: dict[str, Game] = {game.key: game for game, _ in ROWS}
DEFAULT_GAME = CHICAGO.key
OFFLINE_MODULES: dict[str, str] = {game.key: module for game, module in ROWS}
# Every game told from its `Presenter` (a game with a Discord layer of its own has none).
PRESENTERS: dict[str, Presenter] = {
    game.key: game.presenter for game, _ in ROWS if game.presenter is not None
}


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
    "BOOTLEG",
    "CHICAGO",
    "DEFAULT_GAME",
    "GAMES",
    "PRESENTERS",
    "TURF",
    "Asked",
    "Game",
    "Placing",
    "game_named",
    "game_of_result",
    "game_of_side",
]
