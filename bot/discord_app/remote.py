"""Clicks on matches another bot process runs, and the news of them between processes.

When several processes share one PostgreSQL database, each runs some gateway shards and
owns the matches of their servers (`bot.discord_app.shards`). Discord delivers every
direct message to shard 0, so a DM trade offer's Accept / Reject may reach a process
that does not run the match. That process answers the click at once, checks it against
the match as the store has it and commits the one decision as a compare-and-set on the
log's end (`MatchStore.commit_step_if_next`), with a notification to the owner in the
same transaction: a double click, or the owner's timer taking the decision first,
commits nothing. The owner, listening (`StepListener`), rebuilds the match where it
asked, tells the decision and what follows — exactly once (`GameTable.catch_up`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from bot.discord_app.custom_ids import DecisionClick
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import reply
from bot.discord_app.stored_sessions import session_of, stored_session, why_not
from bot.registry import table_of
from bot.session import MatchSession
from bot.store import (
    DecisionRecord,
    MatchRecord,
    MatchStatus,
    StepWrite,
    StoreError,
    resume,
)
from bot.verdicts import Verdict, say

log = logging.getLogger("chicago.bot")

STEPS = "chicago_steps"  # the notification channel: "<match id> <seq>" once committed
RESUBSCRIBE_AFTER = 5.0  # seconds before listening again after the connection was lost


def step_news(match_id: int, seq: int) -> tuple[str, str]:
    """The notification of decision `seq` of a match, as `commit_step_if_next` sends it."""
    return STEPS, f"{match_id} {seq}"


def read_news(payload: str) -> int | None:
    """The match id a notification names (None: not one of ours)."""
    match_id, _, _seq = payload.partition(" ")
    return int(match_id) if match_id.isdigit() else None


class RemoteDecisions:
    """Clicks in direct messages on matches of servers this process does not run."""

    def __init__(self, ctx: MatchContext, owns: Callable[[int | None], bool]) -> None:
        self.ctx = ctx
        self.owns = owns

    async def _load(self, match_id: int) -> tuple[MatchRecord, MatchSession] | str:
        """The match as the store has it, read only; or why no click can count."""
        store = self.ctx.store
        try:
            record = await store.match(match_id)
        except StoreError:
            return say(Verdict.NO_MATCH)
        if record.status is MatchStatus.LOBBY:
            return say(Verdict.NOT_STARTED)
        if record.status is not MatchStatus.RUNNING or self.owns(record.guild_id):
            return say(Verdict.OVER)  # ours, and not running here: it has ended
        stored = await store.load(match_id)
        restored = resume(stored)
        if restored.refused_from is not None:
            return say(Verdict.STALE)  # its owner sets the refused decisions aside
        return record, session_of(record, restored.state, stored)

    async def decide(self, interaction: discord.Interaction, click: DecisionClick) -> None:
        """Answer the click at once (Discord allows 3 seconds; the database may be
        slower), then let the match's game check it and commit it for the owner (its
        `remote_decide`), taking the buttons off the DM it was made in (the owner
        settles that DM too)."""
        if click.sure:
            await interaction.response.edit_message(content="✅ Done.", view=None)
        else:
            await interaction.response.defer()
        loaded = await self._load(click.match_id)
        if isinstance(loaded, str):
            await reply(interaction, loaded)
            return
        record, session = loaded
        await self._game_of(record).remote_decide(self, interaction, record, session, click)

    async def commit(
        self, record: MatchRecord, session: MatchSession, user: int, click: DecisionClick
    ) -> str | None:
        """The one decision, committed only if it is still the next in the log, with the
        owner notified in the same transaction; or why it did not count."""
        assert session.pending is not None
        seat = session.pending.seat
        session.autoplay = False  # the owner plays the computer seats after it
        step = session.decide(seat, click.decision, click.seq, str(user))
        if not step.ok:
            return step.message
        done = step.applied[0]
        write = StepWrite([DecisionRecord(done.seq, done.seat, done.decision, done.actor)])
        news = step_news(record.match_id, done.seq)
        if await self.ctx.store.commit_step_if_next(record.match_id, write, news):
            log.info("match %s: decision %s %r taken here for the process running its server",
                     record.match_id, done.seq, done.decision)  # fmt: skip
            return None
        # Taken first by a double click, or by the owner's timer: say which.
        again = await self._load(record.match_id)
        if isinstance(again, str):
            return again
        return why_not(again[1], again[0].seats, user, click.seq, click.decision) or say(
            Verdict.STALE
        )

    async def game_decide(
        self, interaction: discord.Interaction, match_id: int, seq: int, decision: str
    ) -> None:
        """A private choice of another game (a Turf defender's secret commitment or a
        deal's answer, chosen in a DM): answered at once, checked against the match as
        the store has it and committed for its owner in the same compare-and-set."""
        await interaction.response.edit_message(content="✅ Chosen.", view=None)
        store = self.ctx.store
        try:
            record = await store.match(match_id)
        except StoreError:
            await reply(interaction, say(Verdict.NO_MATCH))
            return
        if record.status is not MatchStatus.RUNNING or self.owns(record.guild_id):
            await reply(interaction, say(Verdict.OVER))
            return
        try:
            session = await stored_session(store, record)
        except ValueError:
            await reply(interaction, say(Verdict.NOT_STARTED))
            return
        session.autoplay = False  # the owner plays the computer seats after it
        user = interaction.user.id
        seat = next((i for i, s in enumerate(record.seats) if s.user_id == user), None)
        playing = seat if seat is not None and record.seats[seat].controller == "user" else None
        refused = session.check(playing, decision, seq, str(user))
        if refused is None and playing is not None:
            step = session.decide(playing, decision, seq, str(user))
            if not step.ok:
                await reply(interaction, step.message)
                return
            done = step.applied[0]
            write = StepWrite([DecisionRecord(done.seq, done.seat, done.decision, done.actor)])
            if await store.commit_step_if_next(match_id, write, step_news(match_id, done.seq)):
                return
            # Taken first by a double click or by the owner's timer: say which.
            session = await stored_session(store, record)
            refused = session.check(playing, decision, seq, str(user))
        await reply(interaction, refused.message if refused is not None else say(Verdict.STALE))

    async def board(self, interaction: discord.Interaction, match_id: int) -> None:
        """The whole board, privately, for a "Full board" click in a DM: drawn by the
        match's game (its `remote_board`)."""
        loaded = await self._load(match_id)
        if isinstance(loaded, str):
            await reply(interaction, loaded)
            return
        record, session = loaded
        await self._game_of(record).remote_board(self, interaction, record, session)

    @staticmethod
    def _game_of(record: MatchRecord) -> DecidedElsewhere:
        """The match's game as a click from another process reaches it."""
        side: DecidedElsewhere = table_of(record.settings.get("game"))
        return side


class DecidedElsewhere(Protocol):
    """A game whose decisions have buttons of their own (`DecisionClick`, "Full board"),
    as `RemoteDecisions` hands it a click on one of its matches run by another process
    (`bot.<game>.table.entry`, found through the registry)."""

    async def remote_decide(
        self,
        remote: RemoteDecisions,
        interaction: discord.Interaction,
        record: MatchRecord,
        session: MatchSession,
        click: DecisionClick,
    ) -> None: ...

    async def remote_board(
        self,
        remote: RemoteDecisions,
        interaction: discord.Interaction,
        record: MatchRecord,
        session: MatchSession,
    ) -> None: ...


class Listening(Protocol):
    """A store that carries notifications between bot processes (PostgreSQL)."""

    def subscribe(self, channel: str) -> Any: ...


class StepListener:
    """The owner's side: notifications of decisions other processes committed, each
    handed to `on_news` (the match id), until the bot closes. Listening starts in
    `start`, before the matches are loaded, so no decision falls between the two; a lost
    connection is listened to again, and `on_reconnect` then looks for anything missed."""

    def __init__(
        self,
        store: Listening,
        on_news: Callable[[int], None],
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.store = store
        self.on_news = on_news
        self.on_reconnect = on_reconnect
        self._inbox: Any = None
        # How the wait for the next notification is awaited: an offline Discord
        # declares it as waiting for outside input.
        self.waiting: Callable[[Awaitable[str]], Awaitable[str]] = lambda wait: wait

    async def start(self) -> None:
        self._inbox = await self.store.subscribe(STEPS).__aenter__()

    async def run(self) -> None:
        """Read notifications until cancelled (the bot closing)."""
        try:
            while True:
                try:
                    if self._inbox is None:
                        await self.start()
                        await self.on_reconnect()
                    while True:
                        match_id = read_news(await self.waiting(self._inbox.get()))
                        if match_id is not None:
                            self.on_news(match_id)
                except StoreError as exc:
                    log.warning("notifications between bot processes lost (%s); listening "
                                "again in %.0f s", exc, RESUBSCRIBE_AFTER)  # fmt: skip
                    await self._close()
                    await asyncio.sleep(RESUBSCRIBE_AFTER)
        finally:
            await self._close()

    async def _close(self) -> None:
        inbox, self._inbox = self._inbox, None
        if inbox is not None:
            with contextlib.suppress(Exception):
                await inbox.__aexit__(None, None, None)
