"""How an Empire match is told at the one table: the presented teller, and what Empire
adds to it.

- Sealed steps (start Mobsters, bids, the bribe, placement, EMPIRE §4.8, §9.3-§9.5) are
  one prompt for everyone: a 🔒 button per person, the same before and after they answer,
  and "2 of 5 answered" the only thing that changes, so nothing about a seat's answer
  (not even when it came) reaches the table beyond the count.
- A standing order (EMPIRE §6.9) is committed but tells the channel nothing, and keeps
  the running deadline: no pause, edit or new timer shows that anyone set one.
- A fight is one message, edited round by round with the dice and the casualties.
- The turn's picture is the phone close-up; 🗺️ Full board sends the whole city privately.
- An offer's answer is asked by DM through the one offers flow; the lobby's offer timer
  lets it lapse (EMPIRE §10).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

import engine.empire as empire
from bot.discord_app.custom_ids import board_id, private_id
from bot.discord_app.presented import PresentedTeller
from bot.discord_app.replies import asking
from bot.discord_app.teller import NOTE, Plan, TableView
from bot.discord_app.views import ChicagoButton
from bot.empire.narration import FIGHT_EVENTS, narrate_empire
from bot.empire.presenter import EMPIRE_PRESENTER, EmpirePresenter
from bot.empire.seating import offer_minutes
from bot.games.presenter import Choice
from bot.session import Applied, MatchSession, StepResult
from bot.store import DecisionRecord, StepWrite
from bot.telling import Line
from engine.empire import DecisionKind
from engine.empire import events as ev

log = logging.getLogger("chicago.bot")

FIGHT = "fight"  # store: the fight message being edited
LAPSE = "lapse"  # store: "lapse:<receiver>:<proposer>" -> when that offer lapses (epoch s)
SEALED = {
    DecisionKind.START_MOBSTER: ("startmob", "place your starting Mobster"),
    DecisionKind.BID: ("bid", "seal a bid"),
    DecisionKind.BRIBE: ("bid", "seal a bribe"),
    DecisionKind.PLACE: ("place", "place your Mobsters"),
}
CITY = "empire-city.png"
# What the timer's default did, in words, where the button's label is not a phrase (a
# sealed step's default is the rules' own, so these tell nobody more than the rules do).
DEFAULT_WORDS = {
    "start_mob": "the starting Mobster rides in the car",
    "bid": "no bid",
    "bribe": "no bribe",
    "place": "the Mobsters are placed as the rules do by default",
    "burgle": "takes as much as the roll allows",
}


def private_only(step: StepResult) -> bool:
    """A step of standing orders alone: nothing the table may be told of."""
    return bool(step.applied) and all(a.decision.startswith("orders:") for a in step.applied)


def sealed_kind(state: Any) -> DecisionKind | None:
    for pending in state.match.pending:
        if pending.kind in SEALED:
            kind: DecisionKind = pending.kind
            return kind
    return None


def sealed_seats(state: Any, kind: DecisionKind) -> list[int]:
    """Who answers this sealed step: every seat, or at placement those with a working
    Mobster (public from the rosters)."""
    view = empire.player_view(state.match, None)
    if kind is DecisionKind.PLACE:
        return [p.seat for p in view.players if any(s == "working" for s in p.roster.values())]
    return [p.seat for p in view.players]


class EmpireTeller(PresentedTeller):
    def __init__(self, match: TableView, presenter: EmpirePresenter, ctx: Any) -> None:
        super().__init__(match, presenter, ctx)
        self.empire = presenter
        self.fight_id: int | None = None
        self.fight_lines: list[str] = []
        self.deadline: datetime | None = None
        self.lapses: dict[tuple[int, int], asyncio.Task[None]] = {}
        self.lapse_at: dict[tuple[int, int], datetime] = {}  # as the store keeps them
        self.lapsed: list[Line] = []
        self.lapsed_keys: list[tuple[int, int]] = []

    # --- after a restart -----------------------------------------------------------------

    def restore(self, session: MatchSession, posted: dict[str, int]) -> int | None:
        self.fight_id = posted.get(FIGHT) or None
        self.fight_lines = []
        open_now = open_offers(session)
        self.lapse_at = {
            key: datetime.fromtimestamp(when, UTC)
            for name, when in posted.items()
            if when and (key := lapse_key(name)) is not None and key in open_now
        }
        return super().restore(session, posted)

    def resumed_deadline(self, deadline: datetime) -> None:
        """After a restart whose prompt stayed: the turn's deadline, and each open offer's
        timer again, to lapse at the instant it was given when the offer was made."""
        self.deadline = deadline
        session = getattr(self.match, "session", None)
        if isinstance(session, MatchSession):
            self._watch_offers(session)

    # --- telling -------------------------------------------------------------------------

    def plan(self, session: MatchSession, step: StepResult, force_new: bool) -> Plan:
        if private_only(step) and self.deadline is not None and not session.over:
            write = StepWrite(
                decisions=[
                    DecisionRecord(a.seq, a.seat, a.decision, a.actor) for a in step.applied
                ],
                timer=(session.seq, self.deadline),
            )
            return Plan(write, self.deadline, shown="private")
        plan = super().plan(session, step, force_new)
        self.deadline = plan.deadline
        return plan

    async def publish(self, session: MatchSession, step: StepResult, plan: Plan) -> None:
        if plan.shown == "private":
            await self.ctx.store.note_messages(self.match_id, {"told": len(session.log)})
            return
        if self.lapsed:
            plan.notes = [*self.lapsed, *plan.notes]
            # The lapse is told; the rules' rejection behind it is not told again.
            names = session.game.names(session.state)
            said = {
                line.text
                for seat, proposer in self.lapsed_keys
                for line in narrate_empire(
                    names, [ev.OfferAnswered(proposer, seat, "rejected", ())]
                )
            }
            step.lines = [line for line in step.lines if line.text not in said]
            self.lapsed, self.lapsed_keys = [], []
        step.lines = await self._tell_fight(session, step)
        await super().publish(session, step, plan)
        gone = self._watch_offers(session)
        if gone:
            await self.ctx.store.note_messages(self.match_id, dict.fromkeys(gone, 0))

    async def _tell_fight(self, session: MatchSession, step: StepResult) -> list[Line]:
        """The fight's events go to the fight message (posted at the declaration, edited
        every round after); the prompt keeps the rest."""
        shown = empire.visible_to(step.events, None)
        names = session.game.names(session.state)
        in_fight = session.state.match.fight is not None
        fighting: list[ev.Event] = []
        for event in shown:
            if isinstance(event, ev.FightDeclared):
                self.fight_id, self.fight_lines, fighting = None, [], []
            if isinstance(event, FIGHT_EVENTS) and (
                fighting or isinstance(event, ev.FightDeclared) or self.fight_id
            ):
                fighting.append(event)
            if isinstance(event, ev.FightEnded):
                break
        if not fighting:
            return step.lines
        if self.fight_id is not None and not self.fight_lines:
            self.fight_lines = self._fight_so_far(session, len(step.applied))
        told = [line.text for line in narrate_empire(names, fighting)]
        self.fight_lines += told
        ended = any(isinstance(e, ev.FightEnded) for e in fighting)
        status = "" if ended or not in_fight else "\n⏳ The fight goes on…"
        content = "\n".join(["**🔫 Shoot-out**", *self.fight_lines])[:1900] + status
        channel = self.match.channel
        if self.fight_id is None:
            sent = await channel.send(
                content=content, allowed_mentions=discord.AllowedMentions.none()
            )
            self.fight_id = sent.id
        else:
            with contextlib.suppress(discord.HTTPException):
                await channel.edit(self.fight_id, content=content)
        await self.ctx.store.note_messages(self.match_id, {FIGHT: 0 if ended else self.fight_id})
        if ended:
            self.fight_id, self.fight_lines = None, []
        rest = list(step.lines)
        for text in told:
            found = next((i for i, line in enumerate(rest) if line.text == text), None)
            if found is not None:
                del rest[found]
        return rest

    def _fight_so_far(self, session: MatchSession, applied: int) -> list[str]:
        """After a restart: the running fight as told before this step (the log without
        its `applied` decisions), from the match's own events."""
        state = session.state.match
        log = [(a.seat, a.decision) for a in session.log]
        _, events = empire.replay(state.setup, log[: len(log) - applied])
        shown = empire.visible_to(events, None)
        starts = [i for i, e in enumerate(shown) if isinstance(e, ev.FightDeclared)]
        if not starts:
            return []
        earlier = [e for e in shown[starts[-1] :] if isinstance(e, FIGHT_EVENTS)]
        return [line.text for line in narrate_empire(session.game.names(session.state), earlier)]

    def labeller(self, session: MatchSession) -> Callable[[Applied], str]:
        """What a decision the timer made reads as: "no bid", "roll to move"."""
        label = super().labeller(session)

        def words(made: Applied) -> str:
            said = DEFAULT_WORDS.get(made.decision.split(":", 1)[0])
            if said is not None:
                return said
            text = label(made).lstrip("🎲🔫🚗🚓👮🏠🔒🤝 \ufe0f").rstrip("!.")
            return text[:1].lower() + text[1:] if text[1:2].islower() else text

        return words

    # --- the prompt ----------------------------------------------------------------------

    def _asked_people(self, session: MatchSession) -> tuple[int, ...]:
        """In a sealed step, everyone who answers it (answered or not), so the prompt
        stays the one message while the answers come in."""
        kind = sealed_kind(session.state)
        if kind is None:
            return super()._asked_people(session)
        users = (self.match.player_of(s) for s in sealed_seats(session.state, kind))
        return tuple(sorted({u for u in users if u is not None}))

    def _prompt(self, session: MatchSession, told: Sequence[str]) -> dict[str, Any]:
        kind = None if session.over else sealed_kind(session.state)
        if kind is None:
            message = super()._prompt(session, told)
        else:
            message = self._sealed_prompt(session, told, kind)
        view = message.get("view") or discord.ui.View(timeout=None)
        if len(view.children) < 25:
            view.add_item(ChicagoButton(board_id(self.match_id), "Full board", emoji="🗺️"))
        message["view"] = view
        return message

    def _sealed_prompt(
        self, session: MatchSession, told: Sequence[str], kind: DecisionKind
    ) -> dict[str, Any]:
        state = session.state
        group, what = SEALED[kind]
        seats = sealed_seats(state, kind)
        still = {p.seat for p in state.match.pending if p.kind is kind}
        answered = len([s for s in seats if s not in still])
        asked_at = [session.asked_at(s) for s in still]
        opened = min((a for a in asked_at if a is not None), default=session.seq)
        lines = list(told)[-12:]
        topic = {
            DecisionKind.BID: f"🔨 Sealed bids for {self._lot(state)}",
            DecisionKind.BRIBE: "👮 Sealed bribes for the Badge",
            DecisionKind.PLACE: "📍 Placing Mobsters in secret",
            DecisionKind.START_MOBSTER: "📍 Starting Mobsters, in secret",
        }[kind]
        lines.append(f"{topic}: **{answered} of {len(seats)} answered**.")
        if kind is DecisionKind.BID and self._wins_match(state):
            lines.append("⚠️ Winning this lot gives a bidder 10 Power Points: the match would end.")
        view = discord.ui.View(timeout=None)
        users = []
        for seat in seats:
            user = self.match.player_of(seat)
            if user is None:
                continue
            users.append(user)
            seq = session.asked_at(seat) if seat in still else opened
            label = f"{session.name(seat)}: {what}"[:80]
            view.add_item(
                ChicagoButton(
                    private_id(self.match_id, seq or opened, seat, group),
                    label,
                    discord.ButtonStyle.primary,
                    emoji="🔒",
                )
            )
        for p in state.match.pending:
            seq = session.asked_at(p.seat)
            if p.kind is not DecisionKind.OFFER_ANSWER or seq is None:
                continue
            lines.append(f"🤝 {session.name(p.seat)} has an offer to answer, by DM.")
            if self.match.player_of(p.seat) is not None and len(view.children) < 25:
                view.add_item(
                    ChicagoButton(
                        private_id(self.match_id, seq, p.seat, "offer"),
                        f"{session.name(p.seat)}: answer the offer"[:80],
                        discord.ButtonStyle.secondary,
                        emoji="🤝",
                    )
                )
        content = "\n".join(lines)[:1900]
        return {"content": content, "view": view, "allowed_mentions": asking(*users)}

    @staticmethod
    def _lot(state: Any) -> str:
        from bot.empire.words import mobster_name

        view = empire.player_view(state.match, None)
        return mobster_name(view.lot)

    @staticmethod
    def _wins_match(state: Any) -> bool:
        """EMPIRE §9.3: the lot's prompt says so when winning it gives a bidder 10 PP
        (from public facts: Power Points and working rosters)."""
        view = empire.player_view(state.match, None)
        for p in view.players:
            working = sum(1 for s in p.roster.values() if s == "working")
            if p.power + (working + 1) // 2 - working // 2 >= empire.WIN_POWER:
                return True
        return False

    # --- private lists -------------------------------------------------------------------

    def private_list(
        self, session: MatchSession, user_seat: int | None, seq: int, seat: int, group: str
    ) -> tuple[str, list[Choice]]:
        kind = sealed_kind(session.state)
        if (
            user_seat == seat
            and kind is not None
            and session.asked_at(seat) is None
            and seat in sealed_seats(session.state, kind)
        ):
            return "🔒 Your answer is sealed: it is applied when every seat has answered.", []
        note, choices = super().private_list(session, user_seat, seq, seat, group)
        if user_seat == seat and not choices and session.asked_at(seat) == seq:
            empty = self.empire.empty_note(group)
            if empty is not None:
                return empty, []
        return note, choices

    # --- the whole city, privately -------------------------------------------------------

    async def board(self, session: MatchSession) -> dict[str, Any]:
        state = session.state
        lines = "\n".join(f"• {line}" for line in self.presenter.standings(state))
        png = await asyncio.to_thread(self.empire.city, state, [])
        alt = self.presenter.alt_text(state, [])
        return {
            "content": f"**{session.game.title}** — the whole city\n{lines}",
            "file": discord.File(io.BytesIO(png), filename=CITY, description=alt[:1000]),
        }

    # --- the offer timer -----------------------------------------------------------------

    def _watch_offers(self, session: MatchSession) -> list[str]:
        """Each offer a person must answer lapses after the lobby's offer timer, counted
        from when it was made: the instant is stored, so a restart keeps it (EMPIRE §10).
        Returns the store's names of the timers of offers settled since (to clear)."""
        minutes = offer_minutes(self.match.record.settings.get("options") or {})
        now = self.ctx.clock()
        open_now = open_offers(session)
        gone = [key for key in {*self.lapses, *self.lapse_at} if key not in open_now]
        for key in gone:
            task = self.lapses.pop(key, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
            self.lapse_at.pop(key, None)
        for key in open_now:
            seat = key[0]
            seq = session.asked_at(seat)
            user = self.match.player_of(seat)
            if seq is None or user is None or key in self.lapses:
                continue
            when = self.lapse_at.get(key)
            new = when is None
            if when is None:
                when = now + timedelta(minutes=minutes)
                self.lapse_at[key] = when
            self.lapses[key] = asyncio.create_task(
                self._lapse(session, key, user, when, minutes, new),
                name=f"empire-offer-{self.match_id}-{key[0]}-{key[1]}",
            )
        return [lapse_name(key) for key in gone]

    async def _lapse(
        self,
        session: MatchSession,
        key: tuple[int, int],
        user: int,
        when: datetime,
        minutes: int,
        new: bool,
    ) -> None:
        seat, proposer = key
        try:
            if new:
                await self.ctx.store.note_messages(
                    self.match_id, {lapse_name(key): int(when.timestamp())}
                )
            await asyncio.sleep(max(0.0, (when - self.ctx.clock()).total_seconds()))
            session = getattr(self.match, "session", session)  # reloaded since, maybe
            if session.over:
                return
            asked = [
                p for p in session.state.match.pending
                if p.kind is DecisionKind.OFFER_ANSWER and p.seat == seat
                and p.facts.get("from") == proposer
            ]  # fmt: skip
            seq = session.asked_at(seat)
            if not asked or seq is None:
                return
            self.lapsed.append(
                Line(
                    NOTE,
                    f"⏱ {session.name(proposer)}'s offer to {session.name(seat)} lapsed: "
                    f"not answered within {minutes} minutes.",
                )
            )
            self.lapsed_keys.append(key)
            refused = await self.match.offer(user, f"reject:{proposer}", seq)
            if refused is not None:
                self.lapsed, self.lapsed_keys = [], []
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: an offer's timer failed", self.match_id)
        finally:
            if self.lapses.get(key) is asyncio.current_task():
                del self.lapses[key]

    def closed(self) -> None:
        for task in self.lapses.values():
            if task is not asyncio.current_task():
                task.cancel()
        self.lapses.clear()


def open_offers(session: MatchSession) -> set[tuple[int, int]]:
    """The offers waiting for an answer, as (receiver, proposer)."""
    if session.over:
        return set()
    return {
        (p.seat, int(p.facts.get("from", -1)))
        for p in session.state.match.pending
        if p.kind is DecisionKind.OFFER_ANSWER
    }


def lapse_name(key: tuple[int, int]) -> str:
    """The store's name for when the offer of `key` (receiver, proposer) lapses."""
    return f"{LAPSE}:{key[0]}:{key[1]}"


def lapse_key(name: str) -> tuple[int, int] | None:
    parts = name.split(":")
    if len(parts) != 3 or parts[0] != LAPSE or not all(x.isdigit() for x in parts[1:]):
        return None
    return int(parts[1]), int(parts[2])


def empire_teller(table: TableView) -> EmpireTeller:
    return EmpireTeller(table, EMPIRE_PRESENTER, table.ctx)
