"""The turn's one action (RULES §9), and police's action after a card moved it (§7.1).

Rebuild contacts is open to every side on its own turn, police included (§9).
"""

from __future__ import annotations

from engine.chicago.board import SPACES, SpaceKind
from engine.chicago.characters import Character
from engine.chicago.decisions import ActionFacts, Decision, DecisionKind, Option, Pending
from engine.chicago.economy import collect, gain_people, spend, truce_active
from engine.chicago.events import (
    ActionTaken,
    ControlChanged,
    ControlReason,
    Event,
    PayReason,
    PeopleReason,
)
from engine.chicago.raids import begin_raid, can_raid
from engine.chicago.state import MAX_PEOPLE, MERCHANT, MatchState, Step
from engine.chicago.trades import propose, start_partners, trade_terms

RECRUIT = {"recruit4": (4, 1500), "recruit10": (10, 3000)}
REBUILD_BELOW = 1500
REBUILD_GAIN = 1000
VELVET_FROM_MERCHANT = 2


def _afford(cash: int, price: int) -> str | None:
    """Nobody spends themselves to $0 (§9)."""
    return None if cash > price else f"needs more than ${price:,}"


def action_options(state: MatchState, seat: int, after_card: bool) -> list[Option]:
    side = state.sides[seat]
    here = SPACES[side.position]
    options: list[Option] = []
    owner = state.control[here.index]
    if here.is_business and owner == MERCHANT:
        word = "Secure" if side.is_police else "Take control"
        reason = _afford(side.cash, here.cost)
        options.append(
            Option("control", f"{word} (${here.cost:,})", reason is None, reason, here.cost)
        )
    if here.kind is SpaceKind.HUB:
        for text, (count, price) in RECRUIT.items():
            reason = _afford(side.cash, price)
            if reason is None and side.people >= MAX_PEOPLE:
                reason = f"already {MAX_PEOPLE} strong"
            label = f"Recruit {count} (${price:,})"
            options.append(Option(text, label, reason is None, reason, price))
    rival = here.is_business and owner not in (MERCHANT, seat)
    if rival and not after_card:
        reason = None
        if state.turn.police_personal:
            reason = "you already faced the police this turn"
        elif state.turn.encounter_done:
            reason = "you already paid or raided this turn"
        reason = reason or can_raid(state, seat)
        if reason is None and truce_active(state, owner):
            reason = "a Gangland truce protects it"
        options.append(Option("raid", "Raid", reason is None, reason))
    if not side.is_police and not after_card:
        options.extend(_trade_option(state, seat))
    if not after_card and side.cash < REBUILD_BELOW:
        # Any side, police included, on its own turn (§9); never after a card moved police,
        # whose action is secure, recruit or pass (§7.1 step 5).
        options.append(Option("rebuild", f"Rebuild contacts (+${REBUILD_GAIN:,})"))
    options.append(Option("pass", "Pass"))
    return options


def _trade_option(state: MatchState, seat: int) -> list[Option]:
    turn = state.turn
    if not turn.arrived_on_start or turn.no_trade:
        return []
    partners = start_partners(state, seat)
    if not partners:
        return []
    if turn.trade_proposed:
        return [Option("trade", "Trade", False, "one proposal per turn")]
    if trade_terms(state, seat, partners) is None:
        return [Option("trade", "Trade", False, "nobody here controls a business")]
    return [Option("trade", "Trade")]


def offer_action(state: MatchState, ev: list[Event], step: Step) -> None:
    side = state.sides[step.seat]
    if side.eliminated:
        return
    options = action_options(state, step.seat, after_card=False)
    terms = None
    if any(o.decision == "trade" and o.available for o in options):
        terms = trade_terms(state, step.seat, start_partners(state, step.seat))
    facts = ActionFacts(side.position)
    state.pending = Pending(DecisionKind.ACTION, step.seat, options, facts, terms)


def offer_police_action(state: MatchState, ev: list[Event], step: Step) -> None:
    """After a card moved it, police may secure, recruit or pass (§7.1 step 5)."""
    police = state.police
    if police.eliminated:
        return
    options = action_options(state, police.seat, after_card=True)
    facts = ActionFacts(police.position, after_move=True)
    state.pending = Pending(DecisionKind.POLICE_ACTION, police.seat, options, facts)


def take_action(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    seat = pending.seat
    side = state.sides[seat]
    here = side.position
    if d.kind == "trade":
        state.turn.trade_proposed = True
        ev.append(ActionTaken(seat, "trade"))
        propose(state, ev, seat, d, at_meeting=False)
        return
    ev.append(ActionTaken(seat, d.kind))
    if d.kind == "control":
        cost = SPACES[here].cost
        spend(state, ev, seat, cost, PayReason.ESTABLISH)
        state.control[here] = seat
        ev.append(
            ControlChanged(
                here,
                MERCHANT,
                seat,
                ControlReason.SEAL if side.is_police else ControlReason.CONTROL,
            )
        )
        if side.has(Character.VELVET_BOSS):
            gain_people(state, ev, seat, VELVET_FROM_MERCHANT, PeopleReason.VELVET_BOSS)
    elif d.kind in RECRUIT:
        count, price = RECRUIT[d.kind]
        spend(state, ev, seat, price, PayReason.RECRUIT)
        gain_people(state, ev, seat, count, PeopleReason.RECRUIT)
    elif d.kind == "raid":
        state.turn.encounter_done = True
        begin_raid(state, ev, seat, state.control[here], here)
    elif d.kind == "rebuild":
        collect(state, ev, seat, REBUILD_GAIN, PayReason.REBUILD)
