"""The base of every button that survives a restart.

Each kind declares its custom id `template` and the `parts` read back from it — the
template's named groups, in the order of the constructor's first arguments, each with
the type it is read as — so rebuilding a button from a click after a restart is
declared, not written out again for every kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button routed by its custom id; the base's own template matches nothing."""

    parts: ClassVar[tuple[tuple[str, Callable[[str], Any]], ...]] = ()

    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
    ) -> None:
        button = discord.ui.Button[Any](
            label=label, style=style, disabled=disabled, custom_id=custom_id, emoji=emoji
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(*(read(match[name]) for name, read in cls.parts))


def bot_of(interaction: discord.Interaction) -> ChicagoBot:
    """The bot an interaction reached (typed: discord.py knows it only as a Client)."""
    return interaction.client  # type: ignore[return-value]
