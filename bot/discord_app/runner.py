"""One match in one channel: its lock, its timer and everything it posts.

A click, a timer or a command becomes a call on the `MatchSession`; what the session
returns is committed to the store first and only then told in the channel
(`bot.discord_app.telling`). The lobby and who plays each seat are in
`bot.discord_app.seating`, the channel's messages in `bot.discord_app.match_channel`.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot import logs
from bot.discord_app import lobby, messages, seating, telling
from bot.discord_app.match_channel import MatchChannel
from bot.discord_app.shutdown import STOPPING
from bot.discord_app.telling import Prompt
from bot.discord_app.timers import DecisionTimer
from bot.discord_app.views import seq_of
from bot.narration import Line
from bot.session import Applied, MatchSession, StepResult, Verdict
from bot.store import MatchRecord, MatchStatus, SeatRecord, load_state
from engine import NOBODY
from engine.events import Event

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")

TIMEOUTS_BEFORE_COMPUTER = 3


def merge(first: StepResult, second: StepResult) -> StepResult:
    """Two steps told as one (a timeout default, then a computer taking the seat)."""
    first.applied += second.applied
    first.events += second.events
    first.lines += second.lines
    first.pending = second.pending
    first.turns_ended += second.turns_ended
    first.result = second.result
    return first


class MatchRunner:
    """Owns one match's lock, timer and messages; every change goes through it."""

    def __init__(self, bot: ChicagoBot, record: MatchRecord) -> None:
        self.bot = bot
        self.store = bot.store
        self.record = record
        self.match_id = record.match_id
        self.channel_id = record.channel_id
        self.channel = MatchChannel(bot, record.channel_id, record.match_id)
        self.session: MatchSession | None = None
        self.lock = asyncio.Lock()
        self.timer = DecisionTimer(bot.clock, self._remind, self._expire, record.match_id)
        self.timeouts: dict[int, int] = {}
        self.prompt: Prompt | None = None
        self.reminder_id: int | None = None
        self.notes: list[Line] = []
        # Told in the prompt when it is edited in place; a closed prompt says it itself.
        self.timeout_note: Line | None = None
        self.board_events: list[Event] = []
        self.closed = False
        # Idle matches are dropped from memory (see bot.discord_app.idle) until woken.
        self.asleep = False
        self.last_used = bot.clock()

    # --- reading -----------------------------------------------------------------

    @property
    def settings(self) -> dict[str, Any]:
        return self.record.settings

    @property
    def seats(self) -> list[SeatRecord]:
        return self.record.seats

    @property
    def running(self) -> bool:
        return self.session is not None and not self.closed

    @property
    def timer_length(self) -> timedelta:
        return timedelta(seconds=int(self.settings["timer"]))

    def seat_of(self, user_id: int) -> int | None:
        return lobby.seat_of_user(self.seats, user_id)

    def player_of(self, seat: int) -> int | None:
        """The user who decides for `seat` now (None: a computer plays it)."""
        record = self.seats[seat]
        return record.user_id if record.controller == "user" else None

    def where(self) -> str:
        """A link to the message to look at: the prompt, else the lobby."""
        guild = self.record.guild_id or "@me"
        message = self.prompt.message_id if self.prompt else None
        if message is None:
            return f"<#{self.channel_id}>"
        return f"https://discord.com/channels/{guild}/{self.channel_id}/{message}"

    # --- loading and resuming ---------------------------------------------------------

    async def load(self) -> None:
        """Rebuild a running match from the store (setup, snapshot and log)."""
        if self.record.status is not MatchStatus.RUNNING:
            return
        state = await load_state(self.store, self.match_id)
        stored = await self.store.load(self.match_id)
        log_ = stored.full_log
        applied = [Applied(d.seq, d.seat, d.decision, d.actor) for d in log_ if d.seq < state.seq]
        controllers = {
            i: s.controller
            for i, s in enumerate(self.seats)
            if s.user_id and s.controller != "user"
        }
        self.session = MatchSession(state, applied, controllers)
        self.timeouts = {
            seat: streak
            for seat in range(len(state.sides))
            if seat not in controllers
            # A full streak on a person's seat means it was handed over and taken back since.
            and (streak := self.session.timeouts_running(seat)) < TIMEOUTS_BEFORE_COMPUTER
        }

    def sleep(self) -> bool:
        """Drop a running match's state from memory, keeping its shell (ids, seats,
        timer); returns whether it was dropped. The store has everything to reload it."""
        if self.session is None or self.closed or self.asleep or self.lock.locked():
            return False
        self.session = None
        self.prompt = None
        self.board_events = []
        self.asleep = True
        return True

    async def wake(self) -> None:
        """Reload an idle match from the store before its next click, command or timer.
        Every entry point calls this first, so the rest of the runner never sees a
        sleeping match (and every log line of the work that follows names the match)."""
        logs.bind(guild=self.record.guild_id, channel=self.channel_id, match=self.match_id)
        self.last_used = self.bot.clock()
        if not self.asleep:
            return
        async with self.lock:
            if not self.asleep or self.closed:
                return
            await self.load()
            session = self.session
            posted = (await self.store.messages(self.match_id)).get("prompt")
            if session is not None and session.pending is not None and posted is not None:
                pending = session.pending
                self.prompt = Prompt(posted, session.seq, pending.seat, pending, [], True, True)
            self.asleep = False
            log.info("match %s: reloaded from the store after being idle", self.match_id)

    async def resume(self) -> None:
        """After a restart: the prompt stays if it is for the decision asked now (else it
        is posted), and the timer goes on with the time it had left."""
        async with self.lock:
            session = self.session
            if session is None or self.closed:
                return
            if session.result is not None or session.pending is None:
                await telling.finish(self, StepResult(Verdict.APPLIED, result=session.result))
                return
            posted = (await self.store.messages(self.match_id)).get("prompt")
            current = await self._fetch_prompt_seq(posted)
            pending = session.pending
            if current == session.seq and posted is not None:
                self.prompt = Prompt(posted, session.seq, pending.seat, pending, [], True, True)
            else:
                step = StepResult(Verdict.APPLIED, pending=pending, turns_ended=1)
                await telling.publish(self, step, force_new=True)
                return
            timer = await self.store.deadline(self.match_id)
            if timer is not None and timer[0] == session.seq:
                deadline = timer[1]
                left = deadline - self.bot.clock()
                # Past half time the reminder was already posted: it is not posted again.
                remind = left > self.timer_length / 2
                self.timer.start(session.seq, deadline, self.timer_length, remind)
            else:
                await telling.start_timer(self, session.seq)

    async def _fetch_prompt_seq(self, message_id: int | None) -> int | None:
        """The decision the posted prompt offers buttons for, if it is still there."""
        message = None if message_id is None else await self.channel.fetch(message_id)
        return None if message is None else seq_of(message.components)

    # --- the lobby and the seats (see bot.discord_app.seating) ---------------------------

    async def join(self, user: discord.abc.User, role: str) -> tuple[bool, str]:
        await self.wake()
        return await seating.join(self, user, role)

    async def add_computer(self, user_id: int, role: str, level: str) -> tuple[bool, str]:
        return await seating.add_computer(self, user_id, role, level)

    async def remove_computer(self, user_id: int, index: int) -> tuple[bool, str]:
        """The host takes a computer player out of the lobby again."""
        return await seating.remove_computer(self, user_id, index)

    async def leave(self, user_id: int) -> tuple[bool, str]:
        await self.wake()
        return await seating.leave(self, user_id)

    async def computer_menu(self, user_id: int) -> tuple[bool, str, discord.ui.View | None]:
        return seating.computer_menu(self, user_id)

    def lobby_message(self, note: str = "") -> dict[str, Any]:
        return seating.lobby_message(self, note)

    async def refresh_lobby(self) -> None:
        await seating.refresh_lobby(self)

    async def start(self, user_id: int) -> tuple[bool, str]:
        """Deal seats and characters by the seed and play until a person must decide."""
        return await seating.start(self, user_id)

    # --- decisions ------------------------------------------------------------------

    def refusal(self, user_id: int, seq: int, decision: str) -> str | None:
        """Why this user's click on decision `seq` does not count, or None if it may."""
        if self.bot.stopping:
            return STOPPING
        session = self.session
        if session is None or self.closed:
            return "That match is over." if self.closed else "The match has not started yet."
        if session.result is not None:
            return "The match is over."
        if seq < session.seq:
            done = session.log[seq] if seq < len(session.log) else None
            if done is not None and done.actor == str(user_id) and done.decision == decision:
                return "Already done: your choice was counted once."
            return "That choice has passed."
        pending = session.pending
        if seq > session.seq or pending is None:
            return "That choice has passed."
        player = self.player_of(pending.seat)
        if player != user_id:
            waiting = f"<@{player}>" if player is not None else session.name(pending.seat)
            return f"Waiting for {waiting}: it is their decision."
        return None

    async def decide(self, user_id: int, seq: int, decision: str) -> str | None:
        """Apply a click; returns a private reply when it did not count."""
        await self.wake()
        async with self.lock:
            refused = self.refusal(user_id, seq, decision)
            if refused is not None:
                return refused
            session = self.session
            assert session is not None and session.pending is not None
            seat = session.pending.seat
            step = session.decide(seat, decision, seq, str(user_id))
            if step.verdict is Verdict.DUPLICATE:
                return "Already done: your choice was counted once."
            if not step.ok:
                return step.message
            self.timeouts[seat] = 0
            await telling.commit(self, step)
            await telling.publish(self, step)
            return None

    async def _expire(self, seq: int) -> None:
        """The decision's time ran out: the safe default, said in the channel."""
        await self.wake()
        async with self.lock:
            session = self.session
            if session is None or self.closed or session.seq != seq or session.pending is None:
                return
            seat = session.pending.seat
            step = session.expire(seq)
            if not step.ok:
                return
            label = telling.label(self, step.applied[0]) if step.applied else "the safe choice"
            name = session.name(seat)
            self.timeout_note = Line(NOBODY, f"⏱ {name} ran out of time: {label}.")
            self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
            if self.timeouts[seat] >= TIMEOUTS_BEFORE_COMPUTER and self.player_of(seat):
                step = merge(step, seating.hand(self, seat))
                self.notes.append(
                    Line(
                        NOBODY,
                        f"🤖 {name} timed out {TIMEOUTS_BEFORE_COMPUTER} times running: a "
                        "computer plays their seat now. `/chicago join` takes it back.",
                    )
                )
                await seating.set_seats(self, self.seats)
            await telling.commit(self, step)
            await telling.publish(self, step)

    async def _remind(self, seq: int) -> None:
        await self.wake()
        async with self.lock:
            session = self.session
            if session is None or self.closed or session.seq != seq or session.pending is None:
                return
            player = self.player_of(session.pending.seat)
            deadline = self.timer.deadline
            if player is None or deadline is None:
                return
            text = (
                f"⏰ <@{player}>, half your time is gone: decide by "
                f"<t:{int(deadline.timestamp())}:R> ({self.where()}), or the safe choice "
                "is made for you."
            )
            message = await self.channel.send(content=text)
            self.reminder_id = message.id
            await self.store.set_message(self.match_id, "reminder", message.id)

    # --- ending ------------------------------------------------------------------------

    async def end(self, user: discord.abc.User) -> None:
        """Ended by the host or a moderator: buttons removed, recorded as abandoned."""
        await self.wake()
        async with self.lock:
            if self.closed:
                return
            self.timer.cancel()
            self.closed = True
            self.bot.router.forget(self)
            await self.store.finish(self.match_id, MatchStatus.ABANDONED)
            if self.prompt is not None:
                await self.channel.edit(self.prompt.message_id, view=None)
            lobby_id = (await self.store.messages(self.match_id)).get("lobby")
            if self.session is None and lobby_id is not None:
                await self.channel.edit(lobby_id, view=None)
            await telling.drop_reminder(self)
            embed = None
            if self.session is not None:
                embed = messages.status_embed(self.session.state, self.seats, None)
                embed.title = "Where the match stood"
            await self.channel.send(
                content=f"🛑 The match was ended by {user.mention}.", embed=embed
            )

    async def recover(self) -> None:
        """After an unexpected error: the match as the store has it, its prompt and timer
        back in place, so it is never left stuck."""
        async with self.lock:
            if self.closed or self.session is None:
                return
            self.prompt = None
            await self.load()
        await self.resume()

    async def gone(self) -> None:
        """The channel or thread was deleted: the match ends in the store, nothing is posted."""
        self.timer.cancel()
        if self.closed:
            return
        self.closed = True
        self.bot.router.forget(self)
        await self.store.finish(self.match_id, MatchStatus.ABANDONED)
        log.info("match %s: its channel %s is gone; match ended", self.match_id, self.channel_id)

    async def board(self) -> dict[str, Any]:
        """The board and standings now, for `/chicago board`."""
        await self.wake()
        return await telling.board(self)
