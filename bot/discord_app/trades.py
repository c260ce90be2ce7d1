"""Trades in Discord (RULES §10, §12.1): the proposer's draft, cash typed by a person, and
the offer delivered to the partner by direct message.

The engine decides what a proposal may hold (`TradeTerms`) and whether it is legal; this
module only turns a person's picks into a `trade:` decision, says clearly what is wrong
with a draft, and carries the offer to the partner: by DM, or in the channel with buttons
only the partner can use when their DMs are closed. The runner calls `deliver_offer`
before it posts a prompt and `settle_offer` whenever it tells a step.
"""

from __future__ import annotations

import io
import logging
import re
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.views import decision_view
from bot.narration import money
from bot.render import render_png_async
from bot.session import TIMER
from engine import (
    Decision,
    DecisionKind,
    IllegalDecision,
    MatchState,
    Pending,
    TradeAnswerFacts,
    TradeTerms,
)
from engine.board import BLOCK_NAMES, SPACES

if TYPE_CHECKING:
    from bot.discord_app.runner import MatchRunner

log = logging.getLogger("chicago.bot")

MAX_BUSINESSES = 2  # RULES §10: one or two businesses in all
CASH_STEP = 50
OFFER_DM = "offer_dm"  # store: the DM message holding the open offer
OFFER_DM_CHANNEL = "offer_dm_channel"  # store: the DM channel it is in
BOARD = "board.png"
DIGITS = re.compile(r"\d+")


class CashError(ValueError):
    """A typed amount that cannot be used; the message says why, for the player."""


def parse_cash(text: str, limit: int, payer: str) -> int:
    """Dollars from what a person typed ("1500", "$1,500"), in $50 steps up to `limit`."""
    raw = text.strip()
    cleaned = raw.removeprefix("$").replace(",", "").replace(" ", "")
    if cleaned.startswith("-"):
        raise CashError(
            f"“{raw}” is negative. Type the amount without a sign; the button you used "
            "says who pays."
        )
    if not DIGITS.fullmatch(cleaned):
        raise CashError(f"“{raw}” is not a whole number of dollars (for example 500).")
    amount = int(cleaned)
    if amount > limit:
        if limit == 0:
            raise CashError(f"{payer} cannot pay any cash now (nobody spends down to $0).")
        raise CashError(
            f"{money(amount)} is too much: {payer} can pay at most {money(limit)} "
            "(nobody spends down to $0)."
        )
    if amount % CASH_STEP:
        lower = amount // CASH_STEP * CASH_STEP
        raise CashError(
            f"{money(amount)} is not in ${CASH_STEP} steps: try {money(lower)} "
            f"or {money(lower + CASH_STEP)}."
        )
    return amount


def business_text(space: int) -> str:
    info = SPACES[space]
    return f"{info.name} ({BLOCK_NAMES[info.block]}, {money(info.cost)})"


def names(spaces: tuple[int, ...] | list[int]) -> str:
    return ", ".join(SPACES[s].name for s in spaces) or "nothing"


@dataclass(slots=True)
class Draft:
    """A proposal being built: businesses given and asked for, and cash (> 0: the
    proposer pays; < 0: the partner pays), checked against the engine's terms."""

    terms: TradeTerms
    partner: int
    give: list[int] = field(default_factory=list)
    take: list[int] = field(default_factory=list)
    cash: int = 0

    @property
    def theirs(self) -> list[int]:
        return self.terms.theirs[self.terms.partners.index(self.partner)]

    @property
    def max_ask(self) -> int:
        return self.terms.max_ask[self.terms.partners.index(self.partner)]

    def choose_partner(self, partner: int) -> None:
        """A new partner: what was asked of the old one no longer applies."""
        if partner != self.partner:
            self.partner = partner
            self.take = []
            if self.cash < 0:
                self.cash = 0

    def problems(self, state: MatchState) -> list[str]:
        moved = len(self.give) + len(self.take)
        out = []
        if moved == 0:
            out.append("Pick at least one business, yours or theirs.")
        elif moved > MAX_BUSINESSES:
            out.append(f"A trade moves at most two businesses in all; you picked {moved}.")
        if self.cash < 0 and -self.cash > self.max_ask:
            out.append(
                f"{state.sides[self.partner].name} can pay at most {money(self.max_ask)} now."
            )
        return out

    def decision(self) -> Decision:
        return Decision("trade", self.partner, tuple(self.give), tuple(self.take), self.cash)

    def summary(self, state: MatchState) -> str:
        partner = state.sides[self.partner].name
        if self.cash > 0:
            cash = f"you pay {partner} {money(self.cash)}"
        elif self.cash < 0:
            cash = f"{partner} pays you {money(-self.cash)}"
        else:
            cash = "none"
        return "\n".join(
            (
                f"**Your offer to {partner}**",
                f"You give: {names(self.give)}",
                f"You ask for: {names(self.take)}",
                f"Cash: {cash}",
            )
        )


