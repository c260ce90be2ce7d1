"""Arrivals: a boss's destination (RULES §6) and police arrivals (RULES §7), with the
encounters they cause: pay or raid (§6 step 4), bribe or raid (§8.2), Lucky Jack (§6.3).
"""

from __future__ import annotations

from engine.chicago.agenda import push
from engine.chicago.board import ARRESTED, HEIST, SPACES, START, SpaceKind
from engine.chicago.card_effects import draw_and_resolve
from engine.chicago.characters import LUCKY_JACK_TAKE, Character
from engine.chicago.decisions import (
    BribeOrRaidFacts,
    Decision,
    DecisionKind,
    Option,
    PayOrRaidFacts,
    Pending,
)
from engine.chicago.economy import collect, fine_at, pay, truce_active
from engine.chicago.events import DicePurpose, DiceRolled, Event, FineWaived, PayReason
from engine.chicago.movement import send_to_detention
from engine.chicago.raids import begin_raid, can_raid, raid_at_start
from engine.chicago.state import MERCHANT, NO_SPACE, MatchState, Step
from engine.common.rng import die

HEIST_PAYOUT = 1500
HEIST_POLICE_STEPS = 3
BRIBE_PER_PIP = 100
MAX_BRIBE = 6 * BRIBE_PER_PIP


def police_present(state: MatchState, space: int) -> bool:
    police = state.police
    return not police.eliminated and police.position == space


def boss_destination(state: MatchState, ev: list[Event], step: Step) -> None:
    """Resolve where a boss's move ended, in the order of §6."""
    side = state.sides[step.seat]
    if not side.free:
        return
    state.turn.personal_on_landing = False
    here = side.position
    if here == START:
        if police_present(state, START):
            raid_at_start(state, ev)
            return
        if any(s.free and s.position == START and s.seat != side.seat for s in state.bosses):
            state.turn.arrived_on_start = True
    push(state, "space_effect", step.seat)
    push(state, "business", step.seat)
    push(state, "lucky_jack", step.seat)
    if here != START and police_present(state, here) and not side.has(Character.QUEEN_BEE):
        push(state, "personal", step.seat)


def lucky_jack(state: MatchState, ev: list[Event], step: Step) -> None:
    """Pairs the move creates pay a powered Lucky Jack $500 each (§6 step 3)."""
    mover = state.sides[step.seat]
    if not mover.free:
        return
    others = [s for s in state.bosses if s.free and s.position == mover.position and s is not mover]
    if mover.has(Character.LUCKY_JACK):
        for other in others:
            if mover.free and other.free:
                pay(state, ev, other.seat, mover.seat, LUCKY_JACK_TAKE, PayReason.LUCKY_JACK)
        return
    for other in others:
        if other.has(Character.LUCKY_JACK) and mover.free:
            pay(state, ev, mover.seat, other.seat, LUCKY_JACK_TAKE, PayReason.LUCKY_JACK)


def _pay_or_raid(state: MatchState, seat: int, space: int) -> None:
    owner = state.control[space]
    fine = fine_at(state, space)
    kind = "Inspection" if state.sides[owner].is_police else "Protection"
    reason = can_raid(state, seat)
    if reason is None and truce_active(state, owner):
        reason = "a Gangland truce protects it"
    options = [
        Option("pay", f"Pay ${fine:,} {kind}", amount=fine),
        Option("raid", "Raid", reason is None, reason),
    ]
    facts = PayOrRaidFacts(space, owner, fine, state.sides[owner].is_police)
    state.pending = Pending(DecisionKind.PAY_OR_RAID, seat, options, facts)


def rival_business(state: MatchState, ev: list[Event], step: Step) -> None:
    """Pay or raid on a rival business, unless a personal encounter replaced it."""
    side = state.sides[step.seat]
    if not side.free or state.turn.personal_on_landing:
        return
    here = side.position
    owner = state.control[here]
    if not SPACES[here].is_business or owner in (MERCHANT, side.seat):
        return
    if state.sides[owner].is_police and side.has(Character.QUEEN_BEE):
        ev.append(FineWaived(side.seat, here))
        return
    _pay_or_raid(state, side.seat, here)


