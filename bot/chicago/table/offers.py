"""A trade offer carried to its partner by direct message (RULES §10, §12.1), through
the one offers flow every game uses (`bot.discord_app.offer_flow`).

Delivered once: with the board and Accept / Reject in the partner's DMs, the channel
told only that an offer is pending; with DMs closed, the channel's prompt keeps the
buttons (only the partner may use them). Settled once: when the offer is answered,
times out or the match ends, the DM the partner holds loses its buttons and says what
happened. Where the DM is, and which decision it answers, are kept in the store, so
after a restart the same DM still works and is the one that updates.
"""

from __future__ import annotations

import io
from datetime import datetime
from typing import Any

import discord

from bot.chicago.render.alt_text import alt_text
from bot.chicago.table.buttons import decision_view
from bot.chicago.table.messages import offer_embed
from bot.discord_app.offer_flow import Asked, OfferFlow, OpenOffer
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import asking
from bot.session import TIMER, MatchSession
from engine.chicago import DecisionKind, Pending, TradeAnswerFacts

OFFER_DM = "offer_dm"  # store: the DM message holding the open offer
OFFER_DM_CHANNEL = "offer_dm_channel"  # store: the DM channel it is in
OFFER_SEQ = "offer_seq"  # store: the decision number the offer asks
BOARD = "board.png"


class OfferPost:
    """Chicago 1927's trade offer in the one offers flow (`bot.discord_app.offer_flow`):
    the open DM offer of one match, if any, and what it reads."""

    def __init__(self, ctx: MatchContext, match_id: int, channel_id: int) -> None:
        self.ctx = ctx
        self.match_id = match_id
        self.channel_id = channel_id
        self.flow = OfferFlow(ctx, match_id, self)
        self.open: OpenOffer | None = None

    def restore(self, stored: dict[str, int]) -> None:
        """After a restart or a reload: the offer the store says is open."""
        message, channel, seq = (
            stored.get(OFFER_DM),
            stored.get(OFFER_DM_CHANNEL),
            stored.get(OFFER_SEQ),
        )
        self.open = None
        if message is not None and channel is not None and seq is not None:
            self.open = OpenOffer(channel, message, seq)

    def settled_by(self, session: MatchSession) -> bool:
        """Whether the offer's decision has been made (or the match is over)."""
        offer = self.open
        return offer is not None and (session.result is not None or session.seq != offer.seq)

    @staticmethod
    def forgotten() -> dict[str, int | None]:
        """The store entries a settled offer clears (in the step's one transaction)."""
        return {OFFER_DM: None, OFFER_DM_CHANNEL: None, OFFER_SEQ: None}

    async def settle(self, session: MatchSession) -> None:
        """The DM loses its buttons and says what became of the offer."""
        offer, self.open = self.open, None
        await self.flow.settle(session, offer)

    async def deliver(
        self,
        session: MatchSession,
        pending: Pending,
        partner: int,
        deadline: datetime | None,
        body: dict[str, Any],
    ) -> dict[str, int | None]:
        """Send the offer to `partner` by DM and turn the channel's prompt `body` into a
        note without buttons; returns the store entries to note. With DMs closed, the
        prompt keeps its buttons and says so."""
        if pending.kind is not DecisionKind.TRADE_ANSWER:
            return {}
        asked = Asked(pending.seat, session.seq, partner, deadline)
        offer = await self.flow.deliver(session, asked, body)
        if offer is None:
            return {}
        self.open = offer
        return {
            OFFER_DM: offer.message_id,
            OFFER_DM_CHANNEL: offer.channel_id,
            OFFER_SEQ: offer.seq,
        }

    # --- the offer's contents, for the flow ------------------------------------------------

    def _proposer(self, session: MatchSession) -> str:
        pending = session.pending
        assert pending is not None
        name: str = session.state.sides[pending.facts_as(TradeAnswerFacts).proposer].name
        return name

    async def letter(self, session: MatchSession, asked: Asked) -> dict[str, Any]:
        state = session.state
        pending = session.pending
        assert pending is not None
        png = await self.ctx.render(state, [])
        return {
            "content": f"📨 {self._proposer(session)} offers you a trade in <#{self.channel_id}>.",
            "embed": offer_embed(state, pending, asked.deadline, BOARD),
            "file": discord.File(io.BytesIO(png), filename=BOARD, description=alt_text(state)),
            "view": decision_view(self.match_id, session.seq, state, pending),
            "allowed_mentions": discord.AllowedMentions.none(),
        }

    def sent(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        prompt["content"] = (
            f"📨 <@{asked.user_id}>, {self._proposer(session)} has sent you a trade offer by "
            f"direct message: the offer is pending until you answer it there.{_when(asked)}"
        )
        prompt["allowed_mentions"] = asking(asked.user_id)
        prompt["view"] = None

    async def dms_closed(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        prompt["content"] = (
            f"<@{asked.user_id}>, {self._proposer(session)} offers you a trade. Your direct "
            f"messages are closed, so answer here: only you can use these buttons.{_when(asked)}"
        )
        prompt["allowed_mentions"] = asking(asked.user_id)

    def outcome(self, session: MatchSession, seq: int) -> str | None:
        return outcome(session, seq)


def _when(asked: Asked) -> str:
    deadline = asked.deadline
    return f" Time runs out <t:{int(deadline.timestamp())}:R>." if deadline else ""


def outcome(session: MatchSession, seq: int) -> str:
    """What became of the offer asked at decision `seq`, as its DM says."""
    done = session.log[seq] if seq < len(session.log) else None
    if done is None:
        return "This offer has passed: the match moved on."
    if done.actor == TIMER:
        return "⏱ Time ran out: the offer counts as rejected."
    if done.decision == "accept":
        return "✅ You accepted the offer. The exchange is done."
    return "❌ You rejected the offer. Nothing changed hands."
