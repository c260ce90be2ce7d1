"""One match in one channel: its lock, its timer and everything it posts.

A click, a timer or a command becomes a call on the `MatchSession`; what the session
returns is committed to the store first and only then told in the channel. Each turn
reads as one message (board, narration, buttons) that is edited while the same player
keeps deciding; a new message (and a mention) comes when someone else must decide.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot import logs
from bot.discord_app import lobby, messages, trades
from bot.discord_app.history import match_summary
from bot.discord_app.shutdown import STOPPING
from bot.discord_app.timers import DecisionTimer
from bot.discord_app.views import computer_choice_view, decision_view, lobby_view, seq_of
from bot.narration import Line
from bot.render import render_png_async
from bot.session import COMPUTER, TIMER, Applied, MatchSession, StepResult, Verdict
from bot.store import (
    DecisionRecord,
    MatchRecord,
    MatchStatus,
    ResultRecord,
    SeatRecord,
    dump_setup,
    load_state,
    snapshot_due,
    snapshot_of,
)
from engine import NOBODY, Pending
from engine.events import Event

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")

TIMEOUTS_BEFORE_COMPUTER = 3
COMPUTERS_OFF = "This server does not allow computer players; invite a friend instead."
HANDED_LEVEL = "normal"
BOARD = "board.png"
TURN_HEADER = "— Round "  # how the narrator opens a turn
POSTS_PER_WINDOW = 5
WINDOW = timedelta(seconds=5)


class ChannelGone(Exception):
    """The match's channel or thread no longer exists (or the bot was removed from it)."""


@dataclass(slots=True)
class Prompt:
    """The message asking for the pending decision, and what it shows."""

    message_id: int
    seq: int
    seat: int
    pending: Pending
    lines: list[Line] = field(default_factory=list)
    image: bool = False
    resumed: bool = False  # found after a restart: its narration is not known, so not edited


