"""The "normal" level: plays to win. It heads for what pays (Jobs to finish, lots it can
open, Resources), opens the biggest Business it can, keeps a man in every Business
against raiders once its car is full, bids what a Mobster is worth, fights when its
numbers are clearly better, turns the police and its Events on the leader, and trades
Resources it lacks for money at a fair price."""

from __future__ import annotations

import random

from engine.empire.board import SITE
from engine.empire.cards import MOBSTERS, PIECES, SIZES, BusinessKind, cost
from engine.empire.computer.reading import (
    affordable_kinds,
    attack_strength,
    best_square,
    defence_guess,
    guarded_arrangement,
    leader,
    my_car,
    side_value,
)
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.offers import offer_decision
from engine.empire.state import Side
from engine.empire.timeouts import PLAIN
from engine.empire.view import PlayerView

CAR_KEEP = 3  # a full car to attack with; the others guard the Businesses
GOOD_EVENTS = ("E15", "E17", "E18", "E19", "E20", "E21")
AIMED = ("E14", "E03", "E04", "E08", "E09")


def choose_normal(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    kind = pending.kind
    keys = pending.offered()
    if kind is DecisionKind.OFFER_ANSWER:
        return _answer(view, pending)
    if kind is DecisionKind.START_LOT:
        return Decision.parse(rng.choice(keys))
    if kind in (DecisionKind.PRE_MOVE, DecisionKind.AFTER_ACTION):
        return _event(view, pending) or Decision.parse(keys[0])
    if kind is DecisionKind.MOVE_TO:
        squares = [int(k.split(":")[1][1:]) for k in keys]
        here = view.players[pending.seat].car
        return Decision.parse(f"move:S{best_square(view, squares, here) or here}")
    if kind is DecisionKind.ACTION:
        return _action(view, pending) or _event(view, pending) or Decision("none")
    if kind is DecisionKind.POLICE_MOVE:
        return _police_move(view, pending)
    if kind is DecisionKind.POLICE_ACTION:
        return _police_action(view, keys)
    if kind is DecisionKind.PREFIGHT:
        cards = [o for o in pending.options if o.decision in ("play:E11", "play:E12", "play:E13")]
        return Decision.parse(cards[0].sample) if cards else Decision("fight")
    if kind is DecisionKind.OCCUPY:
        car = my_car(view)
        return Decision("occupy", (car[0],) if len(car) >= 2 else ("-",))
    if kind in (DecisionKind.BID, DecisionKind.BRIBE):
        return _bid(view, pending)
    if kind is DecisionKind.PLACE:
        return guarded_arrangement(view, car_keep=CAR_KEEP)
    if kind in PLAIN:
        return Decision.parse(PLAIN[kind])
    return Decision.parse(pending.options[0].sample)


def _answer(view: PlayerView, pending: Pending) -> Decision:
    proposer = pending.facts["from"]
    offer = next(o for o in view.offers if o.proposer == proposer and o.receiver == view.seat)
    assert offer.give is not None and offer.get is not None and view.own is not None
    fair = side_value(offer.give) >= side_value(offer.get)
    affordable = view.own.money >= offer.get.money and all(
        h >= n for h, n in zip(view.own.res, offer.get.res, strict=True)
    )
    ok = fair and affordable and f"accept:{proposer}" in pending.offered()
    return Decision("accept" if ok else "reject", (str(proposer),))


def _event(view: PlayerView, pending: Pending) -> Decision | None:
    by_key = {o.decision: o for o in pending.options}
    for card in GOOD_EVENTS:
        option = by_key.get(f"play:{card}")
        if option is not None:
            return Decision.parse(option.sample)
    me = view.players[pending.seat]
    if "play:E16" in by_key and me.turf >= 3:
        return Decision.parse("play:E16")
    target = str(leader(view))
    for card in AIMED:
        option = by_key.get(f"play:{card}")
        if option is None:
            continue
        if target in option.choices:
            return Decision.parse(f"play:{card}:{target}")
        if card in ("E08", "E09") and option.choices:
            best = max(option.choices, key=lambda m: sum(_numbers(m)))
            return Decision.parse(f"play:{card}:{best}")
    return None


def _numbers(m: str) -> tuple[int, int, int, int]:
    c = MOBSTERS[m]
    return c.da, c.dd, c.ba, c.bd


def _action(view: PlayerView, pending: Pending) -> Decision | None:
    assert view.own is not None
    keys = pending.offered()
    car = my_car(view)
    done = [k for k in keys if k.startswith("job_done:")]
    if done:
        return Decision.parse(done[0])
    opens = [k for k in keys if k.startswith("open:")]
    if opens:
        return _open(view, opens, car)
    starts = [k for k in keys if k.startswith("job_start:")]
    if starts:
        return Decision.parse(starts[0])
    for k in keys:
        if k.startswith("hit:"):
            lot = k.split(":")[1]
            b = next(b for b in view.businesses if b.lot == lot)
            if attack_strength(view, False) - defence_guess(view, b.owner, lot) >= 1:
                return Decision.parse(k)
    picks = [o for o in pending.options if o.decision.startswith("pickup:")]
    if picks:
        return Decision.parse(max(picks, key=lambda o: _total(o.sample)).sample)
    fetch = [o for o in pending.options if o.decision in ("jail", "hosp")]
    if fetch:
        return Decision.parse(fetch[0].sample)
    turfs = [k for k in keys if k.startswith("turf:")]
    free = [k for k in turfs if k.split(":")[1] not in view.turf]
    if free or (turfs and view.own.money >= 900):
        return Decision.parse((free or turfs)[0])
    for k in keys:
        if k.startswith("driveby:"):
            seat = int(k.split(":")[1])
            target = view.players[seat]
            margin = attack_strength(view, True) - defence_guess(view, seat, "")
            if margin >= 3 or (margin >= 1 and any(not d for d in target.jobs.values())):
                return Decision.parse(k)
    return None


def _total(sample: str) -> int:
    return sum(int(n) for n in sample.split(":")[-1].split("."))


def _open(view: PlayerView, opens: list[str], car: list[str]) -> Decision:
    """The biggest lot first; a kind no rival runs; a man inside if the car can spare."""
    owned = {PIECES[b.piece].kind for b in view.businesses if b.owner != view.seat}

    def rank(key: str) -> tuple[int, int]:
        _, lot, kind = key.split(":")
        return SIZES[SITE[lot].size].power, int(BusinessKind(kind) not in owned)

    _, lot, kind = max(opens, key=rank).split(":")
    moved = car[-1] if len(car) >= 2 else "-"
    return Decision("open", (lot, kind, moved))


def _police_move(view: PlayerView, pending: Pending) -> Decision:
    squares = {int(k.split(":")[1][1:]) for k in pending.offered()}
    target = leader(view)
    goals = [
        SITE[b.lot].square
        for b in sorted(view.businesses, key=lambda b: -SIZES[PIECES[b.piece].size].power)
        if b.owner == target and b.open
    ]
    for goal in goals:
        if goal in squares:
            return Decision.parse(f"pmove:S{goal}")
    car = view.players[target]
    if not car.garage and car.car in squares:
        return Decision.parse(f"pmove:S{car.car}")
    return Decision.parse(f"pmove:S{view.police}")


def _police_action(view: PlayerView, keys: list[str]) -> Decision:
    target = leader(view)
    for k in keys:
        if k.startswith("bust:"):
            b = next(b for b in view.businesses if b.lot == k.split(":")[1])
            if b.owner == target or view.players[b.owner].power >= 6:
                return Decision.parse(k)
        if k == f"bustcar:{target}":
            return Decision.parse(k)
    return Decision("none")


def _bid(view: PlayerView, pending: Pending) -> Decision:
    assert view.own is not None
    top = pending.facts["max"]
    kind = pending.kind.value
    if pending.kind is DecisionKind.BRIBE:
        rivals_open = any(b.owner != view.seat and b.open for b in view.businesses)
        amount = min(top, 150 if rivals_open and view.own.money >= 1200 else 0)
        return Decision(kind, (str(amount),))
    if pending.facts.get("wins_match"):
        return Decision(kind, (str(top),))
    card = MOBSTERS[view.lot]
    worth = 250 + 50 * (card.da + card.dd + card.ba + card.bd) + 100 * card.driver
    working = sum(1 for w in view.players[pending.seat].roster.values() if w == "working")
    if working % 2 == 1:
        worth += 200  # the next man completes a Power Point
    reserve = 300
    amount = max(0, min(worth, top - reserve, top)) // 50 * 50
    return Decision(kind, (str(amount),))


def normal_offer(view: PlayerView, rng: random.Random) -> Decision | None:
    """Money for the Resources that would open a Business the car stands near."""
    assert view.own is not None and view.seat is not None
    if view.own.offers_made or any(o.proposer == view.seat for o in view.offers):
        return None
    if view.players[view.seat].frozen or view.own.money < 500:
        return None
    for size in ("L", "M", "S"):
        if affordable_kinds(view, size):
            return None

    lacking = [
        max(0, n - h) for n, h in zip(cost("S", BusinessKind.BAR), view.own.res, strict=True)
    ]
    if sum(lacking) != 1:
        return None
    kind = lacking.index(1)
    want = [0, 0, 0]
    want[kind] = 1
    others = [p.seat for p in view.players if p.seat != view.seat and not p.frozen]
    if not others:
        return None
    return offer_decision(
        rng.choice(others), Side(money=150), Side(res=(want[0], want[1], want[2]))
    )


__all__ = ["choose_normal", "normal_offer"]
