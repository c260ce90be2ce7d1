"""The packages of the games the table runs, and the games' keys, readable without
importing any game: the command line lists `--game`'s choices from here, so `--help`
and the options of a command load no rules, pictures or Discord.

`bot.registry` installs each listed package and checks that its game's key is the
package's own name; a game installed later (a test's own) joins the keys there.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.cli_options import CliOptions

# One line a game, in the order `--game` and `/chicago new game:` list them; the first is
# the default (every match stored before a second game existed is of it).
GAME_PACKAGES = (
    "bot.chicago",
    "bot.turf",
    "bot.bootleg",
    "bot.empire",
)


def listed_key(package: str) -> str:
    """The key of the game a listed package shows: the package's own name."""
    return package.rpartition(".")[2]


# The keys of the installed games, in order: one list, kept by `bot.registry`.
KEYS: list[str] = [listed_key(package) for package in GAME_PACKAGES]


def default_cli_options() -> CliOptions:
    """The default game's option words for the CLI's match commands (`--bosses`,
    `--marks`, `--level`, `--seats`), from its light `cli_options` module alone: reading
    them loads none of its rules beyond their limits, and no other game."""
    module = importlib.import_module(f"{GAME_PACKAGES[0]}.cli_options")
    options: CliOptions = module.CLI_OPTIONS
    return options