def split_at_turn(lines: Sequence[Line]) -> tuple[list[Line], list[Line]]:
    """The lines that finish the turn under way, and those from the next turn's header on."""
    for i, line in enumerate(lines):
        if line.text.startswith(TURN_HEADER):
            return list(lines[:i]), list(lines[i:])
    return list(lines), []


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
        self._posts: deque[datetime] = deque()
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
            seat: self.session.timeouts_running(seat)
            for seat in range(len(state.sides))
            if seat not in controllers
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
                await self._finish(StepResult(Verdict.APPLIED, result=session.result))
                return
            posted = (await self.store.messages(self.match_id)).get("prompt")
            current = await self._fetch_prompt_seq(posted)
            pending = session.pending
            if current == session.seq and posted is not None:
                self.prompt = Prompt(posted, session.seq, pending.seat, pending, [], True, True)
            else:
                step = StepResult(Verdict.APPLIED, pending=pending, turns_ended=1)
                await self._publish(step, force_new=True)
                return
            timer = await self.store.deadline(self.match_id)
            if timer is not None and timer[0] == session.seq:
                deadline = timer[1]
                left = deadline - self.bot.clock()
                # Past half time the reminder was already posted: it is not posted again.
                remind = left > self.timer_length / 2
                self.timer.start(session.seq, deadline, self.timer_length, remind)
            else:
                await self._start_timer(session.seq)

    async def _fetch_prompt_seq(self, message_id: int | None) -> int | None:
        if message_id is None:
            return None
        try:
            channel = await self._channel()
            message = await channel.fetch_message(message_id)
        except discord.NotFound:
            return None
        return seq_of(message.components)

    # --- the lobby ------------------------------------------------------------------

    async def join(self, user: discord.abc.User, role: str) -> tuple[bool, str]:
        await self.wake()
        async with self.lock:
            if self.session is not None:
                return await self._take_back(user)
            seats = list(self.seats)
            problem = lobby.take_seat(self.settings, seats, role, user.display_name, user.id)
            if problem:
                return False, problem
            await self._set_seats(seats)
            word = "the police" if role == "police" else "a boss"
            return True, f"You joined as {word}."

    async def add_computer(self, user_id: int, role: str, level: str) -> tuple[bool, str]:
        async with self.lock:
            if self.session is not None:
                return False, "The match has already started."
            if user_id != self.record.host_id:
                return False, "Only the host can add computer players."
            if not self.settings.get("computers", True):
                return False, COMPUTERS_OFF
            seats = list(self.seats)
            problem = lobby.add_computer(self.settings, seats, role, level)
            if problem:
                return False, problem
            await self._set_seats(seats)
            return True, f"Added a {level} computer {'police' if role == 'police' else 'boss'}."

    async def remove_computer(self, user_id: int, index: int) -> tuple[bool, str]:
        """The host takes a computer player out of the lobby again."""
        async with self.lock:
            if self.session is not None:
                return False, "The match has already started."
            if user_id != self.record.host_id:
                return False, "Only the host can remove computer players."
            seats = list(self.seats)
            if not 0 <= index < len(seats) or seats[index].user_id is not None:
                return False, "That seat has changed since; open the menu again."
            removed = seats.pop(index)
            await self._set_seats(seats)
            return True, f"Removed {removed.name}."

    async def leave(self, user_id: int) -> tuple[bool, str]:
        await self.wake()
        async with self.lock:
            seat = self.seat_of(user_id)
            if seat is None:
                return False, "You have no seat in this match."
            if self.session is None:
                seats = [s for s in self.seats if s.user_id != user_id]
                await self._set_seats(seats)
                return True, "You left the lobby."
            if self.seats[seat].controller != "user":
                return False, "A computer already plays your seat; `/chicago join` takes it back."
            name = self.session.name(seat)
            note = f"🤖 {name} left the table: a computer plays their seat now."
            await self._hand_to_computer(seat, note)
            return True, "A computer plays your seat now. `/chicago join` takes it back."

    async def computer_menu(self, user_id: int) -> tuple[bool, str, discord.ui.View | None]:
        if self.session is not None:
            return False, "The match has already started.", None
        if user_id != self.record.host_id:
            return False, "Only the host can add computer players.", None
        if not self.settings.get("computers", True):
            return False, COMPUTERS_OFF, None
        return True, "Which computer player?", computer_choice_view(self.match_id, self.seats)

    def lobby_message(self, note: str = "") -> dict[str, Any]:
        return {
            "embed": messages.lobby_embed(self.record.host_id, self.settings, self.seats, note),
            "view": lobby_view(self.match_id),
        }

    async def refresh_lobby(self) -> None:
        lobby_id = (await self.store.messages(self.match_id)).get("lobby")
        if lobby_id is not None:
            await self._edit(lobby_id, **self.lobby_message())

    async def _set_seats(self, seats: list[SeatRecord]) -> None:
        await self.store.set_seats(self.match_id, seats)
        self.record.seats = seats

    async def start(self, user_id: int) -> tuple[bool, str]:
        """Deal seats and characters by the seed and play until a person must decide."""
        async with self.lock:
            if self.session is not None:
                return False, "The match has already started."
            if user_id != self.record.host_id:
                return False, f"Only the host (<@{self.record.host_id}>) can start the match."
            problem = lobby.start_problem(self.settings, self.seats)
            if problem:
                return False, problem
            setup = lobby.build_setup(self.settings, self.record.seed, self.seats)
            session, step = MatchSession.new(setup)
            ordered = lobby.in_engine_order(session.state, self.seats)
            await self._set_seats(ordered)
            await self.store.start_match(self.match_id, dump_setup(setup))
            self.record.status = MatchStatus.RUNNING
            self.session = session
            await self._commit(step)
            lobby_id = (await self.store.messages(self.match_id)).get("lobby")
            if lobby_id is not None:
                started = messages.started_embed(
                    self.record.host_id, self.settings, session.state, self.seats
                )
                await self._edit(lobby_id, embed=started, view=None)
            dealt = "; ".join(messages.dealt_lines(session.state, self.seats))
            self.notes.append(Line(NOBODY, f"The seed deals the seats: {dealt}."))
            state = session.state
            first = state.sides[state.turn.seat].name
            self.notes.append(
                Line(state.turn.seat, f"{TURN_HEADER}{state.round}: {first}'s turn —")
            )
            await self._publish(step, force_new=True)
            return True, "The match has started."

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
            await self._commit(step)
            await self._publish(step)
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
            label = self._label(step.applied[0]) if step.applied else "the safe choice"
            name = session.name(seat)
            self.timeout_note = Line(NOBODY, f"⏱ {name} ran out of time: {label}.")
            self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
            if self.timeouts[seat] >= TIMEOUTS_BEFORE_COMPUTER and self.player_of(seat):
                step = merge(step, self._hand(seat))
                self.notes.append(
                    Line(
                        NOBODY,
                        f"🤖 {name} timed out {TIMEOUTS_BEFORE_COMPUTER} times running: a "
                        "computer plays their seat now. `/chicago join` takes it back.",
                    )
                )
                await self._set_seats(self.seats)
            await self._commit(step)
            await self._publish(step)

    def _hand(self, seat: int) -> StepResult:
        assert self.session is not None
        self.seats[seat].controller = HANDED_LEVEL
        self.timeouts[seat] = 0
        return self.session.hand_to_computer(seat, HANDED_LEVEL)

    async def _hand_to_computer(self, seat: int, note: str) -> None:
        step = self._hand(seat)
        await self._set_seats(self.seats)
        self.notes.append(Line(NOBODY, note))
        await self._commit(step)
        if step.applied or step.result is not None:
            await self._publish(step)

    async def _take_back(self, user: discord.abc.User) -> tuple[bool, str]:
        seat = self.seat_of(user.id)
        if seat is None:
            return False, "The match has started; new players can join the next one."
        if self.seats[seat].controller == "user":
            return False, "You are already playing your seat."
        assert self.session is not None
        self.session.take_back(seat)
        self.seats[seat].controller = "user"
        self.timeouts[seat] = 0
        await self._set_seats(self.seats)
        self.notes.append(Line(NOBODY, f"👋 {self.session.name(seat)} is back at the table."))
        return True, "You have your seat back."

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
            message = await self._send(content=text)
            self.reminder_id = message.id
            await self.store.set_message(self.match_id, "reminder", message.id)

    # --- committing and telling ----------------------------------------------------------

    async def _commit(self, step: StepResult) -> None:
        """Every applied decision in one transaction, before anything is posted."""
        if not step.applied:
            return
        assert self.session is not None
        records = [DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied]
        snapshot = None
        if any(snapshot_due(a.seq) for a in step.applied):
            snapshot = snapshot_of(self.session.state)
        await self.store.append_decisions(self.match_id, records, snapshot)

    def _label(self, applied: Applied) -> str:
        if applied.decision.startswith("trade:") and self.session is not None:
            return trades.proposal_label(self.session.state, applied.decision)
        prompt = self.prompt
        if prompt is not None and prompt.seq == applied.seq:
            options = prompt.pending.options
            option = next((o for o in options if o.decision == applied.decision), None)
            if option is not None:
                assert self.session is not None
                return messages.option_label(self.session.state, prompt.pending, option)
        return applied.decision

    async def _start_timer(self, seq: int) -> None:
        deadline = self.bot.clock() + self.timer_length
        await self.store.set_deadline(self.match_id, seq, deadline)
        self.timer.start(seq, deadline, self.timer_length)

    async def _publish(self, step: StepResult, force_new: bool = False) -> None:
        """Tell a committed step: edit the prompt while the same player decides on in the
        same turn, else close it and post the next one (board included after a turn)."""
        session = self.session
        assert session is not None
        self.board_events += step.events
        computers = [a for a in step.applied if a.actor == COMPUTER]
        if computers and self.bot.settings.computer_delay > 0:
            await asyncio.sleep(self.bot.settings.computer_delay)
        await self._drop_reminder()
        await trades.settle_offer(self)
        lines = self.notes + step.lines
        self.notes = []
        if step.result is not None or session.pending is None:
            await self._finish(step, lines)
            return
        pending = session.pending
        seq = session.seq
        await self._start_timer(seq)
        prev = self.prompt
        same = (
            not force_new
            and prev is not None
            and prev.seat == pending.seat
            and not prev.resumed
            and step.turns_ended == 0
            and not computers
        )
        timeout_note, self.timeout_note = self.timeout_note, None
        if same and prev is not None:
            shown = prev.lines + ([timeout_note] if timeout_note else []) + lines
            body = self._prompt_body(pending, shown, BOARD if prev.image else None)
            if prev.image and step.events:
                # The picture must show what the text now tells (a roll, a move).
                body["attachments"] = [await self._board_file(keep_events=True)]
            await self._edit(prev.message_id, **body)
            self.prompt = Prompt(prev.message_id, seq, pending.seat, pending, shown, prev.image)
            return
        if prev is not None:
            head, lines = split_at_turn(lines)
            await self._close(prev, step.applied, prev.lines + head)
        image = step.turns_ended > 0 or prev is None
        body = self._prompt_body(pending, lines, BOARD if image else None)
        if image:
            body["file"] = await self._board_file()
        await trades.deliver_offer(self, pending, body)
        message = await self._send(**body)
        self.prompt = Prompt(message.id, seq, pending.seat, pending, lines, image)
        await self.store.set_message(self.match_id, "prompt", message.id)

    def _prompt_body(
        self, pending: Pending, lines: Sequence[Line], image: str | None
    ) -> dict[str, Any]:
        session = self.session
        assert session is not None
        state = session.state
        player = self.player_of(pending.seat)
        content = messages.prompt_content(
            player, session.name(pending.seat), pending, self.timer.deadline
        )
        embed = messages.turn_embed(
            state, self.seats, lines, messages.situation(state, pending), image
        )
        view = decision_view(self.match_id, session.seq, state, pending)
        return {"content": content, "embed": embed, "view": view}

    async def _board_file(self, keep_events: bool = False) -> discord.File:
        """The board now. `keep_events`: the turn goes on in this message, so the next
        picture still lists what happened since the turn's first one."""
        assert self.session is not None
        png = await render_png_async(self.session.state, self.board_events)
        if not keep_events:
            self.board_events = []
        return discord.File(io.BytesIO(png), filename=BOARD)

    async def _close(
        self, prompt: Prompt, applied: Sequence[Applied], lines: Sequence[Line] | None = None
    ) -> None:
        """The passed prompt loses its buttons and says what was chosen; given the lines
        that finish its turn, its story is completed too (so a message is one turn)."""
        assert self.session is not None
        mine = next((a for a in applied if a.seq == prompt.seq), None)
        name = self.session.name(prompt.seat)
        if mine is None:
            text = f"**{name}** — this choice has passed."
        elif mine.actor == TIMER:
            text = f"⏱ **{name}** ran out of time: {self._label(mine)}."
        elif mine.actor == COMPUTER:
            text = f"🤖 **{name}**: {self._label(mine)}."
        else:
            text = f"✅ **{name}**: {self._label(mine)}."
        if lines is None or prompt.resumed:
            await self._edit(prompt.message_id, content=text, view=None)
            return
        image = BOARD if prompt.image else None
        embed = messages.turn_embed(self.session.state, self.seats, lines, "", image)
        await self._edit(prompt.message_id, content=text, embed=embed, view=None)

    async def _finish(self, step: StepResult, lines: Sequence[Line] = ()) -> None:
        """The final standings and board; the match is recorded as finished."""
        session = self.session
        assert session is not None
        self.timer.cancel()
        state = session.state
        result = state.result
        if self.prompt is not None:
            await self._close(self.prompt, step.applied)
            self.prompt = None
        if result is not None:
            await self.store.finish(
                self.match_id,
                MatchStatus.FINISHED,
                ResultRecord(
                    result.winner, str(result.reason), list(result.scores), state.round, session.seq
                ),
            )
        else:
            await self.store.finish(self.match_id, MatchStatus.ABANDONED)
        await self.store.set_deadline(self.match_id, session.seq, None)
        self.closed = True
        self.bot.router.forget(self)
        file = await self._board_file()
        embed = messages.final_embed(state, lines, BOARD)
        summary = await match_summary(self.store, self.record, state, session.log)
        await self._send(
            content="🏁 The match is over.",
            embeds=[embed, *summary.embeds],
            files=[file, *summary.files],
            **({"view": summary.view} if summary.view is not None else {}),
        )

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
                await self._edit(self.prompt.message_id, view=None)
            lobby_id = (await self.store.messages(self.match_id)).get("lobby")
            if self.session is None and lobby_id is not None:
                await self._edit(lobby_id, view=None)
            await self._drop_reminder()
            embed = None
            if self.session is not None:
                embed = messages.status_embed(self.session.state, self.seats, None)
                embed.title = "Where the match stood"
            await self._send(content=f"🛑 The match was ended by {user.mention}.", embed=embed)

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
        session = self.session
        if session is None:
            return {"embed": messages.lobby_embed(self.record.host_id, self.settings, self.seats)}
        png = await render_png_async(session.state, [])
        embed = messages.status_embed(session.state, self.seats, BOARD)
        return {"embed": embed, "file": discord.File(io.BytesIO(png), filename=BOARD)}

    # --- the channel ------------------------------------------------------------------

    async def _channel(self) -> discord.abc.Messageable:
        channel = self.bot.get_channel(self.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(self.channel_id)
            except (discord.NotFound, discord.Forbidden) as exc:
                raise ChannelGone(str(exc)) from exc
        if not isinstance(channel, discord.abc.Messageable):
            raise ChannelGone(f"channel {self.channel_id} cannot hold messages")
        return channel

    async def _send(self, **kwargs: Any) -> discord.Message:
        await self._throttle()
        channel = await self._channel()
        try:
            return await channel.send(**kwargs)
        except discord.NotFound as exc:
            raise ChannelGone(str(exc)) from exc

    async def _edit(self, message_id: int, **kwargs: Any) -> None:
        channel = await self._channel()
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            await partial.edit(**kwargs)
        except discord.NotFound:
            log.info("match %s: message %s was deleted; not edited", self.match_id, message_id)

    async def _drop_reminder(self) -> None:
        if self.reminder_id is None:
            return
        reminder, self.reminder_id = self.reminder_id, None
        channel = await self._channel()
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(reminder).delete()  # type: ignore[attr-defined]
        await self.store.set_message(self.match_id, "reminder", None)

    async def _throttle(self) -> None:
        """At most 5 new messages per 5 seconds in the channel (Discord's limit)."""
        now = self.bot.clock()
        while self._posts and now - self._posts[0] >= WINDOW:
            self._posts.popleft()
        if len(self._posts) >= POSTS_PER_WINDOW:
            wait = (self._posts[0] + WINDOW - now).total_seconds()
            if wait > 0:
                await asyncio.sleep(wait)
            self._posts.popleft()
        self._posts.append(self.bot.clock())
