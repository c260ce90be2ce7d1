"""The public facts a picture draws, read once from a view.

Pictures are posted to the whole channel, so they read only what everyone may know
(EMPIRE §13): never the seat's own money, folder, hand, places or open decisions. A car's
capacity is the public one: 3, unless The Dwarf or Fat Fred is seen in it (after a fight
or a bust), or it visibly holds 4 — which only The Dwarf allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.empire.board import SITE
from engine.empire.cards import FAT_FRED, MOBSTERS, PIECES, THE_DWARF
from engine.empire.state import HIDING, HOSPITAL, JAIL, NOBODY, Phase
from engine.empire.view import BusinessView, PlayerView

CAR_SIZE = 3


@dataclass(frozen=True, slots=True)
class CityFacts:
    cars: dict[int, list[int]]  # street square -> seats whose car stands there
    garaged: dict[str, list[int]]  # GN / GS -> seats
    businesses: dict[str, BusinessView]  # lot -> its Business
    capacity: list[int]  # per seat, as far as the public knows
    jail: list[tuple[int, str]]  # (seat, Mobster)
    hospital: list[tuple[int, str]]
    hiding: list[tuple[int, str]]
    active: int  # the seat whose turn it is, or NOBODY in a Trade Round and at the end


def public_capacity(view: PlayerView, seat: int) -> int:
    seen = [m for m, where in view.revealed.items() if where == f"car{seat}"]
    dwarf, fred = THE_DWARF in seen, FAT_FRED in seen
    capacity = CAR_SIZE if dwarf and fred else 4 if dwarf else 2 if fred else CAR_SIZE
    return max(capacity, view.players[seat].in_car)


def city_facts(view: PlayerView) -> CityFacts:
    cars: dict[int, list[int]] = {}
    garaged: dict[str, list[int]] = {}
    for p in view.players:
        if p.garage:
            garaged.setdefault(p.garage, []).append(p.seat)
        else:
            cars.setdefault(p.car, []).append(p.seat)
    by_status: dict[str, list[tuple[int, str]]] = {JAIL: [], HOSPITAL: [], HIDING: []}
    for p in view.players:
        for m, status in p.roster.items():
            if status in by_status:
                by_status[status].append((p.seat, m))
    turn_phases = (Phase.PRE_MOVE, Phase.MOVE_TO, Phase.ACTION, Phase.AFTER_ACTION,
                   Phase.POLICE_MOVE, Phase.POLICE_ACTION, Phase.PREFIGHT, Phase.CASUALTY,
                   Phase.GARAGE, Phase.OCCUPY, Phase.BURGLARY)  # fmt: skip
    active = view.active if view.result is None and view.phase in turn_phases else NOBODY
    return CityFacts(
        cars=cars,
        garaged=garaged,
        businesses={b.lot: b for b in view.businesses},
        capacity=[public_capacity(view, p.seat) for p in view.players],
        jail=by_status[JAIL],
        hospital=by_status[HOSPITAL],
        hiding=by_status[HIDING],
        active=active,
    )


def mobster_name(mobster: str) -> str:
    return MOBSTERS[mobster].name


def piece_name(piece: str) -> str:
    return PIECES[piece].name


def lot_size(lot: str) -> str:
    return SITE[lot].size
