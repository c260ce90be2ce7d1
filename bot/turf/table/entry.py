"""Turf at the one table, as `bot.registry` loads it: told from its `Presenter` (nothing
of its own to add to the table), and `/chicago deal`."""

from __future__ import annotations

import discord

from bot.discord_app.command_group import Command
from bot.discord_app.presented import PresentedTeller
from bot.discord_app.teller import TableView, Teller
from bot.turf.presenter import TURF_PRESENTER
from bot.turf.table import deal_command


class TurfAtTheTable:
    own_teller = False

    def teller(self, table: TableView) -> Teller:
        return PresentedTeller(table, TURF_PRESENTER, table.ctx)

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        return deal_command.commands(group)


TABLE = TurfAtTheTable()
