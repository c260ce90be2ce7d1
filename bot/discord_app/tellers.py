"""Each game's side of the table, through the registry: the platform names no game."""

from __future__ import annotations

import discord

from bot.discord_app.command_group import Command
from bot.discord_app.presented import PresentedTeller
from bot.discord_app.teller import AtTheTable, TableView, Teller
from bot.games.presenters import PRESENTERS
from bot.registry import GAMES, game_named, table_of


class Presented:
    """A game with no table side of its own: told from its presenter, no commands."""

    own_teller = False

    def __init__(self, key: str) -> None:
        self.key = key

    def teller(self, table: TableView) -> Teller:
        return PresentedTeller(table, PRESENTERS[self.key], table.ctx)

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        return []


def at_the_table(key: str | None) -> AtTheTable:
    """What the game stored or asked for under `key` brings to the table."""
    side: AtTheTable | None = table_of(key)
    return side if side is not None else Presented(game_named(key).key)


def teller_for(table: TableView) -> Teller:
    """The teller of the table's game."""
    return at_the_table(table.record.settings.get("game")).teller(table)


def every_game() -> list[AtTheTable]:
    """Every game's side of the table, in the registry's order."""
    return [at_the_table(key) for key in GAMES]
