"""A turn's frame: it begins (roll, or release from Detention), and it ends, handing
the turn on and opening a new round after police (RULES §4, §4.1)."""

from __future__ import annotations

from engine.chicago.agenda import push
from engine.chicago.decisions import Decision, DecisionKind, Option, Pending, RollFacts
from engine.chicago.economy import collect
from engine.chicago.events import (
    DicePurpose,
    DiceRolled,
    Event,
    MoveKind,
    PayReason,
    Released,
    TruceEnded,
    TurnStarted,
)
from engine.chicago.movement import walk
from engine.chicago.outcome import finish
from engine.chicago.state import EndReason, MatchState, Step, Turn
from engine.common.rng import die

RELEASE_PAYOUT = 500


def begin_turn(state: MatchState, ev: list[Event], step: Step) -> None:
    """A boss rolls, or if detained collects $500, is freed and acts (§4.1)."""
    seat = step.seat
    side = state.sides[seat]
    state.turn = Turn(seat)
    side.turns += 1
    ev.append(TurnStarted(seat, state.round))
    push(state, "end_turn", seat, must_finish=True)
    if side.detained:
        side.detained = False
        ev.append(Released(seat))
        push(state, "action", seat)
        collect(state, ev, seat, RELEASE_PAYOUT, PayReason.RELEASE)
        return
    roll_option = [Option("roll", "Roll the dice")]
    state.pending = Pending(DecisionKind.ROLL, seat, roll_option, RollFacts(side.position))


def roll(state: MatchState, ev: list[Event], asked: Pending, d: Decision) -> None:
    seat = asked.seat
    dice = (die(state.rng), die(state.rng))
    ev.append(DiceRolled(seat, dice, DicePurpose.MOVE))
    push(state, "action", seat)
    walk(state, ev, seat, sum(dice), MoveKind.DICE)
    push(state, "police_arrival" if state.sides[seat].is_police else "destination", seat)


def end_turn(state: MatchState, ev: list[Event], step: Step) -> None:
    """Expire a truce, then hand the turn on; after police, a new round (§4)."""
    side = state.sides[step.seat]
    if side.truce_through and side.turns >= side.truce_through:
        side.truce_through = 0
        ev.append(TruceEnded(side.seat))
    alive = [s.seat for s in state.sides if not s.eliminated]
    after = [seat for seat in alive if seat > step.seat]
    if not after:
        limit = state.setup.options.round_limit
        if limit is not None and state.round >= limit:
            finish(state, ev, EndReason.ROUND_LIMIT)
        state.round += 1
    push(state, "turn", after[0] if after else alive[0], must_finish=True)
