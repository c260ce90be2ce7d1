"""Chicago 1927 at the one table, as `bot.registry` loads it: its own teller (the fight
message edited round by round, the trade screen, misclick confirmations, the full board),
its look-up commands, the words of its start, its clicks on a match another process
runs, and how its matches are drawn."""

from __future__ import annotations

import discord

from bot.chicago.table import lookups, messages, remote
from bot.chicago.table.pictures import PICTURES
from bot.chicago.table.teller import TurnPublisher
from bot.discord_app.command_group import Command
from bot.discord_app.teller import TableView, Teller


class ChicagoAtTheTable:
    own_teller = True

    def teller(self, table: TableView) -> Teller:
        return TurnPublisher(table)

    def commands(self, group: discord.app_commands.Group) -> list[Command]:
        return lookups.commands()

    started_embed = staticmethod(messages.started_embed)
    dealt_lines = staticmethod(messages.dealt_lines)
    remote_decide = staticmethod(remote.remote_decide)
    remote_board = staticmethod(remote.remote_board)
    pictures = PICTURES


TABLE = ChicagoAtTheTable()
