"""The command tree's gate, passed by every slash command before it runs: refused with
a private word while the bot is stopping or a picture command is used too often, and
the channel's match woken from the store if it was idle."""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord_app.cooldowns import PICTURE_COMMANDS, cooldown_text
from bot.discord_app.router import reply
from bot.discord_app.shutdown import STOPPING

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")


class ChicagoTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        bot = cast("ChicagoBot", self.client)
        refusal: str | None = None
        command = interaction.command
        name = command.qualified_name if command is not None else ""
        if bot.stopping:
            refusal = STOPPING
        elif interaction.type is discord.InteractionType.application_command and (
            name in PICTURE_COMMANDS
        ):
            left = bot.router.cooldowns.wait(interaction.user.id, name)
            if left > 0:
                refusal = cooldown_text(left)
        if refusal is not None:
            if interaction.type is discord.InteractionType.application_command:
                with contextlib.suppress(discord.HTTPException):
                    await reply(interaction, refusal)
            return False
        runner = bot.router.in_channel(interaction.channel_id)
        if runner is not None:
            await runner.wake()
        return True