def proposal_text(state: MatchState, decision: Decision) -> str:
    """A sent proposal in a line, as the channel reads it."""
    partner = state.sides[decision.partner].name
    parts = []
    if decision.give:
        parts.append(f"gives {names(decision.give)}")
    if decision.take:
        parts.append(f"asks for {names(decision.take)}")
    if decision.cash > 0:
        parts.append(f"pays {money(decision.cash)}")
    elif decision.cash < 0:
        parts.append(f"asks {money(-decision.cash)}")
    return f"offered {partner} a trade: " + "; ".join(parts)


def proposal_label(state: MatchState, text: str) -> str:
    """How a logged `trade:` decision reads in a closed prompt."""
    try:
        decision = Decision.parse(text)
    except IllegalDecision:
        return text
    return proposal_text(state, decision)


def offer_lines(state: MatchState, facts: TradeAnswerFacts) -> list[str]:
    """The offer from the partner's side: what they would get, give, pay or receive."""
    proposer = state.sides[facts.proposer].name
    lines = [f"You get: {names(facts.give)}", f"You give: {names(facts.take)}"]
    if facts.cash > 0:
        lines.append(f"{proposer} pays you {money(facts.cash)}")
    elif facts.cash < 0:
        lines.append(f"You pay {proposer} {money(-facts.cash)}")
    return lines


# --- the offer, delivered ------------------------------------------------------------


@dataclass(slots=True)
class OpenOffer:
    """An offer sent by DM and not yet settled: where it is, and the decision number."""

    channel_id: int
    message_id: int
    seq: int


# The open offer of each runner (None: known to have none), read from the store once.
_open: weakref.WeakKeyDictionary[MatchRunner, OpenOffer | None] = weakref.WeakKeyDictionary()


def offer_embed(state: MatchState, pending: Pending, deadline: Any, image: bool) -> discord.Embed:
    facts = pending.facts_as(TradeAnswerFacts)
    proposer = state.sides[facts.proposer].name
    where = "at the Big Boss Meeting" if facts.at_meeting else "at Start"
    embed = discord.Embed(
        title=f"Trade offer from {proposer}",
        description="\n".join(offer_lines(state, facts)),
        colour=discord.Colour(0xB8860B),
    )
    side = state.sides[pending.seat]
    embed.add_field(name="You hold", value=f"{money(side.cash)}, {side.people} soldiers")
    if deadline is not None:
        embed.add_field(
            name="Answer",
            value=f"<t:{int(deadline.timestamp())}:R>; no answer counts as a rejection.",
        )
    embed.set_footer(text=f"Made {where}, round {state.round}. /chicago rules trades explains.")
    if image:
        embed.set_image(url=f"attachment://{BOARD}")
    return embed


async def _dm_channel(runner: MatchRunner, user_id: int) -> discord.DMChannel:
    user = runner.bot.get_user(user_id) or await runner.bot.fetch_user(user_id)
    return user.dm_channel or await user.create_dm()


