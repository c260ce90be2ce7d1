"""Moving pieces, passing Start and the renewal roll (RULES §4, §5)."""

from __future__ import annotations

from engine.chicago.board import BOARD_SIZE, DETENTION, START
from engine.chicago.characters import Character
from engine.chicago.economy import collect, gain_people
from engine.chicago.events import (
    Detained,
    DicePurpose,
    DiceRolled,
    Event,
    Moved,
    MoveKind,
    PassedStart,
    PayReason,
    PeopleReason,
    PowerRenewed,
)
from engine.chicago.state import MatchState
from engine.common.rng import die

START_BONUS = 4000


def walk(state: MatchState, ev: list[Event], seat: int, steps: int, how: MoveKind) -> None:
    """Move a piece `steps` spaces forward (negative: backward). Forward is clockwise for a
    boss and counterclockwise for police; a forward move entering Start passes it (§5)."""
    side = state.sides[seat]
    direction = -1 if side.is_police else 1
    if steps < 0:
        direction = -direction
    start = side.position
    path = tuple((start + direction * i) % BOARD_SIZE for i in range(1, abs(steps) + 1))
    if not path:
        return
    side.position = path[-1]
    ev.append(Moved(seat, start, side.position, path, how))
    if steps > 0 and START in path:
        pass_start(state, ev, seat)


def jump(state: MatchState, ev: list[Event], seat: int, space: int) -> None:
    """A jump passes nothing (§5)."""
    side = state.sides[seat]
    start = side.position
    side.position = space
    ev.append(Moved(seat, start, space, (space,), MoveKind.JUMP))


def send_to_detention(state: MatchState, ev: list[Event], seat: int) -> None:
    """Detained: the turn ends at once, no action remains (§4.1)."""
    jump(state, ev, seat, DETENTION)
    state.sides[seat].detained = True
    ev.append(Detained(seat))
    if seat == state.turn.seat:
        state.turn.over = True


def pass_start(state: MatchState, ev: list[Event], seat: int) -> None:
    """$4,000, then a powered Don's or Street Bat's bonus, then the renewal roll (§5)."""
    ev.append(PassedStart(seat))
    collect(state, ev, seat, START_BONUS, PayReason.START)
    start_bonus(state, ev, seat)
    renewal_roll(state, ev, seat)


def start_bonus(state: MatchState, ev: list[Event], seat: int) -> None:
    side = state.sides[seat]
    if side.has(Character.DON):
        pips = die(state.rng)
        ev.append(DiceRolled(seat, (pips,), DicePurpose.DON))
        collect(state, ev, seat, 500 * pips, PayReason.DON)
    elif side.has(Character.STREET_BAT):
        pips = die(state.rng)
        ev.append(DiceRolled(seat, (pips,), DicePurpose.STREET_BAT))
        gain_people(state, ev, seat, pips, PeopleReason.STREET_BAT)


def renewal_roll(state: MatchState, ev: list[Event], seat: int) -> None:
    """4-6: powered until the next passage; 1-3: unpowered (§5)."""
    pips = die(state.rng)
    side = state.sides[seat]
    side.powered = pips >= 4
    ev.append(DiceRolled(seat, (pips,), DicePurpose.RENEWAL))
    ev.append(PowerRenewed(seat, pips, side.powered))