def pay_or_raid(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    facts = pending.facts_as(PayOrRaidFacts)
    seat, space, owner = pending.seat, facts.business, facts.owner
    if seat == state.turn.seat:
        state.turn.encounter_done = True
    if d.kind == "raid":
        begin_raid(state, ev, seat, owner, space)
        return
    reason = PayReason.INSPECTION if state.sides[owner].is_police else PayReason.PROTECTION
    pay(state, ev, seat, owner, facts.fine, reason)


def personal_encounter(state: MatchState, ev: list[Event], step: Step) -> None:
    """A boss sharing a space with police: bribe or raid the police (§8, §8.2)."""
    side = state.sides[step.seat]
    police = state.police
    if not side.free or police.eliminated or side.position != police.position:
        return
    state.turn.personal_on_landing = True
    state.turn.police_personal = True
    top = MAX_BRIBE // 2 if side.has(Character.FIXER) else MAX_BRIBE
    reason = can_raid(state, side.seat)
    options = [
        Option("bribe", f"Bribe (roll: up to ${top:,})", amount=top),
        Option("raid", "Raid the police", reason is None, reason),
    ]
    facts = BribeOrRaidFacts(police.position, top)
    state.pending = Pending(DecisionKind.BRIBE_OR_RAID, side.seat, options, facts)


def bribe_or_raid(state: MatchState, ev: list[Event], pending: Pending, d: Decision) -> None:
    seat = pending.seat
    if state.turn.seat in (seat, state.police_seat):
        state.turn.encounter_done = True
    if d.kind == "raid":
        here = state.police.position
        at_stake = here if state.control[here] == state.police_seat else NO_SPACE
        begin_raid(state, ev, seat, state.police_seat, at_stake)
        return
    pips = die(state.rng)
    ev.append(DiceRolled(seat, (pips,), DicePurpose.BRIBE))
    per_pip = BRIBE_PER_PIP // 2 if state.sides[seat].has(Character.FIXER) else BRIBE_PER_PIP
    pay(state, ev, seat, state.police_seat, per_pip * pips, PayReason.BRIBE)


def space_effect(state: MatchState, ev: list[Event], step: Step) -> None:
    """Card spaces draw; Heist pays and moves police; Arrested detains (§6 steps 5-6)."""
    side = state.sides[step.seat]
    if not side.free:
        return
    space = SPACES[side.position]
    if space.kind is SpaceKind.CARD:
        assert space.deck is not None
        draw_and_resolve(state, ev, step.seat, space.deck)
    elif space.index == HEIST:
        collect(state, ev, step.seat, HEIST_PAYOUT, PayReason.HEIST)
        push(state, "police_move", arg=HEIST_POLICE_STEPS)
    elif space.index == ARRESTED:
        send_to_detention(state, ev, step.seat)


def police_arrival(state: MatchState, ev: list[Event], step: Step) -> None:
    """Police ends a move (§7.1): Start raid, else personal encounters in seat order from
    the turn's boss, else pay or raid on a boss's business."""
    police = state.police
    if police.eliminated:
        return
    here = police.position
    state.turn.police_personal = False
    if here == START and any(not s.eliminated and s.position == START for s in state.bosses):
        raid_at_start(state, ev)
        return
    first = 0 if state.turn.seat == state.police_seat else state.turn.seat
    seats = [s.seat for s in state.bosses if s.free and s.position == here]
    seats.sort(key=lambda seat: (seat < first, seat))
    push(state, "police_business")
    for seat in reversed(seats):
        if not state.sides[seat].has(Character.QUEEN_BEE):
            push(state, "personal", seat, must_finish=True)


def police_business(state: MatchState, ev: list[Event], step: Step) -> None:
    police = state.police
    if police.eliminated or state.turn.police_personal:
        return
    here = police.position
    owner = state.control[here]
    if SPACES[here].is_business and owner not in (MERCHANT, police.seat):
        _pay_or_raid(state, police.seat, here)
