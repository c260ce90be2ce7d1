"""A running match in one channel: its session, lock, timer, seats and everything it
shows, owned here. A click, a timer or a command becomes a call on the `MatchSession`;
what it returns is committed to the store in one transaction and only then told by the
match's `TurnPublisher`.

An idle match drops its session from memory (see `bot.discord_app.idle`) and reloads it
from the store at its next click, command or timer; every entry point wakes it first.
"""

from __future__ import annotations

import dataclasses
import io
import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

from bot.chicago.render.alt_text import alt_text
from bot.chicago.render.pool import worker_executor
from bot.discord_app import messages
from bot.discord_app import seat_handover as handover
from bot.discord_app.lobby import seat_of_user
from bot.discord_app.ports import MatchContext
from bot.discord_app.publisher import BOARD, TurnPublisher
from bot.discord_app.risks import risk_of
from bot.discord_app.seat_handover import TIMEOUTS_BEFORE_COMPUTER
from bot.discord_app.table import OpenTable
from bot.discord_app.timers import DecisionTimer
from bot.discord_app.trade_views import TradeScreen
from bot.session import Applied, MatchSession, StepResult
from bot.store import (
    DuplicateDecision,
    MatchRecord,
    MatchStatus,
    SeatRecord,
    StoredMatch,
    load_match,
    resume,
)
from bot.store.restore import Restored
from bot.telling import Line
from bot.verdicts import Verdict, say
from engine.chicago import NOBODY, Decision, MatchState

log = logging.getLogger("chicago.bot")

CONFLICTS_RETRIED = 3  # decisions taken by another process while one step was committed


def session_of(
    record: MatchRecord, state: MatchState, stored: StoredMatch, hold_slow: bool = True
) -> MatchSession:
    """A session on `state`, with the logged decisions before it and the computer
    levels that play seats handed over."""
    applied = [
        Applied(d.seq, d.seat, d.decision, d.actor) for d in stored.full_log if d.seq < state.seq
    ]
    controllers = {
        i: s.controller for i, s in enumerate(record.seats) if s.user_id and s.controller != "user"
    }
    return MatchSession(state, applied, controllers, hold_slow=hold_slow)


def state_before(stored: StoredMatch, seq: int) -> Restored:
    """The match as it stood when decision `seq` was asked: the stored match without the
    decisions from `seq` on (replayed from the setup when the snapshot is newer)."""
    earlier = [d for d in stored.full_log if d.seq < seq]
    cut = dataclasses.replace(stored, full_log=earlier)
    if stored.snapshot_seq >= seq:
        cut.snapshot_json, cut.snapshot_seq = None, -1
    cut.log_tail = [d for d in earlier if d.seq > cut.snapshot_seq]
    return resume(cut)


def why_not(
    session: MatchSession,
    seats: Sequence[SeatRecord],
    user_id: int,
    seq: int,
    decision: str | Decision,
) -> str | None:
    """Why this user's click on decision `seq` does not count, or None if it may. The
    rules' part is the session's (`MatchSession.check`), decided once."""
    seat = seat_of_user(seats, user_id)
    record = seats[seat] if seat is not None else None
    playing = seat if record is not None and record.controller == "user" else None
    refused = session.check(playing, decision, seq, str(user_id))
    if refused is None:
        return None
    if refused.verdict is Verdict.WRONG_SEAT and session.pending is not None:
        waiting_seat = seats[session.pending.seat]
        player = waiting_seat.user_id if waiting_seat.controller == "user" else None
        waiting = f"<@{player}>" if player is not None else session.name(session.pending.seat)
        return say(Verdict.WRONG_SEAT, waiting=waiting)
    return refused.message


def merge(first: StepResult, second: StepResult) -> StepResult:
    """Two steps told as one (a timeout default, then a computer taking the seat)."""
    first.applied += second.applied
    first.events += second.events
    first.lines += second.lines
    first.pending = second.pending
    first.turns_ended += second.turns_ended
    first.result = second.result
    return first


