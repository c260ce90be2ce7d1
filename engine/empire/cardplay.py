"""Own-turn Events (EMPIRE §3.3, §6.9): which may be played now with which targets, and
what each does. The Severed Horse Head's standing order is checked before any Event
aimed at its holder acts."""

from __future__ import annotations

from collections.abc import Callable

from engine.common.errors import IllegalDecision
from engine.common.rng import die
from engine.empire.cards import (
    ACCIDENT,
    CANCELLABLE,
    EVENTS,
    HORSE_HEAD,
    LUCKY_LOU,
    PROTECTION_PER_TURF,
    STREETWISE,
    THE_FEDS,
    THE_PILLOW,
    Target,
    Window,
)
from engine.empire.decisions import Decision, Option, amounts
from engine.empire.events import (
    BurglaryDone,
    Burgled,
    DieRolled,
    Event,
    EventCancelled,
    EventPlayed,
    FedsChanged,
    FreezeChanged,
    MoneyChanged,
    ResourcesGained,
)
from engine.empire.gang import at, driver_bonus, first_aid_saves, fits_car, send, send_to_graveyard
from engine.empire.state import CAR, HOSPITAL, JAIL, NOBODY, EmpireState, Phase

OWN_TURN_PHASES = (Phase.PRE_MOVE, Phase.ACTION, Phase.AFTER_ACTION)


def targets(state: EmpireState, seat: int, card: str) -> list[str] | None:
    """The targets `card` may name now ([] when it names none); None if not playable."""
    player = state.players[seat]
    if player.frozen:
        return [] if card == HORSE_HEAD else None
    event = EVENTS[card]
    if event.window is not Window.OWN_TURN:
        return None
    others = [p for p in state.players if p.seat != seat]
    match event.target:
        case Target.OPPONENT:
            return [str(p.seat) for p in others if not (card == "E03" and p.frozen)] or None
        case Target.OPPONENT_HOSPITAL | Target.OPPONENT_JAIL:
            where = HOSPITAL if event.target is Target.OPPONENT_HOSPITAL else JAIL
            return [m for p in others for m in at(p, where)] or None
        case Target.OWN_JAIL | Target.OWN_HOSPITAL:
            where = JAIL if event.target is Target.OWN_JAIL else HOSPITAL
            car = at(player, CAR)
            return [m for m in at(player, where) if fits_car([*car, m])] or None
    if card == STREETWISE and player.garage:
        return None
    if card == THE_FEDS and state.feds:
        return None
    return []


def play_options(state: EmpireState, seat: int) -> list[Option]:
    found: list[Option] = []
    for card in sorted({c for c in state.players[seat].hand if c.startswith("E")}):
        aims = targets(state, seat, card)
        if aims is None:
            continue
        sample = ":".join(["play", card, *aims[:1]]) if aims else ""
        found.append(Option(f"play:{card}", EVENTS[card].name, sample, aims))
    return found


def check_play(state: EmpireState, seat: int, d: Decision) -> None:
    aims = targets(state, seat, d.arg(0)) or []
    if len(d.args) != (2 if aims else 1) or (aims and d.args[1] not in aims):
        raise IllegalDecision(f"{d}: not a target this card may name now")


def cancelled(state: EmpireState, ev: list[Event], victim: int, card: str) -> bool:
    """A Severed Horse Head whose standing order ticks `card` cancels it (EMPIRE §6.9)."""
    holder = state.players[victim]
    if card not in CANCELLABLE or HORSE_HEAD not in holder.hand:
        return False
    if card not in holder.orders.horse_head:
        return False
    holder.hand.remove(HORSE_HEAD)
    state.used.append(HORSE_HEAD)
    ev.append(EventCancelled(victim, card))
    return True


