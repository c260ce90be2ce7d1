"""A running match of a game other than Chicago 1927 (Turf), in one channel.

The same platform as a Chicago match: the generic `MatchSession` decides, the store
commits each step in one transaction before anything is posted, one timer per question,
seats handed to a computer after repeated timeouts, and a restart resumes from the
store. What it shows comes from the game's `Presenter`: buttons only for what the whole
table may know, a private list (ephemeral, or by DM) for a hand or a secret choice.

Several seats may be asked at once (both sides of a confrontation choose in secret):
one prompt message names everyone asked, and each asked seat's buttons carry the
number its question was first asked at, so a choice made by one side never makes the
other side's buttons stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

from bot.discord_app import seat_handover as handover
from bot.discord_app.custom_ids import game_id, private_id, select_id
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import QUIET, asking
from bot.discord_app.table import OpenTable
from bot.discord_app.timers import DecisionTimer
from bot.discord_app.views import ChicagoButton, ChicagoSelect, rematch_button
from bot.games import Game
from bot.games.presenter import Choice, Presenter
from bot.games.presenters import PRESENTERS
from bot.registry import game_named
from bot.session import TIMER, Applied, MatchSession, StepResult, merge_into
from bot.store import (
    DecisionRecord,
    MatchRecord,
    MatchStatus,
    MatchStore,
    ResultRecord,
    SideResult,
    StepWrite,
    load_match,
)
from bot.telling import Line
from bot.verdicts import Verdict, say
from engine.chicago import IllegalDecision

log = logging.getLogger("chicago.bot")

PROMPT = "prompt"  # store: the message asking the open questions
TOLD = "told"  # store: how many logged decisions the channel has been told
PICTURE = "turf.png"
MAX_LINES = 14  # narration lines in one message; older ones are summarised
MAX_BUTTONS = 20


def dm_note(seat: int, seq: int) -> str:
    """The store's name for the DM that asked `seat` the question asked at `seq`."""
    return f"dm:{seat}:{seq}"


def dm_key(purpose: str) -> tuple[int, int] | None:
    parts = purpose.split(":")
    if len(parts) != 3 or parts[0] != "dm" or not (parts[1].isdigit() and parts[2].isdigit()):
        return None
    return int(parts[1]), int(parts[2])


def game_of(record: MatchRecord) -> Game:
    return game_named(record.settings.get("game"))


async def stored_session(
    store: MatchStore, record: MatchRecord, upto: int | None = None
) -> MatchSession:
    """A running match rebuilt from the store, replayed once from its setup so each open
    question keeps the number it was first asked at (`upto`: only its first so many
    decisions). A logged decision this release refuses is set aside by the store's own
    restore (as for Chicago 1927) and play goes on from the state before it."""
    game = game_of(record)
    stored = await store.load(record.match_id)
    if stored.setup_json is None:
        raise ValueError(f"match {record.match_id} has no setup")
    setup = game.load_setup(stored.setup_json)
    logged = [Applied(d.seq, d.seat, d.decision, d.actor) for d in stored.full_log][:upto]
    controllers = {
        i: s.controller for i, s in enumerate(record.seats) if s.user_id and s.controller != "user"
    }
    try:
        return MatchSession.replayed(game, setup, logged, controllers)
    except IllegalDecision:
        state, _ = await load_match(store, record.match_id)
        kept = [entry for entry in logged if entry.seq < game.seq(state)]
        return MatchSession.replayed(game, setup, kept, controllers)


