"""What a computer player reads off its own view: what a square offers it, how strong a
car or Business looks, what a card or a Resource is worth to it."""

from __future__ import annotations

from engine.empire.board import HOSPITAL_SQUARE, JAIL_SQUARE, SITE, SITES_AT, SiteKind, distance
from engine.empire.cards import JOBS, MOBSTERS, PIECES, SCHWEINEHUND, SIZES, BusinessKind, cost
from engine.empire.decisions import Decision, join
from engine.empire.gang import BUSINESS_SIZE, fits_car
from engine.empire.state import CAR, HIDING, HOSPITAL, JAIL, Side
from engine.empire.view import PlayerView

RESOURCE_VALUE = 110
CARD_VALUE = 150
MOBSTER_VALUE = 350


def my_car(view: PlayerView) -> list[str]:
    assert view.own is not None
    return [m for m, w in view.own.places.items() if w == CAR]


def affordable_kinds(view: PlayerView, size: str) -> list[BusinessKind]:
    assert view.own is not None
    res = view.own.res
    placed = {b.piece for b in view.businesses}
    return [
        kind
        for kind in BusinessKind
        if all(h >= n for h, n in zip(res, cost(size, kind), strict=True))
        and any(p.size == size and p.kind is kind and p.id not in placed for p in PIECES.values())
    ]


def attack_strength(view: PlayerView, drive: bool) -> int:
    car = my_car(view)
    return sum(MOBSTERS[m].da if drive else MOBSTERS[m].ba for m in car)


def defence_guess(view: PlayerView, seat: int, lot: str) -> int:
    """Known (revealed) defenders count their numbers, unknown ones the standard 1."""
    where = lot or f"car{seat}"
    known = [m for m, w in view.revealed.items() if w == where]
    if lot:
        b = next(b for b in view.businesses if b.lot == lot)
        count, bonus = b.mobsters, SIZES[PIECES[b.piece].size].defence
    else:
        count, bonus = view.players[seat].in_car, 0
    numbers = sum(MOBSTERS[m].dd if not lot else MOBSTERS[m].bd for m in known)
    return bonus + numbers + max(0, count - len(known)) * 2


def can_pay(view: PlayerView, side: Side) -> bool:
    """The viewing seat holds the money and Resources `side` asks of it."""
    assert view.own is not None
    return view.own.money >= side.money and all(
        h >= n for h, n in zip(view.own.res, side.res, strict=True)
    )


def square_value(view: PlayerView, square: int, attacks: bool = True) -> float:
    """How much the best action on `square` is worth to the viewing seat (rough);
    without `attacks`, rival Businesses count for nothing."""
    seat = view.seat
    assert seat is not None and view.own is not None
    me = view.players[seat]
    car = my_car(view)
    best = 0.0
    for job, done in me.jobs.items():
        if not done and SITE[JOBS[job].end].square == square:
            best = max(best, 12 + JOBS[job].reward / 200)
    for card in view.own.hand:
        job_card = JOBS.get(card)
        if job_card and SITE[job_card.start].square == square and len(car) >= job_card.needs:
            best = max(best, 7.0)
    for site in SITES_AT[square]:
        if site.kind is SiteKind.LOT:
            b = next((b for b in view.businesses if b.lot == site.code), None)
            if b is None and affordable_kinds(view, site.size):
                best = max(best, 10 + 3 * SIZES[site.size].power)
            elif b is not None and b.owner != seat and car and attacks:
                margin = attack_strength(view, False) - defence_guess(view, b.owner, b.lot)
                if margin >= 1:
                    best = max(best, 4 + 2 * SIZES[PIECES[b.piece].size].power + margin)
        elif site.kind is SiteKind.LOCATION and SCHWEINEHUND not in car:
            held = view.board_res.get(site.code)
            if held:
                best = max(best, 1.6 * sum(held))
        elif site.kind is SiteKind.TURF:
            owner = view.turf.get(site.code)
            if owner is None:
                best = max(best, 3.0)
            elif owner != seat and view.own.money >= 700:
                best = max(best, 1.5)
    if square in (JAIL_SQUARE, HOSPITAL_SQUARE):
        where = JAIL if square == JAIL_SQUARE else HOSPITAL
        stuck = sum(1 for w in view.own.places.values() if w == where)
        best = max(best, 2.5 * min(stuck, 3 - len(car)))
    return best


def best_square(
    view: PlayerView, squares: list[int], here: int, attacks: bool = True, plans: bool = True
) -> int | None:
    """The reachable square worth most; with nothing worth doing in reach, the one that
    comes nearest to the best target on the board (None without `plans`)."""
    values = {sq: square_value(view, sq, attacks) for sq in squares}
    top = max(values.values())
    if top > 0:
        return min((sq for sq in squares if values[sq] == top), key=lambda s: distance(here, s))
    if not plans:
        return None
    targets = [(square_value(view, sq, attacks), sq) for sq in range(1, 30)]
    goal = max(targets, key=lambda t: (t[0] / (1 + distance(here, t[1])), -t[1]))[1]
    return min(squares, key=lambda s: (distance(s, goal), s))


def side_value(side: Side) -> int:
    return (
        side.money
        + RESOURCE_VALUE * sum(side.res)
        + CARD_VALUE * len(side.cards)
        + MOBSTER_VALUE * len(side.mobsters)
    )


def leader(view: PlayerView) -> int:
    """The rival with the most PP (ties: the lowest seat)."""
    seat = view.seat
    rivals = [p for p in view.players if p.seat != seat]
    return max(rivals, key=lambda p: (p.power, -p.seat)).seat


def guarded_arrangement(view: PlayerView, car_keep: int) -> Decision:
    """A placement that leaves no own Business empty: the strongest `car_keep` ride in
    the car, then one man to each Business (the largest first), then the car is filled,
    then the Businesses; only those who fit nowhere are left out (fired)."""
    assert view.own is not None and view.seat is not None
    men = [m for m, w in view.own.places.items() if w not in (JAIL, HOSPITAL, HIDING)]
    men.sort(key=lambda m: -(MOBSTERS[m].da + MOBSTERS[m].dd + MOBSTERS[m].ba + MOBSTERS[m].bd))
    lots = sorted(
        (b.lot for b in view.businesses if b.owner == view.seat),
        key=lambda lot: (-SIZES[SITE[lot].size].power, lot),
    )
    car: list[str] = []
    inside: dict[str, list[str]] = {lot: [] for lot in lots}
    waiting = list(men)
    for m in list(waiting):
        if len(car) < car_keep and fits_car([*car, m]):
            car.append(m)
            waiting.remove(m)
    for lot in lots:
        if waiting:
            inside[lot].append(waiting.pop(0))
    for m in list(waiting):
        if fits_car([*car, m]):
            car.append(m)
            waiting.remove(m)
    for lot in lots:
        while waiting and len(inside[lot]) < BUSINESS_SIZE:
            inside[lot].append(waiting.pop(0))
    parts = [join(car)] + [f"{lot}={join(ms)}" for lot, ms in inside.items() if ms]
    return Decision("place", tuple(parts))
