"""Empire at the one table, as `bot.registry` loads it: its teller and its commands."""

from __future__ import annotations

import discord

from bot.discord_app.command_group import Command
from bot.discord_app.teller import TableView, Teller
from bot.empire.table import commands
from bot.empire.table.teller import empire_teller


class EmpireAtTheTable:
    own_teller = False

    def teller(self, table: TableView) -> Teller:
        return empire_teller(table)

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        return commands.commands(group)


TABLE = EmpireAtTheTable()
