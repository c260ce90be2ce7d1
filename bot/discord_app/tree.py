"""The command tree's gate, passed by every slash command before it runs: refused with
a private word while the bot is stopping or a picture command is used too often, and
the channel's match woken from the store if it was idle."""

from __future__ import annotations

import contextlib
import logging
from typing import Protocol

import discord
from discord import app_commands

from bot.discord_app.cooldowns import PICTURE_COMMANDS, Cooldowns, cooldown_text
from bot.discord_app.replies import reply
from bot.verdicts import Verdict, say


class Wakeable(Protocol):
    async def wake(self) -> None: ...


class Gatekeeper(Protocol):
    """What the tree's gate reads of the bot."""

    @property
    def stopping(self) -> bool: ...

    @property
    def cooldowns(self) -> Cooldowns: ...

    def wakeable_in(self, channel_id: int | None) -> Wakeable | None: ...


log = logging.getLogger("chicago.bot")


class ChicagoTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        bot: Gatekeeper = self.client  # type: ignore[assignment]
        refusal: str | None = None
        command = interaction.command
        name = command.qualified_name if command is not None else ""
        if bot.stopping:
            refusal = say(Verdict.STOPPING)
        elif interaction.type is discord.InteractionType.application_command and (
            name in PICTURE_COMMANDS
        ):
            left = bot.cooldowns.wait(interaction.user.id, name)
            if left > 0:
                refusal = cooldown_text(left)
        if refusal is not None:
            if interaction.type is discord.InteractionType.application_command:
                with contextlib.suppress(discord.HTTPException):
                    await reply(interaction, refusal)
            return False
        table = bot.wakeable_in(interaction.channel_id)
        if table is not None:
            await table.wake()
        return True
