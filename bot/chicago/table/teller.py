"""Chicago 1927's teller (`bot.discord_app.teller`): the prompt, the board, the
reminder, the DM offer and the private trade screens of one running match, owned here
and nowhere else.

Each turn reads as one message (board, narration, buttons) that is edited while the same
player keeps deciding; a new message (and a mention) comes when someone else must
decide, and the passed one is closed with what was chosen. `plan` says, before anything
is posted, what the step changes in the store — one durable transaction with the
decisions — and `publish` then carries it out. Message ids posted afterwards are noted
(`MatchStore.note_messages`); after a restart `restore` reads them all back, so the
reminder, the prompt and the DM offer are the same messages as before.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.chicago import side_rows
from bot.chicago.render.alt_text import alt_text
from bot.chicago.render.pool import worker_executor
from bot.chicago.table import messages
from bot.chicago.table.buttons import decision_view
from bot.chicago.table.offers import OfferPost
from bot.chicago.table.risks import risk_of
from bot.chicago.table.summary import match_summary
from bot.chicago.table.trade_views import TradeScreen
from bot.chicago.table.trades import proposal_label
from bot.discord_app.teller import Plan, TableView
from bot.games.presenter import Choice
from bot.session import COMPUTER, TIMER, Applied, MatchSession, StepResult
from bot.store import (
    DecisionRecord,
    MatchStatus,
    ResultRecord,
    StepWrite,
    snapshot_due,
    snapshot_of,
)
from bot.telling import NOBODY, TURN_HEADER, Line
from bot.verdicts import Verdict, say
from engine.chicago import DecisionKind, FightOrWithdrawFacts, Pending
from engine.chicago.events import RaidRound

FIGHT = DecisionKind.FIGHT_OR_WITHDRAW

BOARD = "board.png"
PROMPT = "prompt"  # store: the message asking the pending decision
PROMPT_SEQ = "prompt_seq"  # store: the decision number it asks
REMINDER = "reminder"  # store: the half-time reminder


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
    round_number: int = 0  # the round it was asked in: its footer keeps it once closed
    labels: dict[str, str] = field(default_factory=dict)  # decision → its button's words


@dataclass(frozen=True, slots=True)
class Shown:
    """How a planned step will be shown: whether the prompt is edited in place, the
    reminder it deletes and whether it settles the DM offer."""

    same_prompt: bool
    drop_reminder: int | None
    settle_offer: bool


def split_at_turn(lines: Sequence[Line]) -> tuple[list[Line], list[Line]]:
    """The lines that finish the turn under way, and those from the next turn's header on."""
    for i, line in enumerate(lines):
        if line.text.startswith(TURN_HEADER):
            return list(lines[:i]), list(lines[i:])
    return list(lines), []


def turn_closed(
    session: MatchSession, applied: Sequence[Applied], earlier: Sequence[Any]
) -> tuple[Any, list[Any]] | None:
    """The state when the turn under way closed within `applied` (replayed from the
    log), and the events since the last picture (`earlier`, then the step's up to
    there); None if it did not close."""
    if not applied:
        return None
    log = [(a.seat, a.decision) for a in session.log[: applied[0].seq]]
    events = list(earlier)
    try:
        state, _ = session.game.replay(session.state.setup, log)
        for made in applied:
            told = session.game.apply(state, made.seat, made.decision)
            events += told
            if session.game.closes_turn(told):
                return state, events
    except ValueError:  # a log the engine no longer replays: the picture stays as it was
        return None
    return None


def shown_labels(session: MatchSession, pending: Pending) -> dict[str, str]:
    """The words on each button of the prompt, as posted (a raid's soldiers counted
    before the raid), so a closed prompt repeats what the player clicked."""
    state = session.state
    return {o.decision: messages.option_label(state, pending, o) for o in pending.options}