async def deliver_offer(runner: MatchRunner, pending: Pending, body: dict[str, Any]) -> None:
    """Before the channel hears of an offer to a person: send it to them by DM with the
    board and Accept / Reject, and leave the channel a note without buttons. With DMs
    closed the channel message keeps the buttons (only the partner may use them)."""
    session = runner.session
    if session is None or pending.kind is not DecisionKind.TRADE_ANSWER:
        return
    partner = runner.player_of(pending.seat)
    if partner is None:
        return
    state = session.state
    facts = pending.facts_as(TradeAnswerFacts)
    proposer = state.sides[facts.proposer].name
    deadline = runner.timer.deadline
    when = f" Time runs out <t:{int(deadline.timestamp())}:R>." if deadline else ""
    try:
        channel = await _dm_channel(runner, partner)
        png = await render_png_async(state, [])
        message = await channel.send(
            content=f"📨 {proposer} offers you a trade in <#{runner.channel_id}>.",
            embed=offer_embed(state, pending, deadline, True),
            file=discord.File(io.BytesIO(png), filename=BOARD),
            view=decision_view(runner.match_id, session.seq, state, pending),
        )
    except discord.HTTPException as exc:
        code = getattr(exc, "code", exc)
        log.info("match %s: no DM to %s (%s); offer asked in the channel", runner.match_id,
                 partner, code)  # fmt: skip
        body["content"] = (
            f"<@{partner}>, {proposer} offers you a trade. Your direct messages are closed, "
            f"so answer here: only you can use these buttons.{when}"
        )
        return
    _open[runner] = OpenOffer(channel.id, message.id, session.seq)
    await runner.store.set_message(runner.match_id, OFFER_DM, message.id)
    await runner.store.set_message(runner.match_id, OFFER_DM_CHANNEL, channel.id)
    body["content"] = (
        f"📨 <@{partner}>, {proposer} has sent you a trade offer by direct message: "
        f"the offer is pending until you answer it there.{when}"
    )
    body["view"] = None


async def _find_open(runner: MatchRunner) -> OpenOffer | None:
    if runner in _open:
        return _open[runner]
    stored = await runner.store.messages(runner.match_id)
    message, channel = stored.get(OFFER_DM), stored.get(OFFER_DM_CHANNEL)
    if message is None or channel is None:
        _open[runner] = None
        return None
    session = runner.session
    seq = session.seq if session is not None else 0
    # After a restart the decision number is not stored: the offer is the last proposal.
    if session is not None:
        seq = next(
            (a.seq + 1 for a in reversed(session.log) if a.decision.startswith("trade:")), seq
        )
    _open[runner] = OpenOffer(channel, message, seq)
    return _open[runner]


def _outcome(runner: MatchRunner, offer: OpenOffer) -> str:
    session = runner.session
    assert session is not None
    done = session.log[offer.seq] if offer.seq < len(session.log) else None
    if done is None:
        return "This offer has passed: the match moved on."
    if done.actor == TIMER:
        return "⏱ Time ran out: the offer counts as rejected."
    if done.decision == "accept":
        return "✅ You accepted the offer. The exchange is done."
    return "❌ You rejected the offer. Nothing changed hands."


async def settle_offer(runner: MatchRunner) -> None:
    """Once an offer sent by DM is answered (or timed out, or the match ended), its DM
    loses the buttons and says what happened."""
    session = runner.session
    if session is None:
        return
    offer = await _find_open(runner)
    if offer is None:
        return
    if session.result is None and session.seq == offer.seq:
        return  # still waiting for the answer
    _open[runner] = None
    await runner.store.set_message(runner.match_id, OFFER_DM, None)
    await runner.store.set_message(runner.match_id, OFFER_DM_CHANNEL, None)
    channel = runner.bot.get_partial_messageable(offer.channel_id)
    try:
        await channel.get_partial_message(offer.message_id).edit(
            content=_outcome(runner, offer), view=None
        )
    except discord.HTTPException:
        log.info("match %s: offer DM %s could not be updated", runner.match_id, offer.message_id)
