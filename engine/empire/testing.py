"""Arranging Empire positions for tests and bug reports: Mobsters, cards, cars, dice.

These bypass the rules on purpose, to set a scene; play then goes through `apply`. Cards
put somewhere are taken from wherever they were, so the 128 are always all in one place.
"""

from __future__ import annotations

from engine.empire.flow import apply, ask, new_match, timeout_default
from engine.empire.state import EmpireOptions, EmpireState, Phase, Turn


def scene(players: int = 2, seed: int = 0, sequences: int = 12) -> EmpireState:
    """A match in joining order, set up by the §14 defaults (start lots by lowest letter,
    the starred Mobster in the car), at the first player's first decision."""
    state = new_match(players, seed, EmpireOptions(sequences), shuffle_seats=False)
    while state.phase in (Phase.START_LOT, Phase.START_MOBSTER):
        seat = state.pending[0].seat
        apply(state, seat, timeout_default(state, seat))
    return state


def take_card(state: EmpireState, card: str) -> None:
    """Remove `card` from wherever it is (deck, piles, list, hands, rosters, Jobs)."""
    for pile in (state.deck, state.used, state.graveyard, state.auction):
        if card in pile:
            pile.remove(card)
    for p in state.players:
        if card in p.hand:
            p.hand.remove(card)
        p.mobsters.pop(card, None)
        p.jobs.pop(card, None)
    if card in state.revealed:
        state.revealed.remove(card)


def mobsters(state: EmpireState, seat: int, places: dict[str, str], keep: bool = False) -> None:
    """Give `seat` exactly these Mobsters at these places (or add them, with `keep`);
    any it had before go back to the deck."""
    player = state.players[seat]
    if not keep:
        for m in list(player.mobsters):
            del player.mobsters[m]
            state.deck.insert(0, m)
    for m, where in places.items():
        take_card(state, m)
        player.mobsters[m] = where
    refresh(state)


def hand(state: EmpireState, seat: int, *cards: str) -> None:
    player = state.players[seat]
    for c in list(player.hand):
        player.hand.remove(c)
        state.deck.insert(0, c)
    for c in cards:
        take_card(state, c)
        player.hand.append(c)
    refresh(state)


def job(state: EmpireState, seat: int, card: str, done: bool = False) -> None:
    take_card(state, card)
    state.players[seat].jobs[card] = done
    refresh(state)


def car(state: EmpireState, seat: int, square: int, garage: str = "") -> None:
    state.players[seat].car = square
    state.players[seat].garage = garage
    refresh(state)


def turn_of(state: EmpireState, seat: int, phase: Phase = Phase.ACTION) -> None:
    """Make it `seat`'s turn, at `phase` (the movement done unless at PRE_MOVE)."""
    state.order_index = state.seat_order().index(seat)
    state.turn = Turn(seat, moved=phase is not Phase.PRE_MOVE)
    state.phase = phase
    refresh(state)


def dice(state: EmpireState, *values: int) -> None:
    """Queue the next dice (EMPIRE §15: tests may script them)."""
    state.rng.script.extend(values)


def refresh(state: EmpireState) -> None:
    """Recompute the open decisions after a scene was changed by hand."""
    ask(state)


__all__ = ["car", "dice", "hand", "job", "mobsters", "refresh", "scene", "take_card", "turn_of"]
