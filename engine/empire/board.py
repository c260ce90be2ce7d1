"""The Empire city (EMPIRE §2): 29 street squares, 48 sites, the streets' adjacency and
every distance, declared once. Squares are the numbers 1-29 (`S1`-`S29`); sites are named
by their short codes (`RAN`, `T4`, `a`, `M1`, `GN`)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum

SQUARES = tuple(range(1, 30))
RING = 24
JAIL_SQUARE = 4  # the Police Dept. (EMPIRE §2.3)
HOSPITAL_SQUARE = 16
POLICE_START = 4  # EMPIRE §4.5


class SiteKind(StrEnum):
    LOCATION = "location"
    LOT = "lot"
    TURF = "turf"
    POLICE = "police"
    HOSPITAL = "hospital"
    GARAGE = "garage"


@dataclass(frozen=True, slots=True)
class Site:
    code: str
    name: str
    kind: SiteKind
    square: int
    size: str = ""  # a lot's size: S, M or L


def _edges() -> list[tuple[int, int]]:
    ring = [(i, i + 1) for i in range(1, RING)] + [(RING, 1)]
    avenue = [(4, 25), (25, 26), (26, 27), (27, 28), (28, 29), (29, 16)]
    return ring + avenue  # EMPIRE §2.2: nothing else


EDGES = tuple(_edges())


def _neighbours() -> dict[int, tuple[int, ...]]:
    found: dict[int, list[int]] = {sq: [] for sq in SQUARES}
    for a, b in EDGES:
        found[a].append(b)
        found[b].append(a)
    return {sq: tuple(sorted(n)) for sq, n in found.items()}


NEIGHBOURS = _neighbours()


def _distances() -> dict[int, dict[int, int]]:
    table: dict[int, dict[int, int]] = {}
    for start in SQUARES:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in NEIGHBOURS[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        table[start] = seen
    return table


DISTANCE = _distances()


def distance(a: int, b: int) -> int:
    return DISTANCE[a][b]


def within(square: int, steps: int) -> list[int]:
    """Every square a car standing on `square` may end on with `steps` (EMPIRE §2.5)."""
    return [sq for sq, d in DISTANCE[square].items() if d <= steps]


DIAMETER = max(max(row.values()) for row in DISTANCE.values())
# REACH[square][steps]: `within`, in square order, for 0 to DIAMETER steps (built once).
REACH = {
    sq: tuple(tuple(sorted(within(sq, steps))) for steps in range(DIAMETER + 1)) for sq in SQUARES
}


def reach(square: int, steps: int) -> tuple[int, ...]:
    """The squares of `within(square, steps)` in ascending order, from the table."""
    return REACH[square][min(steps, DIAMETER)] if steps >= 0 else ()


L, T, P = SiteKind.LOCATION, SiteKind.TURF, SiteKind.LOT
# EMPIRE §2.3, in the table's order (which is also the lot order of §14's placement default).
SITES: tuple[Site, ...] = (
    Site("RAN", "Randolph St. Station", L, 1), Site("T1", "Turf 1", T, 1),
    Site("a", "small lot a*", P, 2, "S"), Site("T2", "Turf 2", T, 3),
    Site("POL", "Police Dept.", SiteKind.POLICE, 4), Site("TOB", "Tobacco Trade", L, 5),
    Site("b", "small lot b*", P, 6, "S"), Site("GN", "North Garage", SiteKind.GARAGE, 7),
    Site("T3", "Turf 3", T, 7), Site("WHA", "Wharf", L, 8), Site("M1", "medium lot M1", P, 8, "M"),
    Site("T4", "Turf 4", T, 9), Site("MUS", "Museum", L, 9), Site("c", "small lot c*", P, 10, "S"),
    Site("T5", "Turf 5", T, 10), Site("DOC", "Docks", L, 11),
    Site("L1", "large lot L1", P, 11, "L"),
    Site("T6", "Turf 6", T, 12), Site("FLO", "Florist", L, 12), Site("TEA", "Teamsters", L, 13),
    Site("T7", "Turf 7", T, 13), Site("d", "small lot d*", P, 14, "S"),
    Site("PAW", "Pawn Shop", L, 15), Site("HOS", "Hospital", SiteKind.HOSPITAL, 16),
    Site("T8", "Turf 8", T, 17), Site("e", "small lot e*", P, 18, "S"),
    Site("GS", "South Garage", SiteKind.GARAGE, 19), Site("LAS", "LaSalle St. Station", L, 19),
    Site("T9", "Turf 9", T, 20), Site("BUT", "Butcher", L, 20),
    Site("LAB", "Laborer's Union", L, 21), Site("L2", "large lot L2", P, 21, "L"),
    Site("f", "small lot f*", P, 22, "S"), Site("T10", "Turf 10", T, 22),
    Site("T11", "Turf 11", T, 23), Site("TAI", "Tailor", L, 23), Site("LAW", "Lawyer", L, 24),
    Site("M2", "medium lot M2", P, 24, "M"), Site("NAT", "National Bank", L, 25),
    Site("g", "small lot g", P, 25, "S"), Site("T12", "Turf 12", T, 26),
    Site("M3", "medium lot M3", P, 26, "M"), Site("BOX", "Boxing Club", L, 27),
    Site("T13", "Turf 13", T, 27), Site("M4", "medium lot M4", P, 28, "M"),
    Site("DRY", "Dry Cleaner", L, 28), Site("h", "small lot h", P, 29, "S"),
    Site("T14", "Turf 14", T, 29),
)  # fmt: skip
SITE = {site.code: site for site in SITES}
SITES_AT: dict[int, tuple[Site, ...]] = {
    sq: tuple(s for s in SITES if s.square == sq) for sq in SQUARES
}
LOTS = tuple(s.code for s in SITES if s.kind is SiteKind.LOT)
START_LOTS = ("a", "b", "c", "d", "e", "f")  # the starred lots (EMPIRE §2.4)
TURFS = tuple(s.code for s in SITES if s.kind is SiteKind.TURF)
LOCATIONS = tuple(s.code for s in SITES if s.kind is SiteKind.LOCATION)
GARAGES = {"GN": 7, "GS": 19}  # EMPIRE §7.6: where each Garage's cars come out

# The picture of EMPIRE §2.1, kept for drawing: each row lists its nine cells.
GRID = (
    "[GRV] RAN a T2 POL TOB b GN [DCK]",
    "T1 S1 S2 S3 S4 S5 S6 S7 T3",
    "LAW S24 M2 NAT S25 g M1 S8 WHA",
    "T11 S23 TAI T12 S26 M3 MUS S9 T4",
    "f S22 T10 BOX S27 T13 T5 S10 c",
    "LAB S21 L2 M4 S28 DRY L1 S11 DOC",
    "T9 S20 BUT h S29 T14 FLO S12 T6",
    "LAS S19 S18 S17 S16 S15 S14 S13 TEA",
    "[USD] GS e T8 HOS PAW d T7 [BNK]",
)
CELL = {
    name: (x, y) for y, row in enumerate(GRID) for x, name in enumerate(row.split())
}  # a cell's (column, row) on the 9 x 9 grid


def nearest_garages(square: int) -> tuple[str, ...]:
    """The Garage(s) at the smallest distance; two when they are equally near (§2.5)."""
    best = min(distance(square, sq) for sq in GARAGES.values())
    return tuple(g for g, sq in GARAGES.items() if distance(square, sq) == best)


def square_text(square: int) -> str:
    return f"S{square}"


def parse_square(text: str) -> int:
    if not text.startswith("S") or not text[1:].isdigit() or text[1] == "0":
        raise ValueError(text)
    square = int(text[1:])
    if square not in DISTANCE:
        raise ValueError(text)
    return square