def play(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    card = d.arg(0)
    player = state.players[seat]
    player.hand.remove(card)
    state.used.append(card)
    aim = d.arg(1)
    victim = (
        int(aim)
        if aim.isdigit()
        else state.owner_of(aim)
        if aim and EVENTS[card].target in (Target.OPPONENT_HOSPITAL, Target.OPPONENT_JAIL)
        else NOBODY
    )
    mobsters = (aim,) if aim and not aim.isdigit() else ()
    ev.append(EventPlayed(seat, card, victim, mobsters))
    if victim != NOBODY and cancelled(state, ev, victim, card):
        return
    effect = _EFFECTS.get(card)
    if effect is None:
        _gain(state, ev, seat, card)
    else:
        effect(state, ev, seat, aim)


def _gain(state: EmpireState, ev: list[Event], seat: int, card: str) -> None:
    """Windfall, Bootleg Shipment, Girls on the Train, Union Muscle (EMPIRE §3.3 [R])."""
    event = EVENTS[card]
    player = state.players[seat]
    if event.money:
        player.money += event.money
        ev.append(MoneyChanged(seat, event.money, event.id, (seat,)))
    if event.gain is not None:
        kind, amount = event.gain
        got = min(amount, state.pool[kind])
        state.pool[kind] -= got
        player.res[kind] += got
        amounts = [0, 0, 0]
        amounts[kind] = got
        ev.append(ResourcesGained(seat, (amounts[0], amounts[1], amounts[2]), event.id, ()))


def _streetwise(state: EmpireState, ev: list[Event], seat: int, _aim: str) -> None:
    """One more movement, before or after the action (EMPIRE §6.1)."""
    assert state.turn is not None
    roll = die(state.rng)
    bonus = driver_bonus(at(state.players[seat], CAR))
    ev.append(DieRolled(seat, "streetwise", roll, bonus))
    state.turn.allowance = roll + bonus
    state.turn.back_to = state.phase
    state.phase = Phase.MOVE_TO


def _election_day(state: EmpireState, ev: list[Event], _seat: int, aim: str) -> None:
    victim = int(aim)
    state.players[victim].frozen = True
    state.offers = [o for o in state.offers if victim not in (o.proposer, o.receiver)]
    ev.append(FreezeChanged(victim, True))


def _burglary(state: EmpireState, ev: list[Event], seat: int, aim: str) -> None:
    """EMPIRE §6.9: the die is rolled, then the thief alone sees what the victim has."""
    assert state.turn is not None
    victim = int(aim)
    roll = die(state.rng)
    ev.append(DieRolled(seat, "burglary", roll, 0))
    if sum(state.players[victim].res) == 0:
        ev.append(BurglaryDone(seat, victim, 0))
        return
    state.turn.burglary_victim, state.turn.burglary_roll = victim, roll
    state.turn.back_to = state.phase
    state.phase = Phase.BURGLARY


def _feds(state: EmpireState, ev: list[Event], _seat: int, _aim: str) -> None:
    state.feds = True
    ev.append(FedsChanged(True))


def _pillow(state: EmpireState, ev: list[Event], _seat: int, aim: str) -> None:
    """The Pillow: wasted on Lucky Lou; First Aid keeps him in the Hospital (§3.3 [R])."""
    owner = state.owner_of(aim)
    if aim == LUCKY_LOU:
        return
    if first_aid_saves(state, owner, aim):
        state.players[owner].hand.remove("E02")
        state.used.append("E02")
        ev.append(EventCancelled(owner, THE_PILLOW))
        return
    send_to_graveyard(state, ev, owner, aim, THE_PILLOW)


def _accident(state: EmpireState, ev: list[Event], _seat: int, aim: str) -> None:
    if aim != LUCKY_LOU:
        send_to_graveyard(state, ev, state.owner_of(aim), aim, ACCIDENT)


def _horse_head(state: EmpireState, ev: list[Event], seat: int, _aim: str) -> None:
    """Played in one's own turn: the Election Day on the player ends (§3.3 [R])."""
    state.players[seat].frozen = False
    ev.append(FreezeChanged(seat, False))


def _tax_man(state: EmpireState, ev: list[Event], _seat: int, aim: str) -> None:
    victim = state.players[int(aim)]
    paid = min(EVENTS["E14"].money, victim.money)  # a penalty takes what there is (§1.2)
    victim.money -= paid
    ev.append(MoneyChanged(victim.seat, -paid, "E14", (victim.seat, _seat)))


def _protection(state: EmpireState, ev: list[Event], seat: int, _aim: str) -> None:
    gain = PROTECTION_PER_TURF * sum(1 for o in state.turf.values() if o == seat)
    state.players[seat].money += gain
    ev.append(MoneyChanged(seat, gain, "E16", (seat,)))


def _fetch(state: EmpireState, ev: list[Event], seat: int, aim: str) -> None:
    """Bail Out and Quick Recovery: into the car, public there (§3.3 [R], §13)."""
    send(state, ev, seat, aim, CAR, "card")


_EFFECTS: dict[str, Callable[[EmpireState, list[Event], int, str], None]] = {
    "E01": _streetwise, "E03": _election_day, "E04": _burglary, "E07": _feds,
    "E08": _pillow, "E09": _accident, "E10": _horse_head, "E14": _tax_man,
    "E16": _protection, "E20": _fetch, "E21": _fetch,
}  # fmt: skip


def burglary_facts(state: EmpireState) -> dict[str, int]:
    """What the thief alone is shown (EMPIRE §6.9, §13): the roll and the victim's
    Resources."""
    assert state.turn is not None
    g, b, h = state.players[state.turn.burglary_victim].res
    return {"roll": state.turn.burglary_roll, "victim": state.turn.burglary_victim,
            "girls": g, "booze": b, "henchmen": h}  # fmt: skip


def default_burglary(state: EmpireState) -> Decision:
    """§14: as many as allowed, Henchmen first, then Booze, then Girls."""
    facts = burglary_facts(state)
    left = facts["roll"]
    take = [0, 0, 0]
    for kind, name in ((2, "henchmen"), (1, "booze"), (0, "girls")):
        take[kind] = min(left, facts[name])
        left -= take[kind]
    return Decision("burgle", (".".join(map(str, take)),))


def check_burgle(state: EmpireState, seat: int, d: Decision) -> None:
    facts = burglary_facts(state)
    take = amounts(d.arg(0))
    held = (facts["girls"], facts["booze"], facts["henchmen"])
    if len(d.args) != 1 or sum(take) > facts["roll"]:
        raise IllegalDecision(f"{d}: at most the roll")
    if any(t > h for t, h in zip(take, held, strict=True)):
        raise IllegalDecision(f"{d}: more than the victim holds")


def take_burgle(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    assert state.turn is not None
    victim = state.players[state.turn.burglary_victim]
    take = amounts(d.arg(0))
    for kind, n in enumerate(take):
        victim.res[kind] -= n
        state.players[seat].res[kind] += n
    got = (take[0], take[1], take[2])
    ev.append(Burgled(seat, victim.seat, sum(take), got, (seat, victim.seat)))
    ev.append(BurglaryDone(seat, victim.seat, sum(take)))
    state.phase = state.turn.back_to
    state.turn.burglary_victim = NOBODY
