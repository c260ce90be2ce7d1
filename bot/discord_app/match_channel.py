"""The channel (or thread) a match is played in: sending, editing and deleting its
messages, at no more than Discord's rate for new messages.

A channel that was deleted, or that the bot was removed from, raises `ChannelGone`, so
the match can end quietly instead of failing on every later post.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.discord_app.ports import Clock, Gateway

log = logging.getLogger("chicago.bot")

THREAD_ARCHIVED = 50083  # Discord's error code for a post or edit in an archived thread
POSTS_PER_WINDOW = 5
WINDOW = timedelta(seconds=5)


class ChannelGone(Exception):
    """The match's channel or thread no longer exists (or the bot was removed from it)."""


class MatchChannel:
    """One match's channel: every message the match posts goes through here."""

    def __init__(self, gateway: Gateway, clock: Clock, channel_id: int, match_id: int) -> None:
        self.gateway = gateway
        self.clock = clock
        self.channel_id = channel_id
        self.match_id = match_id
        self._posts: deque[datetime] = deque()
        self.told_parent = False  # the parent channel knows the thread cannot be reopened

    async def resolve(self) -> discord.abc.Messageable:
        """The channel from the cache, else from Discord; `ChannelGone` if it is no more."""
        channel = self.gateway.get_channel(self.channel_id)
        if channel is None:
            try:
                channel = await self.gateway.fetch_channel(self.channel_id)
            except (discord.NotFound, discord.Forbidden) as exc:
                raise ChannelGone(str(exc)) from exc
        if not isinstance(channel, discord.abc.Messageable):
            raise ChannelGone(f"channel {self.channel_id} cannot hold messages")
        return channel

    async def send(self, **kwargs: Any) -> discord.Message:
        await self._throttle()
        channel = await self.resolve()
        try:
            return await channel.send(**kwargs)
        except discord.NotFound as exc:
            raise ChannelGone(str(exc)) from exc
        except discord.HTTPException as exc:
            if not await self._reopened(channel, exc):
                raise
            return await channel.send(**kwargs)

    async def edit(self, message_id: int, **kwargs: Any) -> None:
        """Edit a message of the match; one a moderator deleted is left alone."""
        channel = await self.resolve()
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            await partial.edit(**kwargs)
        except discord.NotFound:
            log.info("match %s: message %s was deleted; not edited", self.match_id, message_id)
        except discord.HTTPException as exc:
            if not await self._reopened(channel, exc):
                raise
            await partial.edit(**kwargs)

    async def _reopened(self, channel: Any, error: discord.HTTPException) -> bool:
        """A thread Discord archived (a match over days sleeps for longer than its
        auto-archive time) is reopened so the match goes on; when the bot may not reopen
        it, the parent channel is told once. Whether it was reopened."""
        if error.code != THREAD_ARCHIVED or not isinstance(channel, discord.Thread):
            return False
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("match %s: thread %s is archived and cannot be reopened",
                        self.match_id, channel.id)  # fmt: skip
            await self._tell_parent(channel)
            return False
        log.info("match %s: thread %s was archived; reopened", self.match_id, channel.id)
        return True

    async def _tell_parent(self, thread: discord.Thread) -> None:
        if self.told_parent or thread.parent is None:
            return
        self.told_parent = True
        with contextlib.suppress(discord.HTTPException):
            await thread.parent.send(  # type: ignore[union-attr]
                content=(
                    f"⚠️ The match in {thread.mention} cannot go on: the thread is archived "
                    "and I may not reopen it. Reopen the thread (or give me Manage Threads) "
                    "and the match continues."
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def delete(self, message_id: int) -> None:
        channel = await self.resolve()
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]

    async def fetch(self, message_id: int) -> discord.Message | None:
        """The message as Discord has it now, or None if it was deleted."""
        channel = await self.resolve()
        try:
            return await channel.fetch_message(message_id)
        except discord.NotFound:
            return None

    async def _throttle(self) -> None:
        """At most 5 new messages per 5 seconds in the channel (Discord's limit)."""
        now = self.clock()
        while self._posts and now - self._posts[0] >= WINDOW:
            self._posts.popleft()
        if len(self._posts) >= POSTS_PER_WINDOW:
            wait = (self._posts[0] + WINDOW - now).total_seconds()
            if wait > 0:
                await asyncio.sleep(wait)
            self._posts.popleft()
        self._posts.append(self.clock())
