"""What a lobby and a running match have in common: their row, settings, channel, lock
and the moment they were last used. Each kind owns the rest of its state."""

from __future__ import annotations

import asyncio

from bot import logs
from bot.discord_app.lobby import seat_of_user
from bot.discord_app.match_channel import MatchChannel
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.ports import MatchContext
from bot.store import MatchRecord, SeatRecord


class OpenTable:
    """A lobby or a running match in one channel."""

    def __init__(self, ctx: MatchContext, record: MatchRecord) -> None:
        self.ctx = ctx
        self._record = record
        self.settings = MatchSettings.from_dict(record.settings)
        self.channel = MatchChannel(ctx.gateway, ctx.clock, record.channel_id, record.match_id)
        self.lock = asyncio.Lock()
        self.closed = False
        self.last_used = ctx.clock()

    @property
    def record(self) -> MatchRecord:
        return self._record

    @property
    def match_id(self) -> int:
        return self._record.match_id

    @property
    def channel_id(self) -> int:
        return self._record.channel_id

    @property
    def host_id(self) -> int:
        return self._record.host_id

    @property
    def seats(self) -> list[SeatRecord]:
        return self._record.seats

    def seat_of(self, user_id: int) -> int | None:
        return seat_of_user(self.seats, user_id)

    def link(self, message_id: int | None) -> str:
        """A link to one of the table's messages (the channel when there is none)."""
        if message_id is None:
            return f"<#{self.channel_id}>"
        guild = self._record.guild_id or "@me"
        return f"https://discord.com/channels/{guild}/{self.channel_id}/{message_id}"

    def touch(self) -> None:
        """Every entry point calls this first: log lines name the match, and the idle
        sweep sees it used."""
        logs.bind(guild=self._record.guild_id, channel=self.channel_id, match=self.match_id)
        self.last_used = self.ctx.clock()
