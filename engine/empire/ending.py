"""How a match ends: 10 Power Points at any check (EMPIRE §11), or the cap (§12)."""

from __future__ import annotations

from engine.empire.events import Event, MatchEnded
from engine.empire.gang import may_reach_win, powers, turf_count
from engine.empire.state import WIN_POWER, EmpireState, EndReason, Phase, Result


def ranking(state: EmpireState, with_turf: bool) -> list[int]:
    """Seats by most PP, then most money (then most Turf at the cap), then seat order
    from the sequence's first player (EMPIRE §11 [R], §12 [R])."""
    order = state.seat_order()
    points = powers(state)

    def key(seat: int) -> tuple[int, int, int, int]:
        turf = turf_count(state, seat) if with_turf else 0
        return (-points[seat], -state.players[seat].money, -turf, order.index(seat))

    return sorted(order, key=key)


def settle(state: EmpireState, ev: list[Event]) -> bool:
    """The Power Points check after every decision and automatic step: True once over."""
    if state.result is not None:
        return True
    if not may_reach_win(state):
        return False
    points = powers(state)
    if max(points) < WIN_POWER:
        return False
    _end(state, ev, EndReason.POWER, ranking(state, with_turf=False), points)
    return True


def end_by_cap(state: EmpireState, ev: list[Event]) -> None:
    points = powers(state)
    _end(state, ev, EndReason.CAP, ranking(state, with_turf=True), points)


def _end(
    state: EmpireState, ev: list[Event], reason: EndReason, order: list[int], points: list[int]
) -> None:
    state.result = Result(reason, order[0], order, points)
    state.phase = Phase.OVER
    state.pending = []
    state.offers = []
    ev.append(MatchEnded(reason.value, order[0], tuple(points)))