class GameTable(OpenTable):
    """One running match of a game told through a `Presenter`."""

    def __init__(self, ctx: MatchContext, record: MatchRecord, session: MatchSession) -> None:
        super().__init__(ctx, record)
        self.game = session.game
        self.presenter: Presenter = PRESENTERS[self.game.key]
        self.session = session
        self.timer = DecisionTimer(ctx.clock, self._remind, self._expire, record.match_id)
        self.prompt_id: int | None = None
        self.dms: set[tuple[int, int]] = set()  # (seat, asked at) already sent by DM
        self.timeouts: dict[int, int] = {}
        self.reminded: int | None = None
        self.prompt_lines: list[str] = []  # what the prompt tells so far (edited in place)
        self.prompt_asks: tuple[int, ...] = ()  # the people it asks
        self.told: int | None = None  # logged decisions the channel was told (None: unknown)

    # --- reading -------------------------------------------------------------------------

    @property
    def timer_length(self) -> timedelta:
        return self.settings.timer_length

    @property
    def asleep(self) -> bool:
        return False

    def player_of(self, seat: int) -> int | None:
        record = self.seats[seat]
        return record.user_id if record.controller == "user" else None

    def where(self) -> str:
        return self.link(self.prompt_id)

    async def wake(self) -> None:
        self.touch()

    def sleep(self) -> bool:
        return False

    # --- loading and resuming --------------------------------------------------------------

    @classmethod
    async def load(cls, ctx: MatchContext, record: MatchRecord) -> GameTable:
        """The match rebuilt from its setup and its whole log (each open question keeps
        the number it was first asked at, so buttons posted before a restart count)."""
        session = await stored_session(ctx.store, record)
        session.hold_slow = True
        table = cls(ctx, record, session)
        posted = await ctx.store.messages(record.match_id)
        table.prompt_id = posted.get(PROMPT)
        table.told = posted.get(TOLD)
        table.dms = {sent for key in posted if (sent := dm_key(key)) is not None}
        return table

    async def resume(self) -> None:
        """After a restart: the prompt stays when it is still there (its buttons carry
        the numbers their questions were asked at, which the rebuilt match keeps), else
        a fresh one is posted; the timer goes on with the time it had left."""
        async with self.lock:
            if self.closed:
                return
            if self.session.over:
                await self._tell(StepResult(Verdict.APPLIED, result=self.session.result))
                return
            if await self._tell_missed():
                return
            found = self.prompt_id is not None and await self.channel.fetch(self.prompt_id)
            if not found:
                self.prompt_id = None
                await self._post(StepResult(Verdict.APPLIED, asked=self.session.asked()))
            # The next step starts a new message: what this one told is not known now.
            self.prompt_asks = ()
            timer = await self.ctx.store.deadline(self.match_id)
            if timer is not None and timer[0] == self.session.seq:
                self.timer.start(self.session.seq, timer[1], self.timer_length, remind=False)
            else:
                deadline = self.ctx.clock() + self.timer_length
                await self.ctx.store.set_deadline(self.match_id, self.session.seq, deadline)
                self.timer.start(self.session.seq, deadline, self.timer_length)

    async def _tell_missed(self) -> bool:
        """Decisions logged but never told in the channel (a DM answer another process
        took while this one was down, a click committed just before a crash) are told
        now, from the match as the channel last saw it; returns whether any were."""
        told = self.told
        missed = self.session.log[told:] if told is not None else []
        if not missed:
            return False
        earlier = await stored_session(self.ctx.store, self._record, upto=told)
        if len(earlier.log) != told:
            return False  # the log could not be rebuilt that far: resume as it stands
        earlier.hold_slow = True
        self.session = earlier
        self.prompt_asks = ()  # a new prompt: the one posted before asked other things
        log.info("match %s: decisions told after a restart: %d", self.match_id, len(missed))
        await self._tell(earlier.adopt(missed))
        return True

    async def catch_up(self) -> None:
        """Decisions another bot process committed (a DM answer that reached the process
        running shard 0) are told here, once, and the match plays on."""
        async with self.lock:
            if self.closed:
                return
            stored = await self.ctx.store.load(self.match_id)
            known = len(self.session.log)
            new = [
                Applied(d.seq, d.seat, d.decision, d.actor)
                for d in stored.full_log
                if d.seq >= known
            ]
            if not new:
                return
            step = self.session.adopt(new)
            await self._tell(step)

    async def recover(self) -> None:
        """After an unexpected error: the match as the store has it."""
        fresh = await GameTable.load(self.ctx, self._record)
        self.session = fresh.session
        await self.resume()

    async def begin(self, step: StepResult, notes: list[Line]) -> None:
        async with self.lock:
            await self._tell(step, notes)

    # --- deciding ------------------------------------------------------------------------------

    def playing(self, user_id: int) -> int | None:
        """The seat this user decides for now (None: not theirs, or a computer's now)."""
        seat = self.seat_of(user_id)
        return seat if seat is not None and self.player_of(seat) == user_id else None

    def refusal(self, user_id: int, seq: int, decision: str) -> str | None:
        """Why this user's click on decision `seq` does not count, or None."""
        if self.ctx.stopping():
            return say(Verdict.STOPPING)
        if self.closed:
            return say(Verdict.OVER)
        refused = self.session.check(self.playing(user_id), decision, seq, str(user_id))
        if refused is None:
            return None
        if refused.verdict is Verdict.WRONG_SEAT:
            asked = self.session.asked()
            people = [self._mention(a.seat) for a in asked]
            return say(Verdict.WRONG_SEAT, waiting=" and ".join(dict.fromkeys(people)))
        return refused.message

    async def decide(self, user_id: int, seq: int, decision: str) -> str | None:
        """Apply a click; returns a private reply when it did not count."""
        async with self.lock:
            refused = self.refusal(user_id, seq, decision)
            if refused is not None:
                return refused
            seat = self.playing(user_id)
            assert seat is not None
            step = self.session.decide(seat, decision, seq, str(user_id))
            if not step.ok:
                return step.message
            self.timeouts[seat] = 0
            await self._tell(step)
            return None

    async def offer(self, user_id: int, decision: str) -> str:
        """A decision the player makes unasked (a Turf deal); the private answer."""
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
            return "Offer sent: they answer in private."

    def private_list(
        self, user_id: int, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]:
        """A private list for its own seat's player: the words and the choices, or why not
        (with no choices)."""
        if self.closed or self.session.over:
            return say(Verdict.OVER), []
        if self.playing(user_id) != seat:
            return "That choice belongs to another player.", []
        if self.session.asked_at(seat) != seq:
            return say(Verdict.STALE), []
        choices = self.presenter.private(self.session.state, seat, group)
        if not choices:
            return say(Verdict.STALE), []
        return self.presenter.private_note(self.session.state, seat, group), choices

    def private_view(self, seat: int, choices: Sequence[Choice]) -> discord.ui.View:
        seq = self.session.asked_at(seat)
        assert seq is not None
        view = discord.ui.View(timeout=None)
        view.add_item(ChicagoSelect(select_id(self.match_id, seq), choices))
        return view

    def hand(self, user_id: int) -> str:
        seat = self.seat_of(user_id)
        if seat is None:
            return (
                "You have no seat in this match, so you hold no hand. "
                "`/chicago board` shows the table."
            )
        return self.presenter.hand(self.session.state, seat)

    # --- telling -------------------------------------------------------------------------------

    async def _tell(self, step: StepResult, notes: Sequence[Line] = ()) -> None:
        """Commit the step in one transaction, then tell it."""
        session = self.session
        await session.settle(step)
        over = session.over
        deadline = None if over else self.ctx.clock() + self.timer_length
        write = StepWrite(
            decisions=[DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied],
            timer=(session.seq, deadline),
        )
        await self.ctx.store.commit_step(self.match_id, write)
        if over:
            await self._finish()
        elif deadline is not None and (step.applied or self.timer.seq != session.seq):
            self.reminded = None
            self.timer.start(session.seq, deadline, self.timer_length)
        await self._post(step, notes)

    async def _finish(self) -> None:
        self.timer.cancel()
        self.closed = True
        self.ctx.registry.drop(self)
        state = self.session.state
        placings = self.game.placings(state)
        winner = next((p.seat for p in placings if p.won), -1)
        scores: list[int | None] = [None] * len(self.seats)
        for p in placings:
            scores[p.seat] = p.score
        result = ResultRecord(
            self.game.key, winner, self.game.reason(state), scores,
            int(getattr(state, "round", 0)), self.session.seq,
        )  # fmt: skip
        await self.ctx.store.finish(self.match_id, MatchStatus.FINISHED, result)
        names = self.game.names(state)
        log = [(a.seat, a.decision) for a in self.session.log]
        facts = await asyncio.to_thread(self.game.side_facts, state, log)
        rows = [
            SideResult(
                match_id=self.match_id,
                seat=p.seat,
                game=self.game.key,
                name=names[p.seat],
                user_id=self.seats[p.seat].user_id,
                computer=self.seats[p.seat].computer,
                won=p.won,
                place=p.place,
                score=p.score,
                facts=facts[p.seat],
            )
            for p in placings
        ]
        await self.ctx.store.record_sides(self.match_id, rows)

    def _mention(self, seat: int) -> str:
        user = self.player_of(seat)
        return f"<@{user}>" if user is not None else self.session.name(seat)

    def _prompt(self, told: Sequence[str]) -> dict[str, Any]:
        """The message that tells what happened and asks everyone asked now."""
        session = self.session
        state = session.state
        told = list(told)
        if len(told) > MAX_LINES:
            told = [
                f"… {len(told) - MAX_LINES + 1} earlier lines in `/chicago board`",
                *told[-MAX_LINES + 1 :],
            ]
        view = discord.ui.View(timeout=None)
        asking_lines = []
        users: list[int | None] = []
        buttons = 0
        if session.over:
            asking_lines.append(f"🏁 **The match is over** — {self.game.ending(state)}.")
            asking_lines += [f"• {line}" for line in self.presenter.standings(state)]
            view.add_item(rematch_button(self.match_id))
            buttons += 1
        asked = session.asked()
        for seat in dict.fromkeys(a.seat for a in asked):
            seq = session.asked_at(seat)
            assert seq is not None
            computer = session.level(seat)
            who = self._mention(seat)
            what = self.presenter.asks(state, seat)
            if computer is not None:
                asking_lines.append(f"🤖 {who} is thinking ({what}).")
                continue
            users.append(self.player_of(seat))
            asking_lines.append(f"➡️ {who}: {what}.")
            # What can be done comes first; what cannot, greyed out, after it.
            choices = sorted(self.presenter.public(state, seat), key=lambda c: c.reason is not None)
            for choice in choices:
                if buttons >= MAX_BUTTONS:
                    break
                label = (
                    choice.label if choice.reason is None else f"{choice.label} — {choice.reason}"
                )
                view.add_item(
                    ChicagoButton(
                        game_id(self.match_id, seq, choice.decision),
                        label[:80],
                        disabled=choice.reason is not None,
                    )
                )
                buttons += 1
            for group in self.presenter.groups(state, seat):
                label = group.label if len(asked) == 1 else f"{group.label} ({session.name(seat)})"
                view.add_item(
                    ChicagoButton(
                        private_id(self.match_id, seq, seat, group.group),
                        label[:80], discord.ButtonStyle.primary, emoji="🔒",
                    )
                )  # fmt: skip
                buttons += 1
        content = "\n".join([*told, *asking_lines])[:1900] or "…"
        return {
            "content": content,
            "view": view if buttons else None,
            "allowed_mentions": asking(*users),
        }

    async def _post(
        self, step: StepResult, notes: Sequence[Line] = (), picture: bool | None = None
    ) -> None:
        """Tell a step. While the same people are asked and no turn closed, the prompt is
        edited in place (one message per turn, not one per click); otherwise the passed
        prompt is closed and a new one posted, with the picture when a turn closed or the
        match ended. Private lists go by DM to the seats that need them."""
        session = self.session
        state = session.state
        lines = [line.text for line in [*notes, *step.lines]]
        if picture is None:
            picture = bool(step.turns_ended or session.over or not step.applied)
        asks = self._asked_people()
        prompt_id = self.prompt_id
        if prompt_id is not None and not picture and asks == self.prompt_asks:
            self.prompt_lines += lines
            message = self._prompt(self.prompt_lines)
            message.setdefault("view", None)
            await self.channel.edit(prompt_id, **message)
        else:
            if self.prompt_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await self.channel.edit(self.prompt_id, view=None)
            self.prompt_lines = lines
            self.prompt_asks = asks
            message = self._prompt(lines)
            if picture:
                png = await asyncio.to_thread(self.presenter.picture, state, step.events)
                alt = self.presenter.alt_text(state, step.events)
                message["file"] = discord.File(
                    io.BytesIO(png), filename=PICTURE, description=alt[:1000]
                )
            if message["view"] is None:
                del message["view"]
            sent = await self.channel.send(**message)
            self.prompt_id = prompt_id = sent.id
        # What the channel has been told, so a restart tells only what it missed.
        self.told = len(session.log)
        await self.ctx.store.note_messages(self.match_id, {PROMPT: prompt_id, TOLD: self.told})
        if not session.over:
            await self._send_dms()

    def _asked_people(self) -> tuple[int, ...]:
        """Who the prompt asks now: the people with an open question (computers think
        without a prompt)."""
        asked = (self.player_of(a.seat) for a in self.session.asked())
        return tuple(sorted({u for u in asked if u is not None}))

    async def _send_dms(self) -> None:
        """Secret choices asked of a seat that is not playing its turn (a defender, a
        deal's receiver) go by DM; with DMs closed the channel's 🔒 button serves."""
        session = self.session
        for asked in session.asked():
            seat = asked.seat
            seq = session.asked_at(seat)
            user_id = self.player_of(seat)
            group = self.presenter.by_dm(session.state, seat)
            if group is None or seq is None or user_id is None or (seat, seq) in self.dms:
                continue
            self.dms.add((seat, seq))
            note, choices = self.private_list(user_id, seq, seat, group)
            if not choices:
                continue
            try:
                user = self.ctx.gateway.get_user(user_id) or await self.ctx.gateway.fetch_user(
                    user_id
                )
                sent = await user.send(
                    content=f"{note}\n(Match in {self.link(self.prompt_id)}.)",
                    view=self.private_view(seat, choices),
                    allowed_mentions=QUIET,
                )
                # Kept, so a restart does not send the same question twice.
                await self.ctx.store.note_messages(self.match_id, {dm_note(seat, seq): sent.id})
            except discord.HTTPException:
                log.info("match %s: DMs closed for seat %s", self.match_id, seat)
                await self.ctx.store.note_messages(self.match_id, {dm_note(seat, seq): 0})
                await self.channel.send(
                    content=(
                        f"📭 <@{user_id}>, I could not send you a direct message: press 🔒 "
                        f"on [the prompt]({self.where()}) to choose in private."
                    ),
                    allowed_mentions=asking(user_id),
                )

    # --- timers ------------------------------------------------------------------------------

    async def _remind(self, seq: int) -> None:
        async with self.lock:
            session = self.session
            if self.closed or session.seq != seq or self.reminded == seq:
                return
            people = [
                self.player_of(a.seat) for a in session.asked() if not session.is_computer(a.seat)
            ]
            users = [u for u in dict.fromkeys(people) if u is not None]
            deadline = self.timer.deadline
            if not users or deadline is None:
                return
            self.reminded = seq
            when = discord.utils.format_dt(deadline, "R")
            mentions = " ".join(f"<@{u}>" for u in users)
            await self.channel.send(
                content=f"⏰ {mentions}: decide {when} on [the prompt]({self.where()}).",
                allowed_mentions=asking(*users),
            )

    async def _expire(self, seq: int) -> None:
        async with self.lock:
            session = self.session
            if self.closed or session.seq != seq:
                return
            late = [a.seat for a in session.asked() if not session.is_computer(a.seat)]
            words = {
                seat: {c.decision: c.label for c in self.presenter.public(session.state, seat)}
                for seat in late
            }
            step = session.expire(seq)
            if not step.ok:
                return
            notes = []
            for seat in dict.fromkeys(late):
                made = next((a for a in step.applied if a.seat == seat and a.actor == TIMER), None)
                if made is None:
                    continue
                name = session.name(seat)
                label = words[seat].get(made.decision, "the safe choice")
                notes.append(Line(-1, f"⏱ {name} ran out of time: {label}."))
                if handover.timed_out(self.timeouts, seat) and self.player_of(seat):
                    merge_into(step, handover.hand(session, self.seats, self.timeouts, seat))
                    notes.append(Line(-1, handover.timed_out_line(name)))
                    await self.ctx.store.set_seats(self.match_id, self.seats)
            await self._tell(step, notes)

    # --- seats -------------------------------------------------------------------------------

    async def take_back(self, user: discord.abc.User) -> tuple[bool, str]:
        async with self.lock:
            seat = self.seat_of(user.id)
            refused = handover.take_back(self.session, self.seats, self.timeouts, seat)
            if refused is not None or seat is None:
                return False, refused or handover.NOT_SEATED
            await self.ctx.store.set_seats(self.match_id, self.seats)
            back = Line(-1, handover.back_line(self.session.name(seat)))
            await self._post(StepResult(Verdict.APPLIED), [back], picture=False)
            return True, handover.BACK

    async def leave(self, user_id: int) -> tuple[bool, str]:
        async with self.lock:
            seat = self.seat_of(user_id)
            refused = handover.leave_refusal(self.seats, seat)
            if refused is not None or seat is None:
                return False, refused or handover.NO_SEAT
            name = self.session.name(seat)
            step = handover.hand(self.session, self.seats, self.timeouts, seat)
            await self.ctx.store.set_seats(self.match_id, self.seats)
            await self._tell(step, [Line(-1, handover.left_line(name))])
            return True, handover.LEFT

    # --- ending ------------------------------------------------------------------------------

    async def end(self, user: discord.abc.User) -> None:
        async with self.lock:
            if self.closed:
                return
            await self.gone()
            if self.prompt_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await self.channel.edit(self.prompt_id, view=None)
            standing = "\n".join(
                f"• {line}" for line in self.presenter.standings(self.session.state)
            )
            await self.channel.send(
                content=f"🛑 The match was ended by {user.mention}.\nWhere it stood:\n{standing}",
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def gone(self) -> None:
        """The match ends unfinished (its channel is gone, or someone ended it)."""
        if self.closed:
            return
        self.timer.cancel()
        self.closed = True
        self.ctx.registry.drop(self)
        await self.ctx.store.finish(self.match_id, MatchStatus.ABANDONED)

    async def board(self) -> dict[str, Any]:
        state = self.session.state
        png = await asyncio.to_thread(self.presenter.picture, state, [])
        alt = self.presenter.alt_text(state, [])
        lines = "\n".join(f"• {line}" for line in self.presenter.standings(state))
        return {
            "content": f"**{self.game.title}** — standings\n{lines}",
            "file": discord.File(io.BytesIO(png), filename=PICTURE, description=alt[:1000]),
        }
