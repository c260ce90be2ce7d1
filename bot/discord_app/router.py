"""Every open match of this bot, found by match id or channel, and the one place where
an interaction meets a match: replies are private, and every error is logged with the
match id and told to the user instead of "This interaction failed"."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import logs
from bot.discord_app.cooldowns import SLOW_DOWN, Answer, ClickGuard, Cooldowns
from bot.discord_app.match_channel import ChannelGone
from bot.discord_app.runner import MatchRunner
from bot.discord_app.shutdown import STOPPING

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")

SORRY = (
    "Something went wrong on our side; nothing you did. The match is safe — try again in a moment."
)
GONE = "That match is over."


async def reply(
    interaction: discord.Interaction, text: str, view: discord.ui.View | None = None
) -> None:
    """A private reply, whether or not the interaction was acknowledged already."""
    extra: dict[str, Any] = {} if view is None else {"view": view}
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=True, **extra)


class Router:
    def __init__(self, bot: ChicagoBot) -> None:
        self.bot = bot
        self.by_id: dict[int, MatchRunner] = {}
        self.by_channel: dict[int, MatchRunner] = {}
        seconds = lambda: bot.clock().timestamp()  # noqa: E731
        self.clicks = ClickGuard(seconds)
        self.cooldowns = Cooldowns(seconds)

    def add(self, runner: MatchRunner) -> None:
        self.by_id[runner.match_id] = runner
        self.by_channel[runner.channel_id] = runner

    def forget(self, runner: MatchRunner) -> None:
        if self.by_id.get(runner.match_id) is runner:
            del self.by_id[runner.match_id]
        if self.by_channel.get(runner.channel_id) is runner:
            del self.by_channel[runner.channel_id]

    def in_channel(self, channel_id: int | None) -> MatchRunner | None:
        return self.by_channel.get(channel_id) if channel_id is not None else None

    async def guarded(
        self,
        interaction: discord.Interaction,
        runner: MatchRunner | None,
        what: str,
        work: Callable[[], Awaitable[None]],
    ) -> None:
        """Run `work`; a vanished channel ends the match, any other error is logged with
        the match id, told privately, and the match is reloaded from the store."""
        logs.bind(
            guild=interaction.guild_id,
            channel=runner.channel_id if runner is not None else interaction.channel_id,
            match=runner.match_id if runner is not None else None,
        )
        if self.bot.stopping:
            await reply(interaction, STOPPING)
            return
        try:
            await work()
        except ChannelGone:
            if runner is not None:
                await runner.gone()
        except Exception:
            if self.bot.stopping:  # the store closed under a click that came too late
                with contextlib.suppress(discord.HTTPException):
                    await reply(interaction, STOPPING)
                return
            match = runner.match_id if runner is not None else "-"
            log.exception("match %s: %s failed (user %s)", match, what, interaction.user.id)
            try:
                await reply(interaction, SORRY)
            except discord.HTTPException:
                log.warning("match %s: could not tell user %s", match, interaction.user.id)
            if runner is not None:
                try:
                    await runner.recover()
                except Exception:
                    log.exception("match %s: recovery after an error failed", match)

    async def admit(self, interaction: discord.Interaction) -> bool:
        """The gate of every button: while the bot is stopping, a polite private word
        and False."""
        if self.bot.stopping:
            await self.tell(interaction, STOPPING)
            return False
        return True

    async def tell(self, interaction: discord.Interaction, text: str) -> None:
        """A private refusal. A user whose clicks keep being refused (hammering someone
        else's button) gets a few answers, one "slow down", then silent
        acknowledgements until they pause: one answer, not one per click."""
        answer = self.clicks.refused(interaction.user.id)
        if answer is Answer.OK:
            await reply(interaction, text)
        elif answer is Answer.WARN:
            await reply(interaction, SLOW_DOWN)
        elif not interaction.response.is_done():
            await interaction.response.defer()

    # --- decision buttons ----------------------------------------------------------

    async def may_decide(
        self, interaction: discord.Interaction, match_id: int, seq: int, decision: str
    ) -> bool:
        if not await self.admit(interaction):
            return False
        runner = self.by_id.get(match_id)
        if runner is not None:
            await runner.wake()
        refused = GONE if runner is None else runner.refusal(interaction.user.id, seq, decision)
        if refused is None:
            return True
        await self.tell(interaction, refused)
        return False

    async def decide(
        self, interaction: discord.Interaction, match_id: int, seq: int, decision: str
    ) -> None:
        runner = self.by_id.get(match_id)
        if runner is None:
            await self.tell(interaction, GONE)
            return

        async def work() -> None:
            await interaction.response.defer()
            refused = await runner.decide(interaction.user.id, seq, decision)
            if refused is not None:
                await reply(interaction, refused)

        await self.guarded(interaction, runner, f"decision {seq} {decision!r}", work)

    # --- lobby buttons -------------------------------------------------------------

    async def lobby(self, interaction: discord.Interaction, match_id: int, action: str) -> None:
        if not await self.admit(interaction):
            return
        runner = self.by_id.get(match_id)
        if runner is None:
            await self.tell(interaction, GONE)
            return

        async def work() -> None:
            user = interaction.user
            if action == "add":
                ok, text, view = await runner.computer_menu(user.id)
                if view is not None:
                    await reply(interaction, text, view=view)
                else:
                    await reply(interaction, text)
                return
            if action == "start":
                await interaction.response.defer()
                ok, text = await runner.start(user.id)
                if not ok:
                    await reply(interaction, text)
                return
            if action in ("join_boss", "join_police"):
                ok, text = await runner.join(user, action.removeprefix("join_"))
            elif action == "leave":
                ok, text = await runner.leave(user.id)
            elif action.startswith(("add:", "remove:")):
                if action.startswith("add:"):
                    _, role, level = action.split(":")
                    ok, text = await runner.add_computer(user.id, role, level)
                else:
                    index = action.removeprefix("remove:")
                    ok, text = (False, "That button is no longer in use.")
                    if index.isdigit():
                        ok, text = await runner.remove_computer(user.id, int(index))
                if ok:
                    await interaction.response.edit_message(content=f"✅ {text}", view=None)
                    await runner.refresh_lobby()
                    return
            else:
                ok, text = False, "That button is no longer in use."
            if ok and runner.session is None:
                await interaction.response.edit_message(**runner.lobby_message())
            elif ok:
                await reply(interaction, text)
            else:
                await self.tell(interaction, text)

        await self.guarded(interaction, runner, f"lobby {action!r}", work)

    # --- ending ------------------------------------------------------------------------

    def may_end(self, interaction: discord.Interaction, runner: MatchRunner) -> bool:
        perms = interaction.permissions
        # The role a server lets open matches (`/chicago settings`) may end them too.
        role = runner.settings.get("starter_role")
        roles = {r.id for r in getattr(interaction.user, "roles", [])}
        starter = role is not None and int(role) in roles
        return interaction.user.id == runner.record.host_id or perms.manage_channels or starter

    async def end(self, interaction: discord.Interaction, match_id: int, yes: bool) -> None:
        if not await self.admit(interaction):
            return
        runner = self.by_id.get(match_id)
        if runner is None:
            await interaction.response.edit_message(content=GONE, view=None)
            return

        async def work() -> None:
            if not yes:
                await interaction.response.edit_message(content="The match goes on.", view=None)
                return
            if not self.may_end(interaction, runner):
                await reply(interaction, "Only the host or a moderator can end it.")
                return
            await interaction.response.edit_message(content="Ending the match…", view=None)
            await runner.end(interaction.user)

        await self.guarded(interaction, runner, "end", work)
