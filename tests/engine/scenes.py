"""Scene helpers for the rules scenario tests: build a match, set a scene, play a turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind, Pending
from engine.chicago.events import Event, Paid
from engine.chicago.flow import new_match
from engine.chicago.state import BANK, MERCHANT, NOBODY, TOTAL_MONEY, MatchState
from engine.chicago.testing import begin_turn, place, script_dice, set_side, stack_card

DEFAULT_CHARACTERS = (
    Character.DON,
    Character.QUEEN_BEE,
    Character.IRON_FIST,
    Character.LUCKY_JACK,
)


def match(*characters: Character, bosses: int = 0, seed: int = 1) -> MatchState:
    """A match with known seats and characters; nobody is powered (RULES §3)."""
    chars = list(characters) or list(DEFAULT_CHARACTERS[: bosses or 2])
    return new_match(len(chars), seed, shuffle_seats=False, characters=chars)


def pend(state: MatchState) -> Pending:
    asked = state.pending
    assert asked is not None, "no decision is pending"
    return asked


def asks(state: MatchState, kind: DecisionKind, seat: int) -> Pending:
    """Assert that `seat` is asked a `kind` decision now, and return it."""
    asked = pend(state)
    assert (asked.kind, asked.seat) == (kind, seat), (asked.kind, asked.seat)
    return asked


def available(state: MatchState) -> list[str]:
    return pend(state).available()


def offered(state: MatchState) -> list[str]:
    return [o.decision for o in pend(state).options]


def set_cash(state: MatchState, seat: int, amount: int) -> None:
    """Set a side's cash, taking the difference from (or giving it to) the bank."""
    set_side(state, seat, cash=amount)


def conserved(state: MatchState) -> bool:
    """RULES §2.2: bank + all sides' cash = $265,000 (credit counted apart)."""
    return state.bank + sum(s.cash for s in state.sides) == TOTAL_MONEY


def turn(state: MatchState, seat: int, *dice: int) -> list[Event]:
    """Start `seat`'s turn and roll: `dice` are the move dice, then any later dice."""
    events = begin_turn(state, seat)
    asks(state, DecisionKind.ROLL, seat)
    script_dice(state, *dice)
    events += apply(state, seat, "roll")
    return events


def decide(state: MatchState, seat: int, text: str, *dice: int) -> list[Event]:
    script_dice(state, *dice)
    return apply(state, seat, text)


def draw_at(
    state: MatchState, seat: int, deck: Deck, title: str, space: int, *dice: int
) -> list[Event]:
    """`seat` rolls 1+1 from two spaces before the card space `space` and draws `title`."""
    stack_card(state, deck, title)
    place(state, seat, (space - 2) % 36)
    return turn(state, seat, 1, 1, *dice)


def payments(events: Sequence[Event]) -> list[tuple[int, int, int, str]]:
    return [(e.payer, e.payee, e.amount, e.reason) for e in events if isinstance(e, Paid)]


E = TypeVar("E", bound=Event)


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def no_dice_left(state: MatchState) -> bool:
    """Every scripted die was used: the engine rolled exactly what the rules ask."""
    return state.rng.script == []


__all__ = ["BANK", "MERCHANT", "NOBODY", "TOTAL_MONEY"]
