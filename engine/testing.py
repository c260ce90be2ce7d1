"""Arranging positions for tests and bug reports: script dice, place pieces, stack cards.

These bypass the rules on purpose, to set a scene; play then goes through `apply`.
"""

from __future__ import annotations

from engine.board import Deck
from engine.card_effects import piles
from engine.cards import card, card_id
from engine.events import Event
from engine.flow import _run
from engine.state import MERCHANT, MatchState, Step, Turn


def script_dice(state: MatchState, *dice: int) -> None:
    """Queue dice: the next rolls (moves, raids, bribes, renewals, bonuses) use them first."""
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


def begin_turn(state: MatchState, seat: int, round_number: int | None = None) -> list[Event]:
    """Drop whatever was pending and start `seat`'s turn afresh."""
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


__all__ = ["MERCHANT", "begin_turn", "give", "place", "script_dice", "stack_card"]
