"""What a computer player reads off its own view: which buildings its hand can name,
who leads, how many thugs a side could throw into a fight."""

from __future__ import annotations

from engine.turf.board import column_of, row_of
from engine.turf.cards import is_street, rank
from engine.turf.state import NOBODY
from engine.turf.view import PlayerView


def useful_ranks(view: PlayerView, seat: int) -> set[int]:
    """Street numbers that name part of a building `seat` does not control."""
    found: set[int] = set()
    for square, guard in view.guards.items():
        if guard != seat:
            found |= {column_of(square), row_of(square)}
    return found


def paired_cards(view: PlayerView, seat: int) -> set[int]:
    """Cards of the hand that form a pair naming a building `seat` does not control."""
    street = [c for c in view.hand if is_street(c)]
    keep: set[int] = set()
    for square, guard in view.guards.items():
        if guard == seat:
            continue
        col, row = column_of(square), row_of(square)
        cols = [c for c in street if rank(c) == col]
        rows = [c for c in street if rank(c) == row and c not in cols[:1]]
        if cols and rows:
            keep |= {cols[0], rows[0]}
    return keep


def buildings_of(view: PlayerView, seat: int) -> int:
    return sum(1 for guard in view.guards.values() if guard == seat)


def fighting_strength(view: PlayerView, seat: int) -> int:
    """Thugs `seat` could commit: all but those on a job (TURF §4.3.1)."""
    p = view.players[seat]
    return p.idle + p.cops + p.guards


def leader(view: PlayerView, seat: int) -> int:
    """The rival with the most buildings, or NOBODY when no rival holds one."""
    rivals = [p.seat for p in view.players if p.seat != seat and not p.out and p.guards]
    return max(rivals, key=lambda s: (view.players[s].guards, -s), default=NOBODY)
