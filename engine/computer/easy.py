"""The "easy" level: a plain, readable greedy player for newcomers to beat.

It buys while it stays above a fixed cushion, raids only with a clear soldier lead, always
bribes, fights on while it is not at risk of being wiped out, and never trades. It makes
no sense of marks or of rivals' progress, which is exactly what a newcomer can exploit.
"""

from __future__ import annotations

from engine.actions import RECRUIT
from engine.board import SPACES
from engine.decisions import Decision, DecisionKind, Pending
from engine.state import MatchState

CUSHION = 3000  # cash kept after any purchase
RAID_LEAD = 15  # soldiers more than the defender before raiding
RECRUIT_BELOW = 40


def choose_easy(state: MatchState, pending: Pending) -> Decision:
    seat = pending.seat
    side = state.sides[seat]
    available = pending.available()
    kind = pending.kind
    if kind is DecisionKind.PAY_OR_RAID:
        owner = state.control[pending.space]
        lead = side.people - state.sides[owner].people
        raid = "raid" in available and (lead >= RAID_LEAD or side.cash <= pending.amount)
        return Decision("raid" if raid else "pay")
    if kind is DecisionKind.BRIBE_OR_RAID:
        raid = "raid" in available and side.cash <= pending.amount
        return Decision("raid" if raid else "bribe")
    if kind is DecisionKind.FIGHT_OR_WITHDRAW:
        return Decision("withdraw" if side.people <= 10 else "fight")
    if kind in (DecisionKind.ACTION, DecisionKind.POLICE_ACTION):
        return _action(state, pending)
    if kind is DecisionKind.TRADE_ANSWER:
        return Decision("reject")
    if "pass" in available:
        return Decision("pass")
    return Decision(available[0])


def _action(state: MatchState, pending: Pending) -> Decision:
    side = state.sides[pending.seat]
    available = pending.available()
    if "raid" in available:
        owner = state.control[side.position]
        if side.people - state.sides[owner].people >= RAID_LEAD:
            return Decision("raid")
    if "control" in available and side.cash - SPACES[side.position].cost > CUSHION:
        return Decision("control")
    if side.people < RECRUIT_BELOW:
        if "recruit10" in available and side.cash - RECRUIT["recruit10"][1] > CUSHION:
            return Decision("recruit10")
        if "recruit4" in available and side.cash - RECRUIT["recruit4"][1] > CUSHION:
            return Decision("recruit4")
    if "rebuild" in available:
        return Decision("rebuild")
    return Decision("pass")
