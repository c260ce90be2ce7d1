"""A trade offer carried to its partner by direct message (RULES §10, §12.1).

Delivered once: with the board and Accept / Reject in the partner's DMs, the channel
told only that an offer is pending; with DMs closed, the channel's prompt keeps the
buttons (only the partner may use them). Settled once: when the offer is answered,
times out or the match ends, the DM the partner holds loses its buttons and says what
happened. Where the DM is, and which decision it answers, are kept in the store, so
after a restart the same DM still works and is the one that updates.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from bot.chicago.render.alt_text import alt_text
from bot.discord_app.messages import offer_embed
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import asking
from bot.discord_app.views import decision_view
from bot.session import TIMER, MatchSession
from engine.chicago import DecisionKind, Pending, TradeAnswerFacts

log = logging.getLogger("chicago.bot")

OFFER_DM = "offer_dm"  # store: the DM message holding the open offer
OFFER_DM_CHANNEL = "offer_dm_channel"  # store: the DM channel it is in
OFFER_SEQ = "offer_seq"  # store: the decision number the offer asks
BOARD = "board.png"


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """An offer sent by DM and not yet settled: where it is, and the decision number."""

    channel_id: int
    message_id: int
    seq: int


class OfferPost:
    """The open DM offer of one match, if any."""

    def __init__(self, ctx: MatchContext, match_id: int, channel_id: int) -> None:
        self.ctx = ctx
        self.match_id = match_id
        self.channel_id = channel_id
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
        if offer is None:
            return
        channel = self.ctx.gateway.get_partial_messageable(offer.channel_id)
        try:
            await channel.get_partial_message(offer.message_id).edit(
                content=outcome(session, offer.seq), view=None
            )
        except discord.HTTPException:
            log.info("match %s: offer DM %s could not be updated", self.match_id, offer.message_id)

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
        state = session.state
        facts = pending.facts_as(TradeAnswerFacts)
        proposer = state.sides[facts.proposer].name
        when = f" Time runs out <t:{int(deadline.timestamp())}:R>." if deadline else ""
        try:
            channel = await self._dm_channel(partner)
            png = await self.ctx.render(state, [])
            message = await channel.send(
                content=f"📨 {proposer} offers you a trade in <#{self.channel_id}>.",
                embed=offer_embed(state, pending, deadline, BOARD),
                file=discord.File(io.BytesIO(png), filename=BOARD, description=alt_text(state)),
                view=decision_view(self.match_id, session.seq, state, pending),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as exc:
            code = getattr(exc, "code", exc)
            log.info("match %s: no DM to %s (%s); offer asked in the channel",
                     self.match_id, partner, code)  # fmt: skip
            body["content"] = (
                f"<@{partner}>, {proposer} offers you a trade. Your direct messages are "
                f"closed, so answer here: only you can use these buttons.{when}"
            )
            body["allowed_mentions"] = asking(partner)
            return {}
        self.open = OpenOffer(channel.id, message.id, session.seq)
        body["content"] = (
            f"📨 <@{partner}>, {proposer} has sent you a trade offer by direct message: "
            f"the offer is pending until you answer it there.{when}"
        )
        body["allowed_mentions"] = asking(partner)
        body["view"] = None
        return {OFFER_DM: message.id, OFFER_DM_CHANNEL: channel.id, OFFER_SEQ: session.seq}

    async def _dm_channel(self, user_id: int) -> discord.DMChannel:
        gateway = self.ctx.gateway
        user = gateway.get_user(user_id) or await gateway.fetch_user(user_id)
        dm: discord.DMChannel = user.dm_channel or await user.create_dm()
        return dm


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
