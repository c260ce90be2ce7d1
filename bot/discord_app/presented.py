"""A match told from its game's `Presenter` alone (Turf, and any game without a Discord
layer of its own).

Buttons show only what the whole table may know, a private list (ephemeral, or by DM)
a hand or a secret choice. Several seats may be asked at once (both sides of a
confrontation choose in secret): one prompt message names everyone asked, and each asked
seat's buttons carry the number its question was first asked at, so a choice made by one
side never makes the other side's buttons stale. While the same people are asked and no
turn closed, the prompt is edited in place (one message per turn, not one per click).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from datetime import datetime, timedelta
from typing import Any

import discord

from bot import rating_board
from bot.discord_app.custom_ids import game_id, private_id, select_id
from bot.discord_app.offer_flow import Asked, OfferFlow
from bot.discord_app.ports import MatchContext, Screen
from bot.discord_app.replies import QUIET, asking
from bot.discord_app.teller import Plan, TableView
from bot.discord_app.views import ChicagoButton, ChicagoSelect, Layout, rematch_button
from bot.games.presenter import Choice, Presenter
from bot.session import Applied, MatchSession, StepResult
from bot.store import (
    DecisionRecord,
    MatchStatus,
    ResultRecord,
    SideResult,
    StepWrite,
)
from bot.telling import Line
from bot.verdicts import Verdict, say

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


class PresentedTeller:
    """Everything one match of a presented game shows in its channel and in DMs."""

    def __init__(self, match: TableView, presenter: Presenter, ctx: MatchContext) -> None:
        self.match = match
        self.ctx = ctx
        self.presenter = presenter
        self.prompt_id: int | None = None
        self.dms: set[tuple[int, int]] = set()  # (seat, asked at) already sent by DM
        self.reminded: int | None = None
        self.prompt_lines: list[str] = []  # what the prompt tells so far (edited in place)
        self.prompt_asks: tuple[int, ...] = ()  # the people it asks
        self.prompt_picture = False  # whether it carries the picture
        self.offers = OfferFlow(ctx, match.match_id, self)
        self.rated: list[str] = []  # the final message's rating lines, once rated

    @property
    def match_id(self) -> int:
        return self.match.match_id

    def executor(self) -> Executor | None:
        return None

    def prompt_message(self) -> int | None:
        return self.prompt_id

    # --- after a restart -------------------------------------------------------------------

    def restore(self, session: MatchSession, posted: dict[str, int]) -> int | None:
        self.prompt_id = posted.get(PROMPT)
        self.dms = {sent for key in posted if (sent := dm_key(key)) is not None}
        return posted.get(TOLD)

    async def keep_prompt(self, session: MatchSession) -> bool:
        """The prompt stays when it is still there: its buttons carry the numbers their
        questions were asked at, which the rebuilt match keeps. The next step starts a
        new message: what this one told is not known now."""
        self.prompt_asks = ()
        found = self.prompt_id is not None and await self.match.channel.fetch(self.prompt_id)
        if not found:
            self.prompt_id = None
        return bool(found)

    def forget(self) -> None:
        self.prompt_asks = ()

    def may_sleep(self) -> bool:
        return False  # what the prompt tells so far lives in memory only

    def slept(self) -> None:
        return None

    def remind_again(self, left: timedelta) -> bool:
        return False

    def resumed_deadline(self, deadline: datetime) -> None:
        return None

    # --- telling ---------------------------------------------------------------------------

    def plan(self, session: MatchSession, step: StepResult, force_new: bool) -> Plan:
        deadline = None if session.over else self.ctx.clock() + self.match.timer_length
        write = StepWrite(
            decisions=[DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied],
            timer=(session.seq, deadline),
        )
        if deadline is not None:
            self.reminded = None
        return Plan(write, deadline)

    async def publish(self, session: MatchSession, step: StepResult, plan: Plan) -> None:
        if session.over:
            await self._finish(session)
        await self._post(session, step, plan.notes)

    def dropped(self) -> None:
        return None

    async def say_now(self, session: MatchSession, line: Line, picture: bool) -> None:
        await self._post(session, StepResult(Verdict.APPLIED), [line], picture=picture)

    def labeller(self, session: MatchSession) -> Callable[[Applied], str]:
        words = {
            seat: {c.decision: c.label for c in self.presenter.public(session.state, seat)}
            for seat in {a.seat for a in session.asked()}
        }
        return lambda made: words.get(made.seat, {}).get(made.decision, "the safe choice")

    def label(self, session: MatchSession, applied: Applied) -> str:
        return self.labeller(session)(applied)

    def risk(self, session: MatchSession, decision: str) -> str | None:
        return None

    def closed(self) -> None:
        return None

    def open_screen(
        self, session: MatchSession, user_id: int, seq: int
    ) -> tuple[str, discord.ui.View] | str:
        return "No trade can be proposed now."

    def screen(self, token: str) -> Screen | None:
        return None

    async def _finish(self, session: MatchSession) -> None:
        """The match is recorded as finished, each seat's place in the history, and a
        rated game's ratings move, each person's line kept for the final message."""
        game, state = session.game, session.state
        placings = game.placings(state)
        winner = next((p.seat for p in placings if p.won), -1)
        scores: list[int | None] = [None] * len(self.match.seats)
        for p in placings:
            scores[p.seat] = p.score
        result = ResultRecord(
            game.key, winner, game.reason(state), scores, int(getattr(state, "round", 0)),
            session.seq,
        )  # fmt: skip
        await self.ctx.store.finish(self.match_id, MatchStatus.FINISHED, result)
        names = game.names(state)
        seats = self.match.seats
        log = [(a.seat, a.decision) for a in session.log]
        facts = await asyncio.to_thread(game.side_facts, state, log)
        rows = [
            SideResult(
                match_id=self.match_id,
                seat=p.seat,
                game=game.key,
                name=names[p.seat],
                user_id=seats[p.seat].user_id,
                computer=seats[p.seat].computer,
                won=p.won,
                place=p.place,
                score=p.score,
                facts=facts[p.seat],
            )
            for p in placings
        ]
        await self.ctx.store.record_sides(self.match_id, rows)
        if game.rated:
            told = await rating_board.rate_finished(self.ctx.store, self.match_id)
            self.rated = [f"📈 **Ratings in {game.title}**", *(f"• {t}" for t in told.splitlines())]

    def _mention(self, session: MatchSession, seat: int) -> str:
        user = self.match.player_of(seat)
        return f"<@{user}>" if user is not None else session.name(seat)

    def _prompt(self, session: MatchSession, told: Sequence[str]) -> dict[str, Any]:
        """The message that tells what happened and asks everyone asked now."""
        state = session.state
        told = list(told)
        if len(told) > MAX_LINES:
            told = [
                f"… {len(told) - MAX_LINES + 1} earlier lines in `/chicago board`",
                *told[-MAX_LINES + 1 :],
            ]
        view = Layout()
        asking_lines = []
        users: list[int | None] = []
        buttons = 0
        match_id = self.match_id
        if session.over:
            asking_lines.append(f"🏁 **The match is over** — {session.game.ending(state)}.")
            asking_lines += [f"• {line}" for line in self.presenter.standings(state)]
            asking_lines += self.rated
            view.add_item(rematch_button(match_id))
            buttons += 1
        asked = session.asked()
        for seat in dict.fromkeys(a.seat for a in asked):
            seq = session.asked_at(seat)
            assert seq is not None
            computer = session.level(seat)
            who = self._mention(session, seat)
            what = self.presenter.asks(state, seat)
            if computer is not None:
                asking_lines.append(f"🤖 {who} is thinking ({what}).")
                continue
            users.append(self.match.player_of(seat))
            asking_lines.append(f"➡️ {who}: {what}.")
            for item in self.presenter.menu(state, seat):
                if buttons >= MAX_BUTTONS and isinstance(item, Choice):
                    continue
                label = item.label if item.reason is None else f"{item.label} — {item.reason}"
                if isinstance(item, Choice):
                    button = ChicagoButton(
                        game_id(match_id, seq, item.decision),
                        label[:80],
                        disabled=item.reason is not None,
                    )
                else:
                    label = label if len(asked) == 1 else f"{label} ({session.name(seat)})"
                    button = ChicagoButton(
                        private_id(match_id, seq, seat, item.group),
                        label[:80], discord.ButtonStyle.primary, emoji="🔒",
                        disabled=item.reason is not None,
                    )  # fmt: skip
                view.add_item(button)
                buttons += 1
        banks = self.match.clock_line(session)
        content = "\n".join([*told, *asking_lines, *([banks] if banks else [])])[:1900] or "…"
        return {
            "content": content,
            "view": view if buttons else None,
            "allowed_mentions": self.match.asking(*users),
        }

    async def _post(
        self,
        session: MatchSession,
        step: StepResult,
        notes: Sequence[Line] = (),
        picture: bool | None = None,
    ) -> None:
        """Tell a step. While the same people are asked and no turn closed, the prompt is
        edited in place (its picture drawn again when the step changed the table, so it
        shows what its lines now tell); otherwise the passed prompt is closed and a new
        one posted, with the picture when a turn closed or the match ended. Private
        lists go by DM to the seats that need them."""
        state = session.state
        channel = self.match.channel
        lines = [line.text for line in [*notes, *step.lines]]
        if picture is None:
            picture = bool(step.turns_ended or session.over or not step.applied)
        asks = self._asked_people(session)
        prompt_id = self.prompt_id
        if prompt_id is not None and not picture and asks == self.prompt_asks:
            self.prompt_lines += lines
            message = self._prompt(session, self.prompt_lines)
            message.setdefault("view", None)
            if self.prompt_picture and step.events:
                message["attachments"] = [await self._picture(state, step.events)]
            await channel.edit(prompt_id, **message)
        else:
            if self.prompt_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await channel.edit(self.prompt_id, view=None)
            self.prompt_lines = lines
            self.prompt_asks = asks
            self.prompt_picture = picture
            message = self._prompt(session, lines)
            if picture:
                message["file"] = await self._picture(state, step.events)
            if message["view"] is None:
                del message["view"]
            sent = await channel.send(**message)
            self.prompt_id = prompt_id = sent.id
        # What the channel has been told, so a restart tells only what it missed.
        told = len(session.log)
        await self.ctx.store.note_messages(self.match_id, {PROMPT: prompt_id, TOLD: told})
        if not session.over:
            await self._send_dms(session)

    async def _picture(self, state: Any, events: Sequence[Any]) -> discord.File:
        png = await asyncio.to_thread(self.presenter.picture, state, events)
        alt = self.presenter.alt_text(state, events)
        return discord.File(io.BytesIO(png), filename=PICTURE, description=alt[:1000])

    def _asked_people(self, session: MatchSession) -> tuple[int, ...]:
        """Who the prompt asks now: the people with an open question (computers think
        without a prompt)."""
        asked = (self.match.player_of(a.seat) for a in session.asked())
        return tuple(sorted({u for u in asked if u is not None}))

    async def _send_dms(self, session: MatchSession) -> None:
        """Secret choices asked of a seat that is not playing its turn (a defender, a
        deal's receiver) go by DM, through the one offers flow; with DMs closed the
        channel's 🔒 button serves."""
        for asked in session.asked():
            seat = asked.seat
            seq = session.asked_at(seat)
            user_id = self.match.player_of(seat)
            group = self.presenter.by_dm(session.state, seat)
            if group is None or seq is None or user_id is None or (seat, seq) in self.dms:
                continue
            self.dms.add((seat, seq))
            if not self.private_list(session, seat, seq, seat, group)[1]:
                continue
            sent = await self.offers.deliver(session, Asked(seat, seq, user_id), {})
            # Kept, so a restart does not send the same question twice.
            note = sent.message_id if sent is not None else 0
            await self.ctx.store.note_messages(self.match_id, {dm_note(seat, seq): note})

    # --- what the offers flow carries: a private list by DM --------------------------------

    async def letter(self, session: MatchSession, asked: Asked) -> dict[str, Any]:
        group = self.presenter.by_dm(session.state, asked.seat)
        assert group is not None
        note, choices = self.private_list(session, asked.seat, asked.seq, asked.seat, group)
        return {
            "content": f"{note}\n(Match in {self.match.link(self.prompt_id)}.)",
            "view": self.private_view(session, asked.seat, choices),
            "allowed_mentions": QUIET,
        }

    def sent(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        return None  # the prompt already names who is asked

    async def dms_closed(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        user_id = asked.user_id
        await self.match.channel.send(
            content=(
                f"📭 <@{user_id}>, I could not send you a direct message: press 🔒 "
                f"on [the prompt]({self.match.link(self.prompt_id)}) to choose in "
                "private."
            ),
            allowed_mentions=asking(user_id),
        )

    def outcome(self, session: MatchSession, seq: int) -> str | None:
        return None  # the list stays; a late pick is answered as passed

    # --- private lists and the hand --------------------------------------------------------

    def private_list(
        self, session: MatchSession, user_seat: int | None, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]:
        if user_seat != seat:
            return "That choice belongs to another player.", []
        if session.asked_at(seat) != seq:
            return say(Verdict.STALE), []
        choices = self.presenter.private(session.state, seat, group)
        if not choices:
            return say(Verdict.STALE), []
        return self.presenter.private_note(session.state, seat, group), choices

    def private_view(
        self, session: MatchSession, seat: int, choices: Sequence[Choice]
    ) -> discord.ui.View:
        seq = session.asked_at(seat)
        assert seq is not None
        view = Layout()
        view.add_item(ChicagoSelect.of_choices(select_id(self.match_id, seq), choices))
        return view

    def hand(self, session: MatchSession, seat: int | None) -> str | None:
        if seat is None:
            return (
                "You have no seat in this match, so you hold no hand. "
                "`/chicago board` shows the table."
            )
        return self.presenter.hand(session.state, seat)

    # --- timers and ending -----------------------------------------------------------------

    async def remind(self, session: MatchSession, seq: int, deadline: datetime) -> None:
        if self.reminded == seq:
            return
        people = [
            self.match.player_of(a.seat) for a in session.asked() if not session.is_computer(a.seat)
        ]
        users = [u for u in dict.fromkeys(people) if u is not None]
        if not users:
            return
        self.reminded = seq
        when = discord.utils.format_dt(deadline, "R")
        mentions = " ".join(f"<@{u}>" for u in users)
        where = self.match.link(self.prompt_id)
        await self.match.channel.send(
            content=f"⏰ {mentions}: decide {when} on [the prompt]({where}).",
            allowed_mentions=asking(*users),
        )

    async def ended(self, session: MatchSession, user: discord.abc.User) -> None:
        if self.prompt_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.match.channel.edit(self.prompt_id, view=None)
        standing = "\n".join(f"• {line}" for line in self.presenter.standings(session.state))
        await self.match.channel.send(
            content=f"🛑 The match was ended by {user.mention}.\nWhere it stood:\n{standing}",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def board(self, session: MatchSession) -> dict[str, Any]:
        state = session.state
        lines = "\n".join(f"• {line}" for line in self.presenter.standings(state))
        return {
            "content": f"**{session.game.title}** — standings\n{lines}",
            "file": await self._picture(state, []),
        }
