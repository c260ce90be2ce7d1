"""The one action of a turn (EMPIRE §6.2-§6.7): the options where the car stands, the
check of the details a player fills in, and carrying the action out."""

from __future__ import annotations

from collections.abc import Callable

from engine.common.errors import IllegalDecision
from engine.empire.board import HOSPITAL_SQUARE, JAIL_SQUARE, SITE, SITES_AT, SiteKind
from engine.empire.cards import (
    JOBS,
    PIECES,
    SCHWEINEHUND,
    BusinessKind,
    cost,
)
from engine.empire.decisions import Decision, Option, amounts, ids, join
from engine.empire.events import (
    BusinessOpened,
    Event,
    JobCompleted,
    JobStarted,
    MobstersArranged,
    MobstersFetched,
    MoneyChanged,
    ResourcesPicked,
    TurfTaken,
)
from engine.empire.gang import (
    BUSINESS_SIZE,
    at,
    conceal,
    fits_car,
    move_mobster,
    reveal,
    update_respect,
)
from engine.empire.state import CAR, HOSPITAL, JAIL, TURF_MARKERS, Business, EmpireState

TAKEOVER = 300  # EMPIRE §6.3
FETCH_AT = {JAIL_SQUARE: ("jail", JAIL), HOSPITAL_SQUARE: ("hosp", HOSPITAL)}  # §6.7


def can_attack(state: EmpireState, car: list[str]) -> bool:
    """EMPIRE §7.1: a working Mobster in the car (`car`: who is in it), and no Feds in
    town."""
    return not state.feds and bool(car)


def placed_pieces(state: EmpireState) -> set[str]:
    return {b.piece for b in state.lots.values()} | {p.start_piece for p in state.players}


def free_piece(
    state: EmpireState, size: str, kind: BusinessKind, placed: set[str] | None = None
) -> str:
    """The first unused piece of that size and kind, in §3.6's order ("" if none);
    `placed` is `placed_pieces(state)` when the caller has it already."""
    used = placed_pieces(state) if placed is None else placed
    return next((p for p in PIECES_BY[size, kind] if p not in used), "")


PIECES_BY = {
    (size, kind): tuple(p.id for p in PIECES.values() if p.size == size and p.kind is kind)
    for size in {p.size for p in PIECES.values()}
    for kind in BusinessKind
}  # the pieces of each size and kind, in §3.6's order


def action_options(state: EmpireState, seat: int) -> list[Option]:
    player = state.players[seat]
    found: list[Option] = []
    if player.garage:
        return found
    square, car = player.car, at(player, CAR)
    attack = can_attack(state, car)
    for site in SITES_AT[square]:
        code = site.code
        if site.kind is SiteKind.LOCATION:
            held = state.board_res.get(code, [0, 0, 0])
            if sum(held) and SCHWEINEHUND not in car:
                found.append(Option(f"pickup:{code}", "pick up", f"pickup:{code}:{_dots(held)}"))
        elif site.kind is SiteKind.TURF:
            owner = state.turf.get(code)
            markers = sum(1 for o in state.turf.values() if o == seat) < TURF_MARKERS
            if markers and (owner is None or (owner != seat and player.money >= TAKEOVER)):
                found.append(Option(f"turf:{code}", "take the Turf"))
        elif site.kind is SiteKind.LOT:
            business = state.lots.get(code)
            if business is None:
                placed = placed_pieces(state)
                for kind in BusinessKind:
                    need = cost(site.size, kind)
                    if free_piece(state, site.size, kind, placed) and all(
                        h >= n for h, n in zip(player.res, need, strict=True)
                    ):
                        found.append(Option(f"open:{code}:{kind}", "open", f"open:{code}:{kind}:-"))
            elif business.owner == seat:
                found.append(Option(f"mob:{code}", "rearrange", f"mob:{code}:{join(car)}"))
            elif attack:
                found.append(Option(f"hit:{code}", "Business Attack"))
    fetch = FETCH_AT.get(square)
    if fetch is not None:
        room = [m for m in at(player, fetch[1]) if fits_car([*car, m])]
        if room:
            found.append(Option(fetch[0], "fetch", f"{fetch[0]}:{room[0]}"))
    for card in player.hand:
        job = JOBS.get(card)
        if job is not None and SITE[job.start].square == square and len(car) >= job.needs:
            found.append(Option(f"job_start:{card}", f"start {job.name}"))
    for card, done in player.jobs.items():
        if not done and SITE[JOBS[card].end].square == square:
            found.append(Option(f"job_done:{card}", f"complete {JOBS[card].name}"))
    if attack:
        for other in state.players:
            if other.seat != seat and other.car == square and not other.garage:
                found.append(Option(f"driveby:{other.seat}", "Driveby"))
    found.append(Option("none", "no action"))
    return found


def _dots(values: list[int] | tuple[int, ...]) -> str:
    return ".".join(str(v) for v in values)


