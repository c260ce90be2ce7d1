"""The default a seat gets when its timer runs out (EMPIRE §14): never spends a card or
money, and depends only on the open decision and that seat's own knowledge."""

from __future__ import annotations

from engine.empire.cardplay import default_burglary
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.fight import fight_order
from engine.empire.state import EmpireState
from engine.empire.traderound import default_arrangement

PLAIN = {
    DecisionKind.START_MOBSTER: "start_mob:car",
    DecisionKind.PRE_MOVE: "roll",
    DecisionKind.ACTION: "none",
    DecisionKind.AFTER_ACTION: "go",
    DecisionKind.POLICE_ACTION: "none",
    DecisionKind.PREFIGHT: "fight",
    DecisionKind.GARAGE: "garage:GN",
    DecisionKind.OCCUPY: "occupy:-",
    DecisionKind.BID: "bid:0",
    DecisionKind.BRIBE: "bribe:0",
}


def safe_choice(state: EmpireState, pending: Pending) -> Decision:
    seat = pending.seat
    if pending.kind in PLAIN:
        return Decision.parse(PLAIN[pending.kind])
    if pending.kind is DecisionKind.START_LOT:
        return Decision.parse(min(pending.offered()))  # the lowest letter
    if pending.kind is DecisionKind.MOVE_TO:
        return Decision.parse(f"move:S{state.players[seat].car}")  # stay
    if pending.kind is DecisionKind.POLICE_MOVE:
        return Decision.parse(f"pmove:S{state.police}")
    if pending.kind is DecisionKind.CASUALTY:
        assert state.fight is not None
        left = state.fight.defenders if seat == state.fight.defender else state.fight.attackers
        return Decision("casualty", (fight_order(state.fight, left)[0],))
    if pending.kind is DecisionKind.BURGLARY:
        return default_burglary(state)
    if pending.kind is DecisionKind.PLACE:
        return default_arrangement(state, seat)
    return Decision("reject", (str(pending.facts["from"]),))  # an offer lapses
