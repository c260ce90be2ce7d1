"""A turn's steps (EMPIRE §5.2): move, one action, the police, and the end of the turn;
Events and the Reporter's peek may come at any of the player's own decisions."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.common.rng import die
from engine.empire import actions, cardplay, fight, police
from engine.empire.board import SQUARES, reach
from engine.empire.cards import THE_REPORTER
from engine.empire.decisions import Decision, Option
from engine.empire.events import CarMoved, DieRolled, Event, Peeked, PeekMade
from engine.empire.gang import at, driver_bonus, is_working
from engine.empire.offers import lapse_offers
from engine.empire.state import ACTION_ROUNDS, CAR, EmpireState, Phase
from engine.empire.traderound import start_trade_round
from engine.empire.turnstart import begin_turn


def extras(state: EmpireState, seat: int) -> list[Option]:
    """Own-turn Events and the peek, offered beside every own decision of steps 1-3."""
    return cardplay.play_options(state, seat) + peek_options(state, seat)


def peek_options(state: EmpireState, seat: int) -> list[Option]:
    """EMPIRE §6.8: once per Game Sequence, with a working Reporter."""
    player = state.players[seat]
    if player.peeked or not is_working(player.mobsters.get(THE_REPORTER, "jail")):
        return []
    cars = [f"peek:car{p.seat}" for p in state.players if p.seat != seat]
    lots = [f"peek:{lot}" for lot, b in state.lots.items() if b.owner != seat]
    return [Option(key, "peek") for key in cars + lots]


def pre_move_options(state: EmpireState, seat: int) -> list[Option]:
    return [Option("roll", "roll to move"), *extras(state, seat)]


MOVE_TEXT = {sq: (f"move:S{sq}", f"to S{sq}") for sq in SQUARES}  # written once


def move_options(state: EmpireState, seat: int) -> list[Option]:
    assert state.turn is not None
    here = state.players[seat].car
    squares = reach(here, state.turn.allowance)  # staying put first, then by number
    return [Option(*MOVE_TEXT[here])] + [Option(*MOVE_TEXT[sq]) for sq in squares if sq != here]


def action_options(state: EmpireState, seat: int) -> list[Option]:
    return actions.action_options(state, seat) + extras(state, seat)


def after_options(state: EmpireState, seat: int) -> list[Option]:
    return [Option("go", "go on"), *extras(state, seat)]


def take_turn_step(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    """Any decision of the active player in PRE_MOVE, MOVE_TO, ACTION or AFTER_ACTION."""
    turn = state.turn
    assert turn is not None
    if d.kind == "play":
        cardplay.play(state, ev, seat, d)
    elif d.kind == "peek":
        _peek(state, ev, seat, d.arg(0))
    elif d.kind == "roll":
        roll = die(state.rng)
        bonus = driver_bonus(at(state.players[seat], CAR))
        ev.append(DieRolled(seat, "movement", roll, bonus))
        turn.allowance, turn.back_to = roll + bonus, Phase.ACTION
        state.phase = Phase.MOVE_TO
    elif d.kind == "move":
        player = state.players[seat]
        start, player.car = player.car, int(d.arg(0)[1:])
        ev.append(CarMoved(seat, start, player.car))
        turn.moved = True
        state.phase = turn.back_to
    elif d.kind == "go":
        _police_or_end(state, ev, seat)
    elif d.kind in ("driveby", "hit"):
        fight.declare(state, ev, seat, d)
    else:
        if d.kind != "none":
            actions.act(state, ev, seat, d)
        turn.acted = True
        state.phase = Phase.AFTER_ACTION


def _peek(state: EmpireState, ev: list[Event], seat: int, target: str) -> None:
    state.players[seat].peeked = True
    if target.startswith("car"):
        men = at(state.players[int(target[3:])], CAR)
    else:
        men = at(state.players[state.lots[target].owner], target)
    ev.append(PeekMade(seat, target))
    ev.append(Peeked(seat, target, tuple(men), (seat,)))


def _police_or_end(state: EmpireState, ev: list[Event], seat: int) -> None:
    if state.badge == seat and not state.players[seat].frozen:
        police.start_police_step(state, ev, seat)
    else:
        end_turn(state, ev)


def take_police_move(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    if police.take_move(state, ev, seat, d):
        state.phase = Phase.POLICE_ACTION
    else:
        end_turn(state, ev)


def take_police_action(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    if d.kind != "none":
        police.take_action(state, ev, seat, d)
    end_turn(state, ev)


def end_turn(state: EmpireState, ev: list[Event]) -> None:
    lapse_offers(state, ev)
    state.order_index += 1
    if state.order_index == len(state.players):
        state.order_index = 0
        state.round += 1
        if state.round > ACTION_ROUNDS:
            start_trade_round(state, ev)
            return
    begin_turn(state, ev)


def check_peek(state: EmpireState, seat: int, d: Decision) -> None:
    if len(d.args) != 1:
        raise IllegalDecision(f"{d}: name one car or Business")
