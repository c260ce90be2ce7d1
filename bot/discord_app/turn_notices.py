"""Telling a player over days that they are asked: one notice per time they are asked
(none for a decision they just made), and one reminder when half their bank is gone,
each the way they chose on this server (`/chicago notify`: a mention in the channel, a
DM that links the prompt, or nothing), and none inside their quiet hours — it waits
until they end. What was sent is marked on the seat's clock, which the store keeps, so a
restart sends nothing twice and forgets nothing due.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

import discord

from bot.clocks import QuietHours
from bot.clocks.banks import SeatClock, instant, stamp
from bot.discord_app.days_clock import DaysClock, people_asked
from bot.discord_app.match_channel import MatchChannel
from bot.discord_app.ports import MatchContext
from bot.discord_app.replies import asking
from bot.session import MatchSession

log = logging.getLogger("chicago.bot")

NOTICE = "notice"
REMINDER = "reminder"


class NoticeTable(Protocol):
    """The running match as its notices read it."""

    @property
    def ctx(self) -> MatchContext: ...

    @property
    def channel(self) -> MatchChannel: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def guild_id(self) -> int | None: ...

    def player_of(self, seat: int) -> int | None: ...

    def where(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Due:
    seat: int
    kind: str  # NOTICE or REMINDER
    at: float


async def quiet_of(ctx: MatchContext, user_id: int) -> QuietHours | None:
    stored = await ctx.store.quiet_hours(user_id)
    if stored is None:
        return None
    try:
        return QuietHours.parse(*stored)
    except ValueError:
        return None


def _after_quiet(quiet: QuietHours | None, at: float) -> float:
    return at if quiet is None else stamp(quiet.release(instant(at)))


async def due_list(table: NoticeTable, session: MatchSession, clock: DaysClock) -> list[Due]:
    """Every notice and reminder not settled yet, each at its time after quiet hours."""
    found: list[Due] = []
    for seat in people_asked(session):
        seat_clock = clock.clocks.seats.get(seat)
        user = table.player_of(seat)
        if seat_clock is None or seat_clock.asked_at is None or user is None:
            continue
        quiet = None
        if seat_clock.noticed != seat_clock.asked_at or seat_clock.reminded != seat_clock.asked_at:
            quiet = await quiet_of(table.ctx, user)
        if seat_clock.noticed != seat_clock.asked_at:
            found.append(Due(seat, NOTICE, _after_quiet(quiet, seat_clock.asked_at)))
        half = seat_clock.half_spent()
        if seat_clock.reminded != seat_clock.asked_at and half is not None:
            at = _after_quiet(quiet, half)
            end = seat_clock.runs_out()
            if end is not None and at < end:
                found.append(Due(seat, REMINDER, at))
            else:  # only quiet hours are left before the bank runs out: no reminder
                seat_clock.reminded = seat_clock.asked_at
    return sorted(found, key=lambda d: d.at)


def skip_deciders(clock: DaysClock, seats: set[int]) -> None:
    """A player asked again right after their own decision is not told about it."""
    for seat in seats:
        seat_clock = clock.clocks.seats.get(seat)
        if seat_clock is not None and seat_clock.asked_at is not None:
            seat_clock.noticed = seat_clock.asked_at


async def send_due(
    table: NoticeTable, session: MatchSession, clock: DaysClock, now: datetime, title: str
) -> float | None:
    """Send what is due by `now`; returns when the next one falls due (None: nothing
    left). The caller saves the clocks when something was settled."""
    for due in await due_list(table, session, clock):
        if due.at > stamp(now) + 0.5:
            return due.at
        seat_clock = clock.clocks.seats[due.seat]
        user = table.player_of(due.seat)
        empty = (seat_clock.runs_out() or 0) <= stamp(now)  # the safe choice comes at once
        if user is not None and not empty:
            choice = await table.ctx.store.notify_choice(table.guild_id or 0, user)
            await _send(table, session, clock, due, user, choice, now, title)
        if due.kind == NOTICE:
            seat_clock.noticed = seat_clock.asked_at
        else:
            seat_clock.reminded = seat_clock.asked_at
    return None


def _words(
    table: NoticeTable, clock: DaysClock, due: Due, now: datetime, title: str, dm: bool
) -> str:
    bank = clock.runs_out_words(due.seat, now)
    link = f"[the prompt]({table.where()})"
    where = f" in **{title}**"
    if dm:
        channel = table.ctx.gateway.get_channel(table.channel_id)
        guild = getattr(getattr(channel, "guild", None), "name", None)
        name = getattr(channel, "name", None)
        if guild and name:
            where = f" in **{title}** on **{guild}**, #{name}"
    if due.kind == REMINDER:
        return f"⏰ Half your time is gone{where}: decide on {link}. Your bank {bank}."
    return f"🔔 It is your turn{where}: {link}. Your bank {bank}."


async def _send(
    table: NoticeTable,
    session: MatchSession,
    clock: DaysClock,
    due: Due,
    user: int,
    choice: str,
    now: datetime,
    title: str,
) -> None:
    if choice == "off":
        return
    if choice == "dm":
        text = _words(table, clock, due, now, title, dm=True)
        if await _dm(table.ctx, user, text):
            return
        log.info("match %s: DMs of user %s are closed: mentioned instead", session_id(table), user)
    text = _words(table, clock, due, now, title, dm=False)
    await table.channel.send(content=f"<@{user}> {text}", allowed_mentions=asking(user))


def session_id(table: NoticeTable) -> Any:
    return getattr(table, "match_id", "?")


async def _dm(ctx: MatchContext, user_id: int, text: str) -> bool:
    """Whether the DM went out (False: the player's DMs are closed, or no such user)."""
    try:
        user = ctx.gateway.get_user(user_id) or await ctx.gateway.fetch_user(user_id)
        await user.send(content=text, allowed_mentions=discord.AllowedMentions.none())
    except (discord.Forbidden, discord.NotFound):
        return False
    except discord.HTTPException as exc:
        if exc.code == 50007:
            return False
        raise
    return True


def settled(clock: SeatClock) -> bool:
    return clock.noticed == clock.asked_at and clock.reminded == clock.asked_at
