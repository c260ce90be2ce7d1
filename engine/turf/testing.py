"""Arranging Turf positions for tests and bug reports: hands, buildings, thugs.

These bypass the rules on purpose, to set a scene; play then goes through `apply`.
Thugs placed here come out of (or go back to) the owner's supply, so every player
still owns 40 in all.
"""

from __future__ import annotations

from engine.turf.board import parse_square
from engine.turf.cards import parse_card
from engine.turf.flow import _ask, new_match
from engine.turf.state import NOBODY, SUPPLY, Building, TurfOptions, TurfState


def scene(
    players: int = 2,
    buildings: dict[str, int] | None = None,
    round_limit: int = 30,
    seed: int = 0,
) -> TurfState:
    """A match in seat order "Boss 1", "Boss 2", … with the first seat's legwork open.
    `buildings` maps a square's text ("35") to its guard's seat (NOBODY: unoccupied);
    when given, it replaces the seeded buildings."""
    state = new_match(players, seed, TurfOptions(round_limit), shuffle_seats=False)
    if buildings is not None:
        state.buildings = [
            Building(parse_square(sq), guard) for sq, guard in sorted(buildings.items())
        ]
    rebalance(state)
    return state


def hand(state: TurfState, seat: int, *cards: str) -> None:
    """Give `seat` exactly these cards, taken from wherever they are."""
    wanted = [parse_card(c) for c in cards]
    for pile in [state.draw, state.discard, *(p.hand for p in state.players)]:
        pile[:] = [c for c in pile if c not in wanted]
    state.players[seat].hand = wanted
    refresh(state)


def thugs(state: TurfState, seat: int, idle: int = 0, job: int = 0, cops: int = 0) -> None:
    player = state.players[seat]
    player.idle, player.job, player.cops = idle, job, cops
    rebalance(state)


def rebalance(state: TurfState) -> None:
    """Set every supply to what the placed thugs leave of 40, then ask again."""
    for player in state.players:
        player.supply = SUPPLY - state.thugs(player.seat)
    refresh(state)


def refresh(state: TurfState) -> None:
    """Recompute the open decisions after a scene was changed by hand."""
    _ask(state)


__all__ = ["NOBODY", "hand", "rebalance", "refresh", "scene", "thugs"]