class TurnPublisher:
    """Everything one running match shows in its channel and in DMs."""

    def __init__(self, match: TableView) -> None:
        self.ctx = match.ctx
        self.channel = match.channel
        self.match = match
        self.match_id = match.record.match_id
        self.offer = OfferPost(self.ctx, self.match_id, match.record.channel_id)
        self.prompt: Prompt | None = None
        self.reminder_id: int | None = None
        self.screens: dict[str, TradeScreen] = {}
        self.posted: tuple[int | None, int | None] = (None, None)  # the prompt's (id, seq)
        self.board_events: list[Any] = []
        self.deadline: datetime | None = None
        self.last_roll: tuple[int, int] | None = None  # the raid's, for its one message

    # --- after a restart -------------------------------------------------------------

    def executor(self) -> Executor | None:
        # Hard computer seats think in the bot's worker processes, off the event loop.
        return worker_executor()

    def prompt_message(self) -> int | None:
        prompt = self.prompt
        return prompt.message_id if prompt is not None else None

    def restore(self, session: MatchSession, posted: dict[str, int]) -> int | None:
        """Read back what the store says is posted; a prompt that asks the decision
        asked now is kept. Returns the decision number the channel last asked."""
        self.reminder_id = posted.get(REMINDER)
        self.offer.restore(posted)
        self.posted = (posted.get(PROMPT), posted.get(PROMPT_SEQ))
        prompt, prompt_seq = self.posted
        if prompt is not None and prompt_seq == session.seq and session.pending is not None:
            self.adopt(prompt, session)
        return prompt_seq

    def adopt(self, message_id: int, session: MatchSession) -> None:
        """The posted prompt is the one for the decision asked now: it stays."""
        pending = session.pending
        assert pending is not None
        self.prompt = Prompt(message_id, session.seq, pending.seat, pending, [], True, True)

    async def keep_prompt(self, session: MatchSession) -> bool:
        """The posted prompt stays if it asks the decision asked now; a stale one is
        closed."""
        prompt, prompt_seq = self.posted
        found = prompt is not None and await self.channel.fetch(prompt) is not None
        if prompt is not None and found and prompt_seq == session.seq:
            self.adopt(prompt, session)
            return True
        if prompt is not None and found:
            await self.close_stale(prompt)
        self.prompt = None
        return False

    def forget(self) -> None:
        self.prompt = None

    def may_sleep(self) -> bool:
        self._forget_expired()
        return not self.screens  # an open trade screen lives in memory only

    def slept(self) -> None:
        self.board_events = []

    def remind_again(self, left: timedelta) -> bool:
        # Past half time the reminder was already posted: it is not posted again.
        return left > self.match.timer_length / 2 and self.reminder_id is None

    def resumed_deadline(self, deadline: datetime) -> None:
        self.deadline = deadline

    def dropped(self) -> None:
        return None

    def closed(self) -> None:
        for screen in list(self.screens.values()):
            screen.finish()

    async def close_stale(self, message_id: int) -> None:
        """A prompt left from before a restart that asks a decision already made."""
        await self.channel.edit(
            message_id, content="This choice has passed.", view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )  # fmt: skip

    # --- planning and committing ----------------------------------------------------------

    def plan(self, session: MatchSession, step: StepResult, force_new: bool) -> Plan:
        """The step's store write (decisions, snapshot, next timer, messages it settles or
        edits) and how it will be shown, before anything is posted."""
        records = [DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied]
        snapshot = None
        if any(snapshot_due(a.seq) for a in step.applied):
            snapshot = snapshot_of(session.state, session.game)
        over = step.result is not None or session.pending is None
        deadline = None if over else self.ctx.clock() + self.match.timer_length
        settle = self.offer.settled_by(session)
        written: dict[str, int | None] = {}
        if self.reminder_id is not None:
            written[REMINDER] = None
        if settle:
            written.update(self.offer.forgotten())
        computers = any(a.actor == COMPUTER for a in step.applied)
        prev = self.prompt
        pending = session.pending
        usable = not over and not force_new and prev is not None and not prev.resumed
        same = (
            usable
            and prev is not None
            and pending is not None
            and step.turns_ended == 0
            and (
                (prev.seat == pending.seat and not computers)
                # One fight, one message: edited round by round, whoever is asked.
                or (prev.pending.kind is FIGHT and pending.kind is FIGHT)
            )
        )
        write = StepWrite(records, snapshot, (session.seq, deadline), written)
        return Plan(write, deadline, Shown(same, self.reminder_id, settle))

    # --- telling ----------------------------------------------------------------------

    async def publish(self, session: MatchSession, step: StepResult, plan: Plan) -> None:
        """Tell a committed step: edit the prompt while the same player decides on in the
        same turn, else close it and post the next one (board included after a turn). A
        lapse is told in an edited prompt: a closed one says who ran out of time itself."""
        shown: Shown = plan.shown
        lapses = plan.lapses
        earlier = list(self.board_events)
        self.board_events += step.events
        rolls = [e for e in step.events if isinstance(e, RaidRound)]
        if rolls:
            self.last_roll = (rolls[-1].attacker_roll, rolls[-1].defender_roll)
        if any(a.actor == COMPUTER for a in step.applied) and self.ctx.computer_delay > 0:
            await asyncio.sleep(self.ctx.computer_delay)
        await self._drop_reminder(shown.drop_reminder)
        if shown.settle_offer:
            await self.offer.settle(session)
        lines = [note for note in plan.notes if note not in lapses] + step.lines
        pending = session.pending
        if step.result is not None or pending is None:
            await self.finish(session, step, lines)
            return
        self.deadline = plan.deadline
        prev = self.prompt
        if shown.same_prompt and prev is not None:
            told = prev.lines + list(lapses[:1]) + lines
            body = self._prompt_body(session, pending, told, BOARD if prev.image else None)
            if prev.image and step.events:
                # The picture must show what the text now tells (a roll, a move).
                body["attachments"] = [await self._board_file(session, keep_events=True)]
            await self.channel.edit(prev.message_id, **body)
            self.prompt = Prompt(
                prev.message_id, session.seq, pending.seat, pending, told, prev.image,
                round_number=prev.round_number, labels=shown_labels(session, pending),
            )  # fmt: skip
            # Noted once the edit is out: after a crash before it, the prompt is re-posted.
            await self.ctx.store.note_messages(self.match_id, {PROMPT_SEQ: session.seq})
            return
        if prev is not None:
            head, lines = split_at_turn(lines)
            moment = None
            if prev.image and head and not prev.resumed:
                # Its story now ends with `head`: so must its picture. Asked on in the
                # same turn, that is now; else the moment the turn closed.
                moment = (
                    await asyncio.to_thread(turn_closed, session, step.applied, earlier)
                    if lines
                    else (session.state, self.board_events)
                )
            await self._close(session, prev, step.applied, head, moment)
        image = step.turns_ended > 0 or prev is None
        body = self._prompt_body(session, pending, lines, BOARD if image else None)
        if image:
            body["file"] = await self._board_file(session)
        noted: dict[str, int | None] = {}
        partner = self.match.player_of(pending.seat)
        if partner is not None:
            noted.update(await self.offer.deliver(session, pending, partner, plan.deadline, body))
            body["allowed_mentions"] = self.match.asking(partner)
        message = await self.channel.send(**body)
        self.prompt = Prompt(
            message.id, session.seq, pending.seat, pending, lines, image,
            round_number=session.state.round, labels=shown_labels(session, pending),
        )  # fmt: skip
        noted.update({PROMPT: message.id, PROMPT_SEQ: session.seq})
        await self.ctx.store.note_messages(self.match_id, noted)

    async def say_now(self, session: MatchSession, line: Line, picture: bool) -> None:
        """News with no decision of its own (a player back at the table, a seat handed
        over while another decides): told at once in the prompt, so nothing waits in
        memory to be told, and nothing is lost to a restart."""
        prompt = self.prompt
        pending = session.pending
        if prompt is None or prompt.resumed or pending is None or prompt.seq != session.seq:
            await self.channel.send(
                content=line.text, allowed_mentions=discord.AllowedMentions.none()
            )
            return
        prompt.lines.append(line)
        body = self._prompt_body(session, pending, prompt.lines, BOARD if prompt.image else None)
        await self.channel.edit(prompt.message_id, **body)

    def labeller(self, session: MatchSession) -> Callable[[Applied], str]:
        return lambda made: self.label(session, made)

    def label(self, session: MatchSession, applied: Applied) -> str:
        """What an applied decision was, in the words of the button that offered it."""
        if applied.decision.startswith("trade:"):
            return proposal_label(session.state, applied.decision)
        prompt = self.prompt
        if prompt is not None and prompt.seq == applied.seq:
            if applied.decision in prompt.labels:
                return prompt.labels[applied.decision]
            options = prompt.pending.options
            option = next((o for o in options if o.decision == applied.decision), None)
            if option is not None:
                return messages.option_label(session.state, prompt.pending, option)
        return applied.decision

    def _prompt_body(
        self, session: MatchSession, pending: Pending, lines: Sequence[Line], image: str | None
    ) -> dict[str, Any]:
        state = session.state
        player = self.match.player_of(pending.seat)
        banks = self.match.clock_line(session)
        content = messages.prompt_content(
            player, session.name(pending.seat), pending, None if banks else self.deadline
        )
        if banks:
            content += "\n" + banks
        situation = messages.situation(state, pending)
        facts = pending.facts
        if isinstance(facts, FightOrWithdrawFacts):
            situation = messages.fight_text(state, facts, self.last_roll)
        embed = messages.turn_embed(state, self.match.seats, lines, situation, image)
        view = decision_view(self.match_id, session.seq, state, pending)
        return {
            "content": content,
            "embed": embed,
            "view": view,
            "allowed_mentions": self.match.asking(player),
        }

    async def _board_png(self, session: MatchSession) -> tuple[bytes, str]:
        """The board now, with what happened since the turn's first picture, and its alt
        text."""
        state, events = session.state, self.board_events
        return await self.ctx.render(state, events), alt_text(state, events)

    async def _board_file(
        self,
        session: MatchSession,
        keep_events: bool = False,
    ) -> discord.File:
        """The board now. `keep_events`: the turn goes on in this message, so the next
        picture still lists what happened since the turn's first one."""
        png, described = await self._board_png(session)
        if not keep_events:
            self.board_events = []
        return discord.File(io.BytesIO(png), filename=BOARD, description=described)

    async def _close(
        self,
        session: MatchSession,
        prompt: Prompt,
        applied: Sequence[Applied],
        lines: Sequence[Line] = (),
        moment: tuple[Any, list[Any]] | None = None,
    ) -> None:
        """The passed prompt loses its buttons and its question; what was chosen is told
        in its story where it happened, after the lines that asked it and before `lines`,
        what the choice led to in the same turn (so a message is one turn, told in
        order). `moment`: the state and the events since the picture was drawn when its
        story ends, to draw its picture again from."""
        mine = next((a for a in applied if a.seq == prompt.seq), None)
        name = session.name(prompt.seat)
        if mine is None:
            text = f"**{name}** — this choice has passed."
        elif mine.actor == TIMER:
            text = f"⏱ **{name}** ran out of time: {self.label(session, mine)}."
        elif mine.actor == COMPUTER:
            text = f"🤖 **{name}**: {self.label(session, mine)}."
        else:
            text = f"✅ **{name}**: {self.label(session, mine)}."
        quiet = discord.AllowedMentions.none()
        if prompt.resumed:  # its story is not known after a restart: the answer goes on top
            await self.channel.edit(
                prompt.message_id, content=text, view=None, allowed_mentions=quiet
            )
            return
        image = BOARD if prompt.image else None
        told = [*prompt.lines, Line(NOBODY, text), *lines]
        embed = messages.turn_embed(
            session.state, self.match.seats, told, "", image, prompt.round_number or None
        )
        body: dict[str, Any] = {"content": None, "embed": embed, "view": None}
        if image and moment is not None:
            state, events = moment
            png = await self.ctx.render(state, events)
            picture = discord.File(io.BytesIO(png), BOARD, description=alt_text(state, events))
            body["attachments"] = [picture]
        await self.channel.edit(prompt.message_id, allowed_mentions=quiet, **body)

    async def finish(
        self, session: MatchSession, step: StepResult, lines: Sequence[Line] = ()
    ) -> None:
        """The final standings and board; the match is recorded as finished."""
        state = session.state
        result = state.result
        if self.prompt is not None:
            await self._close(session, self.prompt, step.applied)
            self.prompt = None
        record = self.match.record
        store = self.ctx.store
        if result is not None:
            await store.finish(
                self.match_id,
                MatchStatus.FINISHED,
                ResultRecord(
                    side_rows.KEY,
                    result.winner,
                    str(result.reason),
                    list(result.scores),
                    state.round,
                    session.seq,
                ),
            )
        else:
            await store.finish(self.match_id, MatchStatus.ABANDONED)
        file = await self._board_file(session)
        embed = messages.final_embed(state, self.match.seats, lines, BOARD)
        summary = await match_summary(store, record, state, session.log)
        await self.channel.send(
            content="🏁 The match is over.",
            embeds=[embed, *summary.embeds],
            files=[file, *summary.files],
            allowed_mentions=discord.AllowedMentions.none(),
            **({"view": summary.view} if summary.view is not None else {}),
        )

    async def _drop_reminder(self, reminder: int | None) -> None:
        """The half-time reminder goes once the decision it was about is made (the store
        forgot it in the step's transaction)."""
        if reminder is None:
            return
        if self.reminder_id == reminder:
            self.reminder_id = None
        await self.channel.delete(reminder)

    async def remind(self, session: MatchSession, seq: int, deadline: datetime) -> None:
        """Half the decision's time is gone: a reminder that links the prompt in words."""
        pending = session.pending
        player = self.match.player_of(pending.seat) if pending is not None else None
        if player is None or self.reminder_id is not None:
            return
        where = self._where()
        text = (
            f"⏰ <@{player}>, half your time is gone: decide <t:{int(deadline.timestamp())}:R> "
            f"on {where}, or the safe choice is made for you."
        )
        message = await self.channel.send(content=text, allowed_mentions=self.match.asking(player))
        self.reminder_id = message.id
        await self.ctx.store.set_message(self.match_id, REMINDER, message.id)

    def _where(self) -> str:
        prompt = self.prompt
        if prompt is None:
            return self.match.link(None)
        return f"[your prompt]({self.match.link(prompt.message_id)})"

    # --- what Chicago 1927 offers besides its buttons --------------------------------------

    def risk(self, session: MatchSession, decision: str) -> str | None:
        pending = session.pending
        assert pending is not None
        return risk_of(session.state, pending, decision)

    async def board(self, session: MatchSession) -> dict[str, Any]:
        """The whole board and the standings, for `/chicago board` or "Full board"."""
        state = session.state
        png = await self.ctx.full_board(state, [])
        embed = messages.status_embed(state, self.match.seats, BOARD)
        picture = discord.File(io.BytesIO(png), filename=BOARD, description=alt_text(state))
        return {"embed": embed, "file": picture}

    async def ended(self, session: MatchSession, user: discord.abc.User) -> None:
        if self.prompt is not None:
            await self.channel.edit(self.prompt.message_id, view=None)
        await self.offer.settle(session)
        if self.reminder_id is not None:
            await self.channel.delete(self.reminder_id)
        embed = messages.status_embed(session.state, self.match.seats, None)
        embed.title = "Where the match stood"
        await self.channel.send(
            content=f"🛑 The match was ended by {user.mention}.",
            embed=embed,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    def open_screen(
        self, session: MatchSession, user_id: int, seq: int
    ) -> tuple[str, discord.ui.View] | str:
        """The proposer's private trade screen, or why it cannot open."""
        screen = TradeScreen.open(self, session, user_id, seq, self.ctx.clock())
        if screen is None:
            return "No trade can be proposed now."
        self.screens[screen.token] = screen
        return screen.text(), screen.view

    def screen(self, token: str) -> TradeScreen | None:
        self._forget_expired()
        return self.screens.get(token)

    def _forget_expired(self) -> None:
        """Screens past their time (Discord no longer lets them be edited) are closed."""
        now = self.ctx.clock()
        for token in [t for t, screen in self.screens.items() if screen.expired(now)]:
            del self.screens[token]

    def close_screen(self, token: str) -> None:
        self.screens.pop(token, None)

    def asks_now(self, seq: int) -> bool:
        return self.match.asks_now(seq)

    async def send_offer(self, user_id: int, decision: str, seq: int) -> str | None:
        """A trade drafted on a private screen, made the way every game makes an offer."""
        return await self.match.offer(user_id, decision, seq)

    def private_list(
        self, session: MatchSession, user_seat: int | None, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]:
        return say(Verdict.STALE), []  # every choice is on the prompt's buttons

    def private_view(self, session: MatchSession, seat: int, choices: Sequence[Choice]) -> Any:
        raise LookupError("Chicago 1927 has no private lists")

    def hand(self, session: MatchSession, seat: int | None) -> str | None:
        return None  # `/chicago hand` shows Chicago 1927's side as an embed
