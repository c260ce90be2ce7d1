"""The games the table runs: the one list every part of the platform reads.

A game is two packages, its rules under `engine/` and all it shows under `bot/`; the
package under `bot/` is named here, once. Its `game` module holds the `Game` (`GAME`), its
`offline` module the demo, simulator, benches and animated replay (`OFFLINE`, imported on
first use, so `--help` and the bot's start never load every game's drawing code), its
`cli_options` module the words of the CLI's match options (`CLI_OPTIONS`), its
`table.entry` module what it brings to the one table (`TABLE`: its teller and its own
commands, imported when a match of it is first told). The CLI's `--game`, `/chicago new
game:`, stored matches and their results, replay files and history all look a game up
here by its key; nothing else in the platform names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from bot.game_keys import GAME_PACKAGES, KEYS, listed_key
from bot.games.offline import Offline
from bot.games.protocol import Asked, Game, Placing

GAMES: dict[str, Game] = {}
PACKAGES: dict[str, str] = {}  # a game's key -> the package that shows it


def install(package: str) -> Game:
    """Add the game shown by `package` (its `game` module's `GAME`) to the list."""
    game: Game = importlib.import_module(f"{package}.game").GAME
    if package in GAME_PACKAGES and game.key != listed_key(package):
        raise ValueError(f"{package} shows the game {game.key!r}: name the package so")
    GAMES[game.key] = game
    PACKAGES[game.key] = package
    if game.key not in KEYS:
        KEYS.append(game.key)
    return game


def uninstall(key: str) -> None:
    """Take a game off the list again (a test's own game, when the test is over)."""
    GAMES.pop(key, None)
    PACKAGES.pop(key, None)
    if key in KEYS:
        KEYS.remove(key)


for _package in GAME_PACKAGES:
    install(_package)

CHICAGO = GAMES["chicago"]
TURF = GAMES["turf"]
DEFAULT_GAME = CHICAGO.key


def offline_of(key: str) -> Offline:
    """The offline side of the game stored or asked for under `key`."""
    module = importlib.import_module(f"{PACKAGES[game_named(key).key]}.offline")
    offline: Offline = module.OFFLINE
    return offline


def table_of(key: str | None) -> Any:
    """What the game stored or asked for under `key` brings to the table (a
    `bot.discord_app.teller.AtTheTable`: the registry stays below the Discord layer), or
    None for a game with no table side in its package (one a test lists by hand)."""
    package = PACKAGES.get(game_named(key).key)
    if package is None or importlib.util.find_spec(f"{package}.table") is None:
        return None
    return importlib.import_module(f"{package}.table.entry").TABLE


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
    "GAME_PACKAGES",
    "TURF",
    "Asked",
    "Game",
    "Placing",
    "game_named",
    "install",
    "offline_of",
    "table_of",
    "uninstall",
]
