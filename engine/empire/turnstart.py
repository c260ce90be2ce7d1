"""The start of a turn (EMPIRE §5.2): which steps the player's car and freeze skip."""

from __future__ import annotations

from engine.empire.events import Event, TurnStarted
from engine.empire.state import EmpireState, Phase, Turn


def begin_turn(state: EmpireState, ev: list[Event]) -> None:
    seat = state.seat_order()[state.order_index]
    state.turn = Turn(seat)
    player = state.players[seat]
    ev.append(TurnStarted(seat, state.sequence, state.round))
    if player.garage:  # EMPIRE §7.6: no move, no action
        state.turn.moved = state.turn.acted = True
        state.phase = Phase.AFTER_ACTION
    elif player.frozen:  # §6.10: the car stays, the action is still taken
        state.turn.moved = True
        state.phase = Phase.ACTION
    else:
        state.phase = Phase.PRE_MOVE
