"""The one way an offer between players reaches the player who answers it, in every game.

A player makes an offer at the table (Chicago 1927's trade screen, Turf's `/chicago
deal`); the game then asks its partner to answer. This flow carries that question: one
direct message with the game's words and its accept / reject controls; when the partner's
direct messages are closed, the game's fallback in the channel (answered there, only by
the partner); and once the offer is answered or its timer lapses, the DM says what became
of it. The flow owns the sending, the closed-DM detection and the settling; a game fills
it with its contents through `Offers`, so every game's offers behave alike and none needs
a DM path of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import discord

from bot.discord_app.ports import MatchContext
from bot.session import MatchSession

log = logging.getLogger("chicago.bot")


@dataclass(frozen=True, slots=True)
class Asked:
    """One seat asked to answer an offer: at decision `seq`, played by `user_id`."""

    seat: int
    seq: int
    user_id: int
    deadline: datetime | None = None


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """An offer sent by DM and not yet settled: where the DM is, and its decision number."""

    channel_id: int
    message_id: int
    seq: int


class Offers(Protocol):
    """What a game fills the flow with: how its offer reads, and the decision texts of its
    answers (carried by the controls of `letter`)."""

    async def letter(self, session: MatchSession, asked: Asked) -> dict[str, Any]:
        """The DM asking the partner to answer: its words, picture and controls."""
        ...

    def sent(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        """The DM is out: what the channel's `prompt` (the message being posted, if the
        game asks in it) says meanwhile."""
        ...

    async def dms_closed(self, session: MatchSession, asked: Asked, prompt: dict[str, Any]) -> None:
        """The partner's DMs are closed: how they answer in the channel, in private."""
        ...

    def outcome(self, session: MatchSession, seq: int) -> str | None:
        """What the DM of the offer asked at `seq` says once settled (None: it stays)."""
        ...


class OfferFlow:
    """One match's offers carried by DM, from delivery to settling."""

    def __init__(self, ctx: MatchContext, match_id: int, offers: Offers) -> None:
        self.ctx = ctx
        self.match_id = match_id
        self.offers = offers

    async def deliver(
        self, session: MatchSession, asked: Asked, prompt: dict[str, Any]
    ) -> OpenOffer | None:
        """Send the offer to its partner by DM; None when their DMs are closed (the game's
        fallback in the channel is used instead)."""
        try:
            body = await self.offers.letter(session, asked)
            channel = await self._dm_channel(asked.user_id)
            message = await channel.send(**body)
        except discord.HTTPException as exc:
            code = getattr(exc, "code", exc)
            log.info("match %s: no DM to %s (%s); the offer is answered in the channel",
                     self.match_id, asked.user_id, code)  # fmt: skip
            await self.offers.dms_closed(session, asked, prompt)
            return None
        self.offers.sent(session, asked, prompt)
        return OpenOffer(channel.id, message.id, asked.seq)

    async def settle(self, session: MatchSession, offer: OpenOffer | None) -> None:
        """The DM of a settled offer loses its controls and says what became of it."""
        if offer is None:
            return
        text = self.offers.outcome(session, offer.seq)
        if text is None:
            return
        channel = self.ctx.gateway.get_partial_messageable(offer.channel_id)
        try:
            await channel.get_partial_message(offer.message_id).edit(content=text, view=None)
        except discord.HTTPException:
            log.info("match %s: offer DM %s could not be updated", self.match_id, offer.message_id)

    async def _dm_channel(self, user_id: int) -> discord.DMChannel:
        gateway = self.ctx.gateway
        user = gateway.get_user(user_id) or await gateway.fetch_user(user_id)
        dm: discord.DMChannel = user.dm_channel or await user.create_dm()
        return dm
