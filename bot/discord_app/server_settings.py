"""Each server's own rules for the bot, set with `/chicago settings` by members with
Manage Server and kept in the store: the default decision timer, which role may open
(and end) matches, whether computer players may sit in, and how many matches may be
open at once. A server that never sets them gets the bot's defaults.

A match copies what it needs (timer, role, computers) into its own settings when its
lobby opens, so changing the server's settings never changes a match under way.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_app.command_group import Command, command
from bot.discord_app.cooldowns import LOBBIES_PER_USER
from bot.discord_app.replies import reply
from bot.store import MatchStore

if TYPE_CHECKING:
    from bot.discord_app.tables import Tables

log = logging.getLogger("chicago.bot")

DEFAULT_MAX_MATCHES = 10
MOST_MATCHES = 100
MANAGERS_ONLY = "Only members with the Manage Server permission can change the bot's settings."


@dataclass(frozen=True, slots=True)
class ServerSettings:
    timer_minutes: int | None = None  # None: the bot's CHICAGO_TURN_TIMER
    starter_role: int | None = None  # None: anyone may open a match
    computers: bool = True
    max_matches: int = DEFAULT_MAX_MATCHES

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ServerSettings:
        known = {k: v for k, v in data.items() if k in cls.__slots__}
        return cls(**known)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def timer_seconds(self, default: int) -> int:
        return self.timer_minutes * 60 if self.timer_minutes is not None else default


async def load(store: MatchStore, guild_id: int) -> ServerSettings:
    return ServerSettings.from_dict(await store.guild_settings(guild_id))


def is_manager(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_guild)


def has_role(interaction: discord.Interaction, role_id: int | None) -> bool:
    """Whether the user may open matches under `role_id` (managers always may)."""
    if role_id is None or is_manager(interaction):
        return True
    roles = getattr(interaction.user, "roles", [])
    return any(role.id == role_id for role in roles)


def open_problem(
    tables: Tables, interaction: discord.Interaction, server: ServerSettings
) -> str | None:
    """Why this user may not open a match here now, or None. The registry keeps the
    counts per server and per host, so this costs the same however many are open."""
    if not has_role(interaction, server.starter_role):
        return f"On this server, only members with <@&{server.starter_role}> can open matches."
    open_here = tables.open_in_guild(interaction.guild_id)
    if open_here >= server.max_matches:
        return (
            f"This server already has {open_here} matches open, its most at once. "
            "Finish or end one first."
        )
    hosted = tables.lobbies_hosted(interaction.user.id)
    if len(hosted) >= LOBBIES_PER_USER:
        where = ", ".join(lobby.where() for lobby in hosted)
        return (
            f"You already host {len(hosted)} open lobbies ({where}); start or end one "
            "before opening another."
        )
    return None


def describe(server: ServerSettings, default_timer: int) -> str:
    timer = server.timer_seconds(default_timer) // 60
    role = f"<@&{server.starter_role}>" if server.starter_role else "everyone"
    return "\n".join(
        (
            "**Chicago 1927 settings for this server**",
            f"• Decision timer: {timer} min (a match can still choose its own)",
            f"• Who may open, start and end matches: {role} (and Manage Server)",
            f"• Computer players: {'allowed' if server.computers else 'not allowed'}",
            f"• Most matches open at once: {server.max_matches}",
        )
    )


class SettingsCommand:
    """`/chicago settings`: shows the server's settings; with options, changes them."""

    def __init__(self, store: MatchStore, default_timer: int) -> None:
        self.store = store
        self.default_timer = default_timer

    async def settings(
        self,
        interaction: discord.Interaction,
        timer: app_commands.Range[int, 1, 1440] | None = None,
        starter_role: discord.Role | None = None,
        everyone_may_start: bool | None = None,
        computers: bool | None = None,
        max_matches: app_commands.Range[int, 1, MOST_MATCHES] | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            await reply(interaction, "Settings belong to a server; use this in one.")
            return
        if not is_manager(interaction):
            await reply(interaction, MANAGERS_ONLY)
            return
        current = await load(self.store, guild_id)
        changes: dict[str, Any] = {}
        if timer is not None:
            changes["timer_minutes"] = timer
        if starter_role is not None:
            changes["starter_role"] = starter_role.id
        if everyone_may_start:
            changes["starter_role"] = None
        if computers is not None:
            changes["computers"] = computers
        if max_matches is not None:
            changes["max_matches"] = max_matches
        if changes:
            current = ServerSettings.from_dict({**current.to_dict(), **changes})
            await self.store.set_guild_settings(guild_id, current.to_dict())
            log.info("settings changed by %s: %s", interaction.user.id, sorted(changes))
        heading = "Saved. " if changes else ""
        await reply(interaction, heading + describe(current, self.default_timer))


def commands(store: MatchStore, default_timer: int, group: app_commands.Group) -> list[Command]:
    """`/chicago settings`."""
    handler = SettingsCommand(store, default_timer)
    return [
        command(
            group,
            "settings",
            "Manage Server: this server's timer, who may start matches, computers",
            handler.settings,
            timer="Default minutes per decision for new matches",
            starter_role="Only this role (and Manage Server) may open, start and end matches",
            everyone_may_start="True: anyone may open matches again (clears the role)",
            computers="Whether computer players may sit in",
            max_matches=f"Most matches open at once on this server (1–{MOST_MATCHES})",
        )
    ]
