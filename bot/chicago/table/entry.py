"""Chicago 1927 at the one table, as `bot.registry` loads it: its own teller (the fight
message edited round by round, the trade screen, misclick confirmations, the full board)
and its look-up commands."""

from __future__ import annotations

import discord

from bot.chicago.table import lookups
from bot.chicago.table.teller import TurnPublisher
from bot.discord_app.command_group import Command
from bot.discord_app.teller import TableView, Teller


class ChicagoAtTheTable:
    own_teller = True

    def teller(self, table: TableView) -> Teller:
        return TurnPublisher(table)

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        return lookups.commands()


TABLE = ChicagoAtTheTable()
