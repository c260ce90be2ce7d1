"""Arranging positions for tests and bug reports: script dice, place pieces, stack cards.

These bypass the rules on purpose, to set a scene; play then goes through `apply`.
"""

from __future__ import annotations

from engine.chicago.board import Deck
from engine.chicago.card_effects import piles
from engine.chicago.cards import card, card_id
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import Event
from engine.chicago.flow import _run
from engine.chicago.state import MAX_PEOPLE, MERCHANT, MatchState, Step, Turn


def script_dice(state: MatchState, *dice: int) -> None:
    """Queue dice; the next rolls use them first, in the order the rules roll them:

    1. a movement roll: two dice;
    2. on passing Start, the renewal die (§5), then a Don's or Street Bat's bonus die;
    3. a bribe: one die (§8.2);
    4. a raid: two dice a round, the attacker's before the defender's (§8.1), round after
       round until the raid ends or someone must choose to fight on;
    5. a card's own die (Backroom poker) when the card is resolved.
    """
    if any(not 1 <= d <= 6 for d in dice):
        raise ValueError("a die shows 1 to 6")
    state.rng.script.extend(dice)


def place(state: MatchState, seat: int, space: int, detained: bool = False) -> None:
    side = state.sides[seat]
    side.position = space
    side.detained = detained


def give(state: MatchState, seat: int, *spaces: int) -> None:
    """Hand businesses to a side (police: sealed); seat MERCHANT makes them merchant-run."""
    for space in spaces:
        state.control[space] = seat


def stack_card(state: MatchState, deck: Deck, title: str) -> None:
    """Put a card of this title on top of its deck, taking it from the deck or discard."""
    pile, discard = piles(state, deck)
    wanted = card_id(deck, title)
    same = [c for c in pile + discard if _title(deck, c) == _title(deck, wanted)]
    if not same:
        raise KeyError(f"no {title!r} left in the {deck.value} deck or discard")
    chosen = same[0]
    if chosen in pile:
        pile.remove(chosen)
    else:
        discard.remove(chosen)
    pile.append(chosen)


def _title(deck: Deck, cid: int) -> str:
    return card(deck, cid).title


def set_side(
    state: MatchState,
    seat: int,
    *,
    cash: int | None = None,
    people: int | None = None,
    marks: int | None = None,
    powered: bool | None = None,
) -> None:
    """Set a side's cash, people, marks or power for a scene. Cash comes from (or goes
    back to) the bank, so the money total stays $265,000 (RULES §2.2)."""
    side = state.sides[seat]
    if cash is not None:
        if cash < 0 or cash - side.cash > state.bank:
            raise ValueError(f"cash {cash} cannot be balanced by the bank's {state.bank}")
        state.bank -= cash - side.cash
        side.cash = cash
    if people is not None:
        if not 0 <= people <= MAX_PEOPLE:
            raise ValueError(f"a side has 0 to {MAX_PEOPLE} people")
        side.people = people
    if marks is not None:
        side.marks = marks
    if powered is not None:
        side.powered = powered


def begin_turn(state: MatchState, seat: int, round_number: int | None = None) -> list[Event]:
    """Drop whatever was pending and start `seat`'s turn afresh. A turn dropped before its
    roll was never played, so it is not counted: each side's turn count stays true."""
    asked = state.pending
    if asked is not None and asked.kind is DecisionKind.ROLL:
        state.sides[asked.seat].turns -= 1
    state.pending = None
    state.raid = None
    state.offer = None
    state.turn = Turn(seat)
    if round_number is not None:
        state.round = round_number
    state.agenda = [Step("turn", seat, must_finish=True)]
    events: list[Event] = []
    _run(state, events)
    return events


__all__ = [
    "MERCHANT",
    "begin_turn",
    "give",
    "place",
    "script_dice",
    "set_side",
    "stack_card",
]
