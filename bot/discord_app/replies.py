"""Private answers to an interaction, whether or not it was acknowledged already.
They never ping: a name or mention in a refusal is shown, not notified."""

from __future__ import annotations

from typing import Any

import discord

QUIET = discord.AllowedMentions.none()
SORRY = (
    "Something went wrong on our side; nothing you did. The match is safe — try again in a moment."
)


async def reply(
    interaction: discord.Interaction, text: str, view: discord.ui.View | None = None
) -> None:
    extra: dict[str, Any] = {"allowed_mentions": QUIET}
    if view is not None:
        extra["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extra)


def asking(*user_ids: int | None) -> discord.AllowedMentions:
    """Mentions allowed in a message that asks these players (and nobody else)."""
    users = [discord.Object(id=u) for u in user_ids if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)
