"""Seats handed to a computer and taken back, the same in every game: after three
timeouts in a row, when a player leaves mid-match, and back with `/chicago join`.

The words players read are here once, and the bookkeeping (the seat record's
controller, the running timeout count, the session's controllers) changes together."""

from __future__ import annotations

from bot.session import MatchSession, StepResult
from bot.store import SeatRecord

TIMEOUTS_BEFORE_COMPUTER = 3
HANDED_LEVEL = "normal"

NOT_SEATED = "The match has started; new players can join the next one."
ALREADY_PLAYING = "You are already playing your seat."
BACK = "You have your seat back."
NO_SEAT = "You have no seat in this match."
ALREADY_HANDED = "A computer already plays your seat; `/chicago join` takes it back."
LEFT = "A computer plays your seat now. `/chicago join` takes it back."


def timed_out_line(name: str) -> str:
    return (
        f"🤖 {name} timed out {TIMEOUTS_BEFORE_COMPUTER} times running: a computer plays "
        "their seat now. `/chicago join` takes it back."
    )


def left_line(name: str) -> str:
    return f"🤖 {name} left the table: a computer plays their seat now."


def back_line(name: str) -> str:
    return f"👋 {name} is back at the table."


def hand(
    session: MatchSession, seats: list[SeatRecord], timeouts: dict[int, int], seat: int
) -> StepResult:
    """A computer plays `seat` from now on; returns what it did at once."""
    seats[seat].controller = HANDED_LEVEL
    timeouts[seat] = 0
    return session.hand_to_computer(seat, HANDED_LEVEL)


def timed_out(timeouts: dict[int, int], seat: int) -> bool:
    """Count one more timeout of `seat`; whether it is time to hand the seat over."""
    timeouts[seat] = timeouts.get(seat, 0) + 1
    return timeouts[seat] >= TIMEOUTS_BEFORE_COMPUTER


def take_back(
    session: MatchSession, seats: list[SeatRecord], timeouts: dict[int, int], seat: int | None
) -> str | None:
    """Give a player their seat back; why not (None: done)."""
    if seat is None:
        return NOT_SEATED
    if seats[seat].controller == "user":
        return ALREADY_PLAYING
    session.take_back(seat)
    seats[seat].controller = "user"
    timeouts[seat] = 0
    return None


def leave_refusal(seats: list[SeatRecord], seat: int | None) -> str | None:
    """Why this player cannot leave their seat to a computer now, or None."""
    if seat is None:
        return NO_SEAT
    if seats[seat].controller != "user":
        return ALREADY_HANDED
    return None