class RunningMatch(OpenTable):
    """One running match; every change to it goes through its lock."""

    def __init__(self, ctx: MatchContext, record: MatchRecord, session: MatchSession) -> None:
        super().__init__(ctx, record)
        self.publisher = TurnPublisher(ctx, self.channel, self)
        self.timer = DecisionTimer(ctx.clock, self._remind, self._expire, record.match_id)
        self.timeouts: dict[int, int] = {}
        self.screens: dict[str, TradeScreen] = {}
        self._session: MatchSession | None = session
        # The decision the match's posts ask (its prompt's or DM offer's number): what
        # this process has told. A log that goes further holds decisions another
        # process committed (a DM answer), told here by `catch_up`.
        self.asked: int | None = None
        self._count_timeouts(session)

    # --- reading ---------------------------------------------------------------------

    @property
    def timer_length(self) -> timedelta:
        return self.settings.timer_length

    @property
    def asleep(self) -> bool:
        return self._session is None

    @property
    def session(self) -> MatchSession:
        """The session; callers `wake()` the match first (every entry point does)."""
        if self._session is None:
            raise RuntimeError(f"match {self.match_id} is asleep: wake() it first")
        return self._session

    def player_of(self, seat: int) -> int | None:
        """The user who decides for `seat` now (None: a computer plays it)."""
        record = self.seats[seat]
        return record.user_id if record.controller == "user" else None

    def where(self) -> str:
        """A link to the message to look at: the prompt, else the channel."""
        prompt = self.publisher.prompt
        return self.link(prompt.message_id if prompt is not None else None)

    # --- loading, sleeping and resuming -----------------------------------------------

    @classmethod
    async def load(cls, ctx: MatchContext, record: MatchRecord) -> RunningMatch:
        """A running match rebuilt from the store (setup, snapshot and log), with what it
        had posted (prompt, reminder, DM offer) read back."""
        match = cls(ctx, record, await cls._read(ctx, record))
        _, match.asked = match.publisher.restore(await ctx.store.messages(record.match_id))
        return match

    @staticmethod
    async def _read(ctx: MatchContext, record: MatchRecord) -> MatchSession:
        state, stored = await load_match(ctx.store, record.match_id)
        return session_of(record, state, stored)

    def _count_timeouts(self, session: MatchSession) -> None:
        controllers = session.controllers
        self.timeouts = {
            seat: streak
            for seat in range(len(session.state.sides))
            if seat not in controllers
            # A full streak on a person's seat means it was handed over and taken back since.
            and (streak := session.timeouts_running(seat)) < TIMEOUTS_BEFORE_COMPUTER
        }

    def sleep(self) -> bool:
        """Drop the session from memory, keeping the shell (ids, seats, timer); returns
        whether it was dropped. The store has everything to reload it."""
        if self._session is None or self.closed or self.lock.locked() or self.screens:
            return False
        self._session = None
        self.publisher.board_events = []
        return True

    async def wake(self) -> None:
        """Reload an idle match from the store before its next click, command or timer."""
        self.touch()
        if self._session is not None:
            return
        async with self.lock:
            if self._session is not None or self.closed:
                return
            session = await self._read(self.ctx, self._record)
            prompt, prompt_seq = self.publisher.restore(
                await self.ctx.store.messages(self.match_id)
            )
            self._session = session
            self._count_timeouts(session)
            if self.asked is None:
                self.asked = prompt_seq
            if prompt is not None and prompt_seq == session.seq and session.pending is not None:
                self.publisher.adopt(prompt, session)
            log.info("match %s: reloaded from the store after being idle", self.match_id)

    async def resume(self) -> None:
        """After a restart: the prompt stays if it asks the decision asked now (else a
        stale one is closed and the prompt posted), and the timer goes on with the time
        it had left."""
        await self.wake()
        async with self.lock:
            await self._resume_locked()

    async def _resume_locked(self, tell_missed: bool = True) -> None:
        """`resume`, in the match's lock. `tell_missed`: decisions taken after the
        channel's prompt are told first (off when that telling could not rebuild them)."""
        session = self.session
        if self.closed:
            return
        if session.result is not None or session.pending is None:
            await self._tell(StepResult(Verdict.APPLIED, result=session.result))
            return
        prompt, prompt_seq = self.publisher.restore(await self.ctx.store.messages(self.match_id))
        found = prompt is not None and await self.channel.fetch(prompt) is not None
        if prompt is not None and found and prompt_seq == session.seq:
            self.publisher.adopt(prompt, session)
            self.asked = session.seq
        else:
            if prompt is not None and found:
                await self.publisher.close_stale(prompt)
            self.publisher.prompt = None
            if tell_missed and prompt_seq is not None and prompt_seq < session.seq:
                # Decided after the channel last asked, and never told here: a DM answer
                # another process took while this one was down, or a click committed just
                # before a crash. Told now, from the decision the channel asked.
                self.asked = prompt_seq
                await self._catch_up_locked()
                return
            # Computer seats after a person's decision another process committed.
            step = session.play_on()
            step.turns_ended = max(step.turns_ended, 1)
            await self._tell(step, True)
            return
        timer = await self.ctx.store.deadline(self.match_id)
        if timer is not None and timer[0] == session.seq:
            deadline = timer[1]
            left = deadline - self.ctx.clock()
            # Past half time the reminder was already posted: it is not posted again.
            remind = left > self.timer_length / 2 and self.publisher.reminder_id is None
            self.publisher.deadline = deadline
            self.timer.start(session.seq, deadline, self.timer_length, remind)
        else:
            await self._restart_timer(session)

    async def _restart_timer(self, session: MatchSession) -> None:
        deadline = self.ctx.clock() + self.timer_length
        await self.ctx.store.set_deadline(self.match_id, session.seq, deadline)
        self.publisher.deadline = deadline
        self.timer.start(session.seq, deadline, self.timer_length)

    async def recover(self) -> None:
        """After an unexpected error: the match as the store has it, its prompt and timer
        back in place, so it is never left stuck."""
        async with self.lock:
            if self.closed:
                return
            self._session = None
            self.publisher.prompt = None
        await self.resume()

    async def begin(self, step: StepResult, notes: list[Line]) -> None:
        """The first prompt of a match just dealt (computers may have played already)."""
        async with self.lock:
            self.publisher.notes += notes
            await self._tell(step, force_new=True)

    # --- deciding ----------------------------------------------------------------------

    def asks_now(self, seq: int) -> bool:
        session = self._session
        return session is not None and not self.closed and session.seq == seq

    def refusal(self, user_id: int, seq: int, decision: str | Decision) -> str | None:
        """Why this user's click on decision `seq` does not count, or None if it may."""
        if self.ctx.stopping():
            return say(Verdict.STOPPING)
        if self.closed:
            return say(Verdict.OVER)
        return why_not(self.session, self.seats, user_id, seq, decision)

    async def risk(self, user_id: int, seq: int, decision: str | Decision) -> str | None:
        """What this click would risk for the clicker's side (None: safe, or not theirs
        to make: the decision itself says why)."""
        await self.wake()
        if self.refusal(user_id, seq, decision) is not None:
            return None
        session = self.session
        assert session.pending is not None
        return risk_of(session.state, session.pending, str(decision))

    async def decide(self, user_id: int, seq: int, decision: str | Decision) -> str | None:
        """Apply a click; returns a private reply when it did not count."""
        await self.wake()
        async with self.lock:
            refused = self.refusal(user_id, seq, decision)
            if refused is not None:
                return refused
            session = self.session
            assert session.pending is not None
            seat = session.pending.seat
            step = session.decide(seat, decision, seq, str(user_id))
            if not step.ok:
                return step.message
            self.timeouts[seat] = 0
            await self._tell(step)
            return None

    async def _tell(
        self, step: StepResult, force_new: bool = False, logged: int = -1, conflicts: int = 0
    ) -> None:
        """Commit the step in one transaction, then tell it. Decisions up to `logged`
        are in the store already (committed by another process: see `catch_up`)."""
        session = self.session
        # Hard computer seats think in the bot's worker processes, off the event loop.
        await session.settle(step, worker_executor())
        plan = self.publisher.plan(session, step, force_new)
        plan.write.decisions = [d for d in plan.write.decisions if d.seq > logged]
        try:
            await self.ctx.store.commit_step(self.match_id, plan.write)
        except DuplicateDecision:
            if conflicts >= CONFLICTS_RETRIED:
                raise
            # Another bot process took this decision first (a DM answer racing the
            # timer): what it decided is told instead; this step is dropped unsaid.
            log.info("match %s: decision %s was taken by another bot process",
                     self.match_id, step.applied[0].seq if step.applied else "?")  # fmt: skip
            self._session = None
            self.publisher.notes, self.publisher.timeout_note = [], None
            await self._catch_up_locked(conflicts + 1)
            return
        if plan.deadline is None:
            self._close()
        else:
            self.timer.start(session.seq, plan.deadline, self.timer_length)
        await self.publisher.publish(session, step, plan)
        self.asked = session.seq

    # --- decisions another bot process committed ------------------------------------------

    async def catch_up(self) -> None:
        """Another bot process committed a decision of this match (the process running
        shard 0 takes the DM answers): tell it, and what follows, once."""
        async with self.lock:
            if not self.closed:
                await self._catch_up_locked()

    async def _catch_up_locked(self, conflicts: int = 0) -> None:
        """Rebuild the match as it stood at the decision this process asked, apply the
        logged decisions after it (another process's, then the computer seats' that
        follow), commit what is new and tell it all as one step."""
        stored = await self.ctx.store.load(self.match_id)
        end = stored.full_log[-1].seq if stored.full_log else -1
        current = self._session
        asked = self.asked
        if asked == end + 1 and (current is None or current.seq == asked):
            return  # nothing this process has not told
        self.touch()
        rebuilt = state_before(stored, asked) if asked is not None and asked <= end else None
        if rebuilt is None or rebuilt.refused_from is not None or rebuilt.state.seq != asked:
            await self._reload_and_resume()
            return
        session = session_of(self._record, rebuilt.state, stored)
        step = StepResult(Verdict.APPLIED, pending=session.pending)
        for decision in stored.full_log:
            if decision.seq < session.seq:
                continue  # played already by the computer seats that followed
            one = session.decide(decision.seat, decision.decision, decision.seq, decision.actor)
            if not one.ok:
                log.warning("match %s: logged decision %s does not apply (%s)",
                            self.match_id, decision.seq, one.message)  # fmt: skip
                await self._reload_and_resume()
                return
            step = merge(step, one)
        self._session = session
        self._count_timeouts(session)
        log.info("match %s: decisions %s-%s taken by another bot process told",
                 self.match_id, asked, end)  # fmt: skip
        await self._tell(step, logged=end, conflicts=conflicts)

    async def _reload_and_resume(self) -> None:
        """The match as the store has it, prompt and timer put back (in the lock)."""
        self._session = await self._read(self.ctx, self._record)
        self._count_timeouts(self._session)
        self.publisher.prompt = None
        await self._resume_locked(tell_missed=False)

    def _close(self) -> None:
        self.timer.cancel()
        self.closed = True
        for screen in list(self.screens.values()):
            screen.finish()
        self.ctx.registry.drop(self)

    async def _expire(self, seq: int) -> None:
        """The decision's time ran out: the safe default, said in the channel."""
        await self.wake()
        async with self.lock:
            session = self.session
            if not self.closed and session.seq > seq and self.asked == seq:
                # Reloaded after being idle, with a decision another process committed.
                await self._catch_up_locked()
                return
            if self.closed or session.seq != seq or session.pending is None:
                return
            seat = session.pending.seat
            step = session.expire(seq)
            if not step.ok:
                return
            label = (
                self.publisher.label(session, step.applied[0])
                if step.applied
                else "the safe choice"
            )
            name = session.name(seat)
            self.publisher.timeout_note = Line(NOBODY, f"⏱ {name} ran out of time: {label}.")
            if handover.timed_out(self.timeouts, seat) and self.player_of(seat):
                step = merge(step, self._hand(seat))
                self.publisher.notes.append(Line(NOBODY, handover.timed_out_line(name)))
                await self._store_seats()
            await self._tell(step)

    async def _remind(self, seq: int) -> None:
        await self.wake()
        async with self.lock:
            session = self.session
            if self.closed or session.seq != seq or session.pending is None:
                return
            player = self.player_of(session.pending.seat)
            deadline = self.timer.deadline
            if player is None or deadline is None or self.publisher.reminder_id is not None:
                return
            await self.publisher.remind(session, player, deadline)

    # --- seats: handed to a computer and taken back ----------------------------------------

    async def _store_seats(self) -> None:
        await self.ctx.store.set_seats(self.match_id, self.seats)

    def _hand(self, seat: int) -> StepResult:
        """A computer plays `seat` from now on; returns what it did at once."""
        return handover.hand(self.session, self.seats, self.timeouts, seat)

    async def take_back(self, user: discord.abc.User) -> tuple[bool, str]:
        """`/chicago join` during the match: a player takes their seat back."""
        await self.wake()
        async with self.lock:
            seat = self.seat_of(user.id)
            refused = handover.take_back(self.session, self.seats, self.timeouts, seat)
            if refused is not None or seat is None:
                return False, refused or handover.NOT_SEATED
            await self._store_seats()
            back = Line(NOBODY, handover.back_line(self.session.name(seat)))
            await self.publisher.say_now(self.session, back)
            return True, handover.BACK

    async def leave(self, user_id: int) -> tuple[bool, str]:
        """A player leaves the table: a computer plays their seat until they come back."""
        await self.wake()
        async with self.lock:
            seat = self.seat_of(user_id)
            refused = handover.leave_refusal(self.seats, seat)
            if refused is not None or seat is None:
                return False, refused or handover.NO_SEAT
            name = self.session.name(seat)
            step = self._hand(seat)
            await self._store_seats()
            left = Line(NOBODY, handover.left_line(name))
            if step.applied or step.result is not None:
                self.publisher.notes.append(left)
                await self._tell(step)
            else:
                await self.publisher.say_now(self.session, left)
            return True, handover.LEFT

    # --- the private trade screen --------------------------------------------------------

    async def open_screen(self, user_id: int, seq: int) -> TradeScreen | str:
        """The proposer's private trade screen, or why it cannot open."""
        await self.wake()
        refused = self.refusal(user_id, seq, "trade")
        if refused is not None:
            return refused
        screen = TradeScreen.open(self, self.session, user_id, seq)
        if screen is None:
            return "No trade can be proposed now."
        self.screens[screen.token] = screen
        return screen

    def close_screen(self, token: str) -> None:
        self.screens.pop(token, None)

    # --- ending ---------------------------------------------------------------------------

    async def end(self, user: discord.abc.User) -> None:
        """Ended by the host or a moderator: buttons removed, recorded as abandoned."""
        await self.wake()
        async with self.lock:
            if self.closed:
                return
            session = self.session
            self._close()
            await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
            publisher = self.publisher
            if publisher.prompt is not None:
                await self.channel.edit(publisher.prompt.message_id, view=None)
            await publisher.offer.settle(session)
            if publisher.reminder_id is not None:
                await self.channel.delete(publisher.reminder_id)
            embed = messages.status_embed(session.state, self.seats, None)
            embed.title = "Where the match stood"
            await self.channel.send(
                content=f"🛑 The match was ended by {user.mention}.",
                embed=embed,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def gone(self) -> None:
        """The channel or thread was deleted: the match ends in the store, nothing is posted."""
        if self.closed:
            return
        self._close()
        await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
        log.info("match %s: its channel %s is gone; match ended", self.match_id, self.channel_id)

    async def board(self) -> dict[str, Any]:
        """The board and standings now, for `/chicago board`."""
        await self.wake()
        state = self.session.state
        png = await self.ctx.full_board(state, [])
        embed = messages.status_embed(state, self.seats, BOARD)
        picture = discord.File(io.BytesIO(png), filename=BOARD, description=alt_text(state))
        return {"embed": embed, "file": picture}
