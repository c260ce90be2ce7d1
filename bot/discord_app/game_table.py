"""A running match of any game, in one channel: its session, lock, timer and seats.

A click, a timer or a command becomes a call on the generic `MatchSession`; what it
returns is committed to the store in one transaction and only then told, by the game's
`Teller` (`bot.discord_app.teller`): this module names no game. Seats go to a computer
after repeated timeouts, a restart resumes from the store, and decisions another bot
process committed (a DM answer that reached the process running shard 0) are told here,
once.

An idle match drops its session from memory (see `bot.discord_app.idle`) and reloads it
from the store at its next click, command or timer; every entry point wakes it first.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.discord_app import seat_handover as handover
from bot.discord_app import turn_notices
from bot.discord_app.days_clock import DaysClock, decided, people_asked
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import asking
from bot.discord_app.stored_sessions import load_session, playing_seat, session_at, why_not
from bot.discord_app.table import OpenTable
from bot.discord_app.teller import NOTE
from bot.discord_app.tellers import teller_for
from bot.discord_app.timers import DecisionTimer
from bot.games.presenter import Choice
from bot.session import TIMER, Applied, MatchSession, StepResult, merge_into
from bot.store import DuplicateDecision, MatchRecord, MatchStatus
from bot.telling import Line
from bot.verdicts import Verdict, say
from engine.common import IllegalDecision

log = logging.getLogger("chicago.bot")

CONFLICTS_RETRIED = 3  # decisions taken by another process while one step was committed


class GameTable(OpenTable):
    """One running match; every change to it goes through its lock."""

    def __init__(self, ctx: MatchContext, record: MatchRecord, session: MatchSession) -> None:
        super().__init__(ctx, record)
        self.game = session.game
        self.timer = DecisionTimer(ctx.clock, self._remind, self._expire, record.match_id)
        self.timeouts: dict[int, int] = {}
        self._session: MatchSession | None = session
        # How many logged decisions the channel has been told. A log that goes further
        # holds decisions another process committed, told here by `catch_up`.
        self.told: int | None = None
        self.show = teller_for(self)
        self._count_timeouts(session)
        # Over days: every seat's bank (kept in the shell, so an idle match still knows).
        pace = self.settings.pace
        self.days: DaysClock | None = DaysClock(pace, record.match_id) if pace.days else None
        self._notice_task: asyncio.Task[None] | None = None
        self.asked_seats: tuple[int, ...] = ()  # who is asked now, for `/chicago mine`
        self._note_asked(session)

    # --- reading -------------------------------------------------------------------------

    @property
    def timer_length(self) -> timedelta:
        """The time the decision asked now may take: the timer per decision, or over
        days what is left in the bank of the first asked seat to run out."""
        if self.days is None or self._session is None:
            return self.settings.timer_length
        now = self.ctx.clock()
        return max(timedelta(0), self.days.deadline(self._session, now) - now)

    @property
    def guild_id(self) -> int | None:
        return self._record.guild_id

    def asking(self, *user_ids: int | None) -> discord.AllowedMentions:
        """Whom a prompt may ping: over days nobody (each player's notice is sent their
        own way, at most once, outside their quiet hours)."""
        return discord.AllowedMentions.none() if self.days is not None else asking(*user_ids)

    def clock_line(self, session: MatchSession) -> str:
        """Each asked seat's bank as the prompt shows it ("" in a live match)."""
        if self.days is None or session.over:
            return ""
        return self.days.bank_line(session, self.ctx.clock(), people_asked(session))

    def _note_asked(self, session: MatchSession) -> None:
        self.asked_seats = () if session.over else tuple(people_asked(session))

    @property
    def asleep(self) -> bool:
        return self._session is None

    @property
    def session(self) -> MatchSession:
        """The session; callers `wake()` the match first (every entry point does)."""
        if self._session is None:
            raise RuntimeError(f"match {self.match_id} is asleep: wake() it first")
        return self._session

    @session.setter
    def session(self, session: MatchSession) -> None:
        self._session = session

    def player_of(self, seat: int) -> int | None:
        """The user who decides for `seat` now (None: a computer plays it)."""
        record = self.seats[seat]
        return record.user_id if record.controller == "user" else None

    def playing(self, user_id: int) -> int | None:
        """The seat this user decides for now (None: not theirs, or a computer's now)."""
        return playing_seat(self.seats, user_id)

    def where(self) -> str:
        """A link to the message to look at: the prompt, else the channel."""
        return self.link(self.show.prompt_message())

    # --- loading, sleeping and resuming --------------------------------------------------

    @classmethod
    async def load(
        cls, ctx: MatchContext, record: MatchRecord, clocks: str | None = None
    ) -> GameTable:
        """A running match rebuilt from the store, with what it had posted (prompt,
        reminder, DMs) read back; `clocks`: its clocks over days, when the caller read
        every match's at once."""
        table = cls(ctx, record, await load_session(ctx.store, record))
        posted = await ctx.store.messages(record.match_id)
        table.told = table.show.restore(table.session, posted)
        if table.days is not None:
            table.days = await DaysClock.load(ctx.store, table.days.pace, record.match_id, clocks)
        return table

    def _count_timeouts(self, session: MatchSession) -> None:
        controllers = session.controllers
        self.timeouts = {
            seat: streak
            for seat in range(len(self.seats))
            if seat not in controllers
            # A full streak on a person's seat means it was handed over and taken back since.
            and (streak := session.timeouts_running(seat)) < handover.TIMEOUTS_BEFORE_COMPUTER
        }

    def sleep(self) -> bool:
        """Drop the session from memory, keeping the shell (ids, seats, timer); returns
        whether it was dropped. The store has everything to reload it."""
        if self._session is None or self.closed or self.lock.locked():
            return False
        if not self.show.may_sleep():
            return False
        self._session = None
        self.show.slept()
        return True

    async def wake(self) -> None:
        """Reload an idle match from the store before its next click, command or timer."""
        self.touch()
        if self._session is not None:
            return
        async with self.lock:
            if self._session is not None or self.closed:
                return
            session = await load_session(self.ctx.store, self._record)
            told = self.show.restore(session, await self.ctx.store.messages(self.match_id))
            self._session = session
            self._count_timeouts(session)
            self._note_asked(session)
            if self.told is None:
                self.told = told
            log.info("match %s: reloaded from the store after being idle", self.match_id)

    async def resume(self) -> None:
        """After a restart: the prompt stays if it asks what is asked now (else a stale
        one is closed and the prompt posted), and the timer goes on with the time it
        had left."""
        await self.wake()
        async with self.lock:
            await self._resume_locked()

    async def _resume_locked(self, tell_missed: bool = True) -> None:
        """`resume`, in the match's lock. `tell_missed`: decisions taken after the
        channel was last told are told first (off when that telling could not rebuild
        them)."""
        session = self.session
        if self.closed:
            return
        if session.over or not session.asked():
            await self._tell(StepResult(Verdict.APPLIED, result=session.result))
            return
        told = self.show.restore(session, await self.ctx.store.messages(self.match_id))
        if tell_missed and told is not None and told < session.seq:
            # Decided after the channel last asked, and never told here: a DM answer
            # another process took while this one was down, or a click committed just
            # before a crash. Told now, from what the channel last saw.
            await self.show.keep_prompt(session)  # a stale prompt is closed
            self.told = told
            await self._catch_up_locked()
            return
        if not await self.show.keep_prompt(session):
            # Computer seats after a person's decision another process committed.
            step = session.play_on()
            step.turns_ended = max(step.turns_ended, 1)
            await self._tell(step, force_new=True)
            return
        self.told = session.seq
        if self.days is not None:
            await self._resume_days(session)
            return
        timer = await self.ctx.store.deadline(self.match_id)
        if timer is not None and timer[0] == session.seq:
            deadline = timer[1]
            remind = self.show.remind_again(deadline - self.ctx.clock())
            self.show.resumed_deadline(deadline)
            self.timer.start(session.seq, deadline, self.timer_length, remind)
        else:
            deadline = self.ctx.clock() + self.timer_length
            await self.ctx.store.set_deadline(self.match_id, session.seq, deadline)
            self.show.resumed_deadline(deadline)
            self.timer.start(session.seq, deadline, self.timer_length)

    async def _resume_days(self, session: MatchSession) -> None:
        """Over days, after a restart: the banks as the stored instants give them (brought
        to the log's position if a crash came between a step and its clocks), the timer
        at the first bank to run out, and the notices still due."""
        assert self.days is not None
        now = self.ctx.clock()
        self.days.settle_restart(session, now)
        self._note_asked(session)
        deadline = self.days.deadline(session, now)
        await self.ctx.store.set_deadline(self.match_id, session.seq, deadline)
        await self.days.save(self.ctx.store)
        self.show.resumed_deadline(deadline)
        self.timer.start(session.seq, deadline, self.timer_length, remind=False)
        await self._send_notices(session)

    async def recover(self) -> None:
        """After an unexpected error: the match as the store has it, its prompt and timer
        back in place, so it is never left stuck."""
        async with self.lock:
            if self.closed:
                return
            self._session = None
            self.show.forget()
        await self.resume()

    async def begin(self, step: StepResult, notes: Sequence[Line]) -> None:
        """The first prompt of a match just dealt (computers may have played already)."""
        async with self.lock:
            await self._tell(step, notes, force_new=True)

    # --- deciding --------------------------------------------------------------------------

    def asks_now(self, seq: int) -> bool:
        session = self._session
        return session is not None and not self.closed and session.seq == seq

    def refusal(self, user_id: int, seq: int, decision: object) -> str | None:
        """Why this user's click on decision `seq` does not count, or None if it may."""
        if self.ctx.stopping():
            return say(Verdict.STOPPING)
        if self.closed:
            return say(Verdict.OVER)
        return why_not(self.session, self.seats, user_id, seq, decision)

    async def risk(self, user_id: int, seq: int, decision: object) -> str | None:
        """What this click would risk for the clicker's side (None: safe, or not theirs
        to make: the decision itself says why), when the game asks to confirm."""
        await self.wake()
        if self.refusal(user_id, seq, decision) is not None:
            return None
        return self.show.risk(self.session, str(decision))

    def label(self, seq: int, decision: object) -> str:
        """The words of the button that offers `decision`, for a confirmation."""
        return self.show.label(self.session, Applied(seq, -1, str(decision), ""))

    async def decide(self, user_id: int, seq: int, decision: object) -> str | None:
        """Apply a click; returns a private reply when it did not count."""
        await self.wake()
        async with self.lock:
            refused = self.refusal(user_id, seq, decision)
            if refused is not None:
                return refused
            seat = self.playing(user_id)
            assert seat is not None
            step = self.session.decide(seat, str(decision), seq, str(user_id))
            if not step.ok:
                return step.message
            self.timeouts[seat] = 0
            await self._tell(step)
            return None

    async def offer(self, user_id: int, decision: str, seq: int | None = None) -> str | None:
        """The one way a player makes another an offer, in the game's own words
        (`decision`): as the answer to the question asked at `seq` (a trade proposed from
        the prompt), or unasked when the game lets a seat offer at any time (`seq` None: a
        deal). None when the offer is on its way (the offers flow delivers it), else why
        not, for the proposer only."""
        if seq is not None:
            return await self.decide(user_id, seq, decision)
        await self.wake()
        async with self.lock:
            if self.closed or self.session.over:
                return say(Verdict.OVER)
            seat = self.playing(user_id)
            if seat is None:
                return "You play no seat in this match."
            step = self.session.offer(seat, decision, str(user_id))
            if not step.ok:
                return step.message
            await self._tell(step)
            return None

    async def open_screen(self, user_id: int, seq: int) -> tuple[str, discord.ui.View] | str:
        """A private screen to make an offer from (its words and controls), or why it
        cannot open."""
        await self.wake()
        refused = self.refusal(user_id, seq, "trade")
        if refused is not None:
            return refused
        return self.show.open_screen(self.session, user_id, seq)

    def private_list(
        self, user_id: int, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]:
        """A private list for its own seat's player: the words and the choices, or why not
        (with no choices)."""
        if self.closed or self.session.over:
            return say(Verdict.OVER), []
        return self.show.private_list(self.session, self.playing(user_id), seq, seat, group)

    def private_view(self, seat: int, choices: Sequence[Choice]) -> discord.ui.View:
        view: discord.ui.View = self.show.private_view(self.session, seat, choices)
        return view

    def hand(self, user_id: int) -> str | None:
        """The user's own secrets in words (None: the game shows them its own way)."""
        return self.show.hand(self.session, self.seat_of(user_id))

    # --- telling ---------------------------------------------------------------------------

    async def _tell(
        self,
        step: StepResult,
        notes: Sequence[Line] = (),
        force_new: bool = False,
        logged: int = -1,
        conflicts: int = 0,
        lapses: Sequence[Line] = (),
    ) -> None:
        """Commit the step in one transaction, then tell it. Decisions up to `logged`
        are in the store already (committed by another process: see `catch_up`)."""
        session = self.session
        await session.settle(step, self.show.executor())
        if self.days is not None:
            self.days.step(session, step, self.ctx.clock())
            turn_notices.skip_deciders(self.days, decided(step))
        self._note_asked(session)
        plan = self.show.plan(session, step, force_new)
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
            self.show.dropped()
            await self._catch_up_locked(conflicts + 1)
            return
        if self.days is not None:
            await self.days.save(self.ctx.store)  # before anything is posted
        if plan.deadline is None:
            self._close()
        else:
            live = self.days is None
            self.timer.start(session.seq, plan.deadline, self.timer_length, remind=live)
        plan.notes, plan.lapses = notes, lapses
        await self.show.publish(session, step, plan)
        self.told = session.seq
        if self.days is not None and not self.closed:
            await self._send_notices(session)

    # --- notices over days ------------------------------------------------------------------

    async def _send_notices(self, session: MatchSession) -> None:
        """The notices and reminders due now, each once; the next one is waited for."""
        assert self.days is not None
        if self._notice_task is not None and self._notice_task is not asyncio.current_task():
            self._notice_task.cancel()
        self._notice_task = None
        now = self.ctx.clock()
        before = self.days.clocks.dumps()
        later = await turn_notices.send_due(self, session, self.days, now, self.game.title)
        if self.days.clocks.dumps() != before:
            await self.days.save(self.ctx.store)
        if later is not None:
            wait = max(0.0, later - now.timestamp())
            self._notice_task = asyncio.create_task(
                self._notices_later(session.seq, wait), name=f"chicago-notices-{self.match_id}"
            )

    async def _notices_later(self, seq: int, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
            await self.wake()
            async with self.lock:
                if not self.closed and self.days is not None and self.session.seq == seq:
                    await self._send_notices(self.session)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: the notices of decision %s failed", self.match_id, seq)

    def _stop_notices(self) -> None:
        task, self._notice_task = self._notice_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # --- vacations over days ----------------------------------------------------------------

    async def go_away(self, user_id: int, days: int) -> str:
        """`/chicago away`: the player's bank stops for `days` (once a match), told to the
        table; the private answer."""
        await self.wake()
        async with self.lock:
            seat = self.seat_of(user_id)
            if self.closed or self.session.over:
                return say(Verdict.OVER)
            if seat is None:
                return handover.NO_SEAT
            if self.days is None:
                return "This match is played live: its timer is per decision, with no vacations."
            now = self.ctx.clock()
            try:
                until = self.days.go_away(seat, days, now)
            except ValueError as exc:
                return str(exc)
            await self.days.save(self.ctx.store)
            session = self.session
            name = session.name(seat)
            back = int(until.timestamp())
            line = Line(NOTE, f"🏖 {name} is away until <t:{back}:f>: their clock is paused.")
            await self.show.say_now(session, line, picture=False)
            if seat in people_asked(session):
                deadline = self.days.deadline(session, now)
                await self.ctx.store.set_deadline(self.match_id, session.seq, deadline)
                self.show.resumed_deadline(deadline)
                self.timer.start(session.seq, deadline, self.timer_length, remind=False)
                await self._send_notices(session)
            return f"Your clock is paused until <t:{back}:f>; the table has been told."

    def bank_of(self, seat: int, now: datetime) -> str | None:
        """A seat's bank in words (None: a live match)."""
        return self.days.bank_words(seat, now) if self.days is not None else None

    # --- decisions another bot process committed -------------------------------------------

    async def catch_up(self) -> None:
        """Another bot process committed a decision of this match (the process running
        shard 0 takes the DM answers): tell it, and what follows, once."""
        async with self.lock:
            if not self.closed:
                await self._catch_up_locked()

    async def _catch_up_locked(self, conflicts: int = 0) -> None:
        """Rebuild the match as the channel last saw it, apply the logged decisions after
        it (another process's, then the computer seats' that follow), commit what is new
        and tell it all as one step."""
        stored = await self.ctx.store.load(self.match_id)
        if self.days is not None:  # the banks as the process that decided left them
            self.days = await DaysClock.load(self.ctx.store, self.days.pace, self.match_id)
        logged = [Applied(d.seq, d.seat, d.decision, d.actor) for d in stored.full_log]
        end = logged[-1].seq + 1 if logged else 0
        current, told = self._session, self.told
        if told == end and (current is None or current.seq == told):
            return  # nothing this process has not told
        self.touch()
        if told is None or told > end:
            await self._reload_and_resume()
            return
        session = None
        if told <= end:
            if current is not None and current.seq == told and len(current.log) == told:
                session = current
            else:
                session = await session_at(self.ctx.store, self._record, stored, told)
        if session is None:
            await self._reload_and_resume()
            return
        try:
            step = session.adopt([entry for entry in logged if entry.seq >= told])
        except IllegalDecision as exc:
            log.warning("match %s: logged decisions from %s do not apply (%s)",
                        self.match_id, told, exc)  # fmt: skip
            await self._reload_and_resume()
            return
        self._session = session
        self._count_timeouts(session)
        log.info("match %s: decisions %s-%s taken by another bot process told",
                 self.match_id, told, end - 1)  # fmt: skip
        await self._tell(step, logged=end - 1, conflicts=conflicts)

    async def _reload_and_resume(self) -> None:
        """The match as the store has it, prompt and timer put back (in the lock)."""
        self._session = await load_session(self.ctx.store, self._record)
        self._count_timeouts(self._session)
        self.show.forget()
        await self._resume_locked(tell_missed=False)

    def _close(self) -> None:
        self.timer.cancel()
        self._stop_notices()
        self.closed = True
        self.show.closed()
        self.ctx.registry.drop(self)

    # --- timers ----------------------------------------------------------------------------

    async def _expire(self, seq: int) -> None:
        """The decision's time ran out: the safe default, said in the channel."""
        await self.wake()
        async with self.lock:
            session = self.session
            if not self.closed and session.seq > seq and self.told == seq:
                # Reloaded after being idle, with a decision another process committed.
                await self._catch_up_locked()
                return
            if self.closed or session.seq != seq or session.over:
                return
            late = [a.seat for a in session.asked() if not session.is_computer(a.seat)]
            only = None
            if self.days is not None:
                # Over days each seat has its own bank: only those that ran out.
                now = self.ctx.clock()
                only = late = self.days.out_of_time(session, now)
                if not late:  # a vacation moved the deadline since the timer was set
                    deadline = self.days.deadline(session, now)
                    self.timer.start(seq, deadline, self.timer_length, remind=False)
                    return
            label = self.show.labeller(session)
            step = session.expire(seq, only)
            if not step.ok:
                return
            notes, lapses = [], []
            for seat in dict.fromkeys(late):
                made = next((a for a in step.applied if a.seat == seat and a.actor == TIMER), None)
                if made is None:
                    continue
                name = session.name(seat)
                lapse = Line(NOTE, f"⏱ {name} ran out of time: {label(made)}.")
                notes.append(lapse)
                lapses.append(lapse)
                if handover.timed_out(self.timeouts, seat) and self.player_of(seat):
                    merge_into(step, handover.hand(session, self.seats, self.timeouts, seat))
                    notes.append(Line(NOTE, handover.timed_out_line(name)))
                    await self._store_seats()
            await self._tell(step, notes, lapses=lapses)

    async def _remind(self, seq: int) -> None:
        await self.wake()
        async with self.lock:
            session = self.session
            deadline = self.timer.deadline
            if self.closed or session.seq != seq or session.over or deadline is None:
                return
            await self.show.remind(session, seq, deadline)

    # --- seats: handed to a computer and taken back ----------------------------------------

    async def _store_seats(self) -> None:
        await self.ctx.store.set_seats(self.match_id, self.seats)

    async def take_back(self, user: discord.abc.User) -> tuple[bool, str]:
        """`/chicago join` during the match: a player takes their seat back."""
        await self.wake()
        async with self.lock:
            seat = self.seat_of(user.id)
            refused = handover.take_back(self.session, self.seats, self.timeouts, seat)
            if refused is not None or seat is None:
                return False, refused or handover.NOT_SEATED
            await self._store_seats()
            back = Line(NOTE, handover.back_line(self.session.name(seat)))
            await self.show.say_now(self.session, back, picture=False)
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
            step = handover.hand(self.session, self.seats, self.timeouts, seat)
            await self._store_seats()
            left = Line(NOTE, handover.left_line(name))
            if step.applied or step.result is not None:
                await self._tell(step, [left])
            else:
                await self.show.say_now(self.session, left, picture=True)
            return True, handover.LEFT

    # --- ending ----------------------------------------------------------------------------

    async def end(self, user: discord.abc.User) -> None:
        """Ended by the host or a moderator: buttons removed, recorded as abandoned."""
        await self.wake()
        async with self.lock:
            if self.closed:
                return
            session = self.session
            self._close()
            await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
            await self.show.ended(session, user)

    async def gone(self) -> None:
        """The channel or thread was deleted: the match ends in the store, nothing is posted."""
        if self.closed:
            return
        self._close()
        await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)
        log.info("match %s: its channel %s is gone; match ended", self.match_id, self.channel_id)

    async def board(self) -> dict[str, Any]:
        """The table now, for `/chicago board` or a "Full board" click."""
        await self.wake()
        return await self.show.board(self.session)