def _check_pickup(state: EmpireState, seat: int, d: Decision) -> None:
    take = amounts(d.arg(1))
    held = state.board_res[d.arg(0)]
    if len(d.args) != 2 or sum(take) < 1 or any(t > h for t, h in zip(take, held, strict=True)):
        raise IllegalDecision(f"{d}: take at least 1 of what lies there")


def _check_open(state: EmpireState, seat: int, d: Decision) -> None:
    moved = ids(d.arg(2))
    car = at(state.players[seat], CAR)
    if len(d.args) != 3 or len(set(moved)) != len(moved) or not set(moved) <= set(car):
        raise IllegalDecision(f"{d}: move only Mobsters of the car")
    if len(moved) > BUSINESS_SIZE:
        raise IllegalDecision(f"{d}: a Business holds at most {BUSINESS_SIZE}")


def _check_mob(state: EmpireState, seat: int, d: Decision) -> None:
    player = state.players[seat]
    both = set(at(player, CAR)) | set(at(player, d.arg(0)))
    new_car = ids(d.arg(1))
    if len(d.args) != 2 or len(set(new_car)) != len(new_car) or not set(new_car) <= both:
        raise IllegalDecision(f"{d}: only the car's and the Business's Mobsters")
    if not fits_car(new_car) or len(both) - len(new_car) > BUSINESS_SIZE:
        raise IllegalDecision(f"{d}: over a capacity (EMPIRE §3.2)")


def _check_fetch(state: EmpireState, seat: int, d: Decision) -> None:
    player = state.players[seat]
    where = JAIL if d.kind == "jail" else HOSPITAL
    chosen = ids(d.arg(0))
    if len(d.args) != 1 or not chosen or len(set(chosen)) != len(chosen):
        raise IllegalDecision(f"{d}: name the Mobsters to fetch")
    if not set(chosen) <= set(at(player, where)) or not fits_car(at(player, CAR) + chosen):
        raise IllegalDecision(f"{d}: not there, or the car is full")


DETAIL_CHECKS: dict[str, Callable[[EmpireState, int, Decision], None]] = {
    "pickup": _check_pickup, "open": _check_open, "mob": _check_mob,
    "jail": _check_fetch, "hosp": _check_fetch,
}  # fmt: skip


def act(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    """Carry out a checked action other than an attack."""
    _ACTS[d.kind](state, ev, seat, d)


def _pickup(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    take = amounts(d.arg(1))
    held = state.board_res[d.arg(0)]
    player = state.players[seat]
    for kind, n in enumerate(take):
        held[kind] -= n
        player.res[kind] += n
    ev.append(ResourcesPicked(seat, d.arg(0), (take[0], take[1], take[2])))


def _turf(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    code = d.arg(0)
    previous = state.turf.get(code, -1)
    price = TAKEOVER if previous >= 0 else 0
    state.players[seat].money -= price
    state.turf[code] = seat
    ev.append(TurfTaken(seat, code, previous, price))
    update_respect(state, ev)


def _open(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    lot, kind = d.arg(0), BusinessKind(d.arg(1))
    size = SITE[lot].size
    need = cost(size, kind)
    player = state.players[seat]
    for i, n in enumerate(need):
        player.res[i] -= n
        state.pool[i] += n
    piece = free_piece(state, size, kind)
    state.lots[lot] = Business(piece, seat)
    ev.append(BusinessOpened(seat, lot, piece, need))
    moved = ids(d.arg(2))
    if moved:
        _arrange(state, ev, seat, lot, [m for m in at(player, CAR) if m not in moved])


def _arrange(state: EmpireState, ev: list[Event], seat: int, lot: str, new_car: list[str]) -> None:
    player = state.players[seat]
    both = at(player, CAR) + at(player, lot)
    for m in both:
        move_mobster(state, seat, m, CAR if m in new_car else lot)
    conceal(state, both)
    ev.append(MobstersArranged(seat, lot, len(new_car), len(both) - len(new_car)))


def _mob(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    _arrange(state, ev, seat, d.arg(0), ids(d.arg(1)))


def _fetch(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    chosen = ids(d.arg(0))
    for m in chosen:
        move_mobster(state, seat, m, CAR)
    reveal(state, chosen)
    ev.append(MobstersFetched(seat, JAIL if d.kind == "jail" else HOSPITAL, tuple(chosen)))


def _job_start(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    player = state.players[seat]
    player.hand.remove(d.arg(0))
    player.jobs[d.arg(0)] = False
    ev.append(JobStarted(seat, d.arg(0)))


def _job_done(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    player = state.players[seat]
    job = JOBS[d.arg(0)]
    player.jobs[job.id] = True
    player.money += job.reward
    ev.append(JobCompleted(seat, job.id, job.reward))
    ev.append(MoneyChanged(seat, job.reward, job.id, (seat,)))


_ACTS: dict[str, Callable[[EmpireState, list[Event], int, Decision], None]] = {
    "pickup": _pickup, "turf": _turf, "open": _open, "mob": _mob, "jail": _fetch,
    "hosp": _fetch, "job_start": _job_start, "job_done": _job_done,
}  # fmt: skip
