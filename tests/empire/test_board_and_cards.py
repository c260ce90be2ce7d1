"""The board and the deck as data (EMPIRE §1-§3)."""

from __future__ import annotations

from collections import Counter

from engine.empire.board import (
    DISTANCE,
    LOCATIONS,
    LOTS,
    NEIGHBOURS,
    SITE,
    SITES,
    START_LOTS,
    TURFS,
    nearest_garages,
    within,
)
from engine.empire.cards import (
    DECK,
    DECK_SIZE,
    EVENTS,
    JOBS,
    MOBSTERS,
    PIECES,
    RESOURCE_CARDS,
    STARRED,
    BusinessKind,
    cost,
)
from engine.empire.state import MAX_PLAYERS, MIN_PLAYERS


def test_players_and_components() -> None:
    """EMPIRE §1.1 [R]: 2 to 6 players. EMPIRE §1.2 [R]: 128 cards, 18 pieces."""
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)
    assert len(DECK) == DECK_SIZE == 128 and len(set(DECK)) == 128
    kinds = Counter(c[0] for c in DECK)
    assert kinds == {"M": 45, "E": 21, "J": 8, "R": 54}
    assert len(PIECES) == 18


def test_the_map() -> None:
    """EMPIRE §2 [R], §2.1, §2.2: 29 squares, a ring and an avenue; largest distance 12."""
    assert len(NEIGHBOURS) == 29
    assert [sq for sq, n in NEIGHBOURS.items() if len(n) == 3] == [4, 16]
    assert max(max(d.values()) for d in DISTANCE.values()) == 12
    assert DISTANCE[4][16] == 6 and DISTANCE[1][13] == 12


def test_sites_and_kinds() -> None:
    """EMPIRE §2.3, §2.4 [R]: 48 sites: 16 Locations, 14 lots, 14 Turf, 4 others."""
    assert len(SITES) == 48
    assert (len(LOCATIONS), len(LOTS), len(TURFS)) == (16, 14, 14)
    assert START_LOTS == ("a", "b", "c", "d", "e", "f")
    assert Counter(SITE[lot].size for lot in LOTS) == {"S": 8, "M": 4, "L": 2}
    assert SITE["POL"].square == 4 and SITE["HOS"].square == 16
    assert SITE["GN"].square == 7 and SITE["GS"].square == 19


def test_moving_and_nearest_garage() -> None:
    """EMPIRE §2.5 [R]: any square within reach; equal Garages at S1, S13, S27."""
    assert sorted(within(10, 1)) == [9, 10, 11]
    assert [sq for sq in range(1, 30) if len(nearest_garages(sq)) == 2] == [1, 13, 27]
    assert nearest_garages(10) == ("GN",)


def test_mobster_numbers_from_keywords() -> None:
    """EMPIRE §3, §3.2 [R]: keywords set DA/DD/BA/BD; the Mayor has none; stars."""
    numbers = {m.id: (m.da, m.dd, m.ba, m.bd) for m in MOBSTERS.values()}
    assert numbers["M01"] == (2, 1, 2, 1)  # Attack +2
    assert numbers["M03"] == (3, 3, 1, 1)  # Driveby +3
    assert numbers["M04"] == (2, 1, 1, 1)  # Driveby Attack +2
    assert numbers["M05"] == (1, 3, 1, 3)  # Defense +3
    assert numbers["M12"] == (0, 0, 0, 0)  # no bonus
    assert numbers["M26"] == (1, 1, 1, 1)
    assert tuple(m.id for m in MOBSTERS.values() if m.star) == STARRED
    assert {m.id: m.driver for m in MOBSTERS.values() if m.driver} == {
        "M15": 1, "M16": 1, "M17": 2, "M18": 3,
    }  # fmt: skip
    assert MOBSTERS["M05"].bid_needs == (1, 2) and MOBSTERS["M14"].bid_needs == (2, 2)


def test_events_jobs_and_resources() -> None:
    """EMPIRE §3.3 [R], §3.4 [R], §3.5 [R]: 21 Events, 8 Jobs, 18 Resource cards a kind."""
    assert len(EVENTS) == 21 and EVENTS["E05"].name == "Dynamite"
    assert JOBS["J8"].needs == 3 and JOBS["J8"].reward == 2000
    assert SITE[JOBS["J1"].start].square == 25 and SITE[JOBS["J1"].end].square == 28
    assert Counter(r.kind for r in RESOURCE_CARDS.values()) == {0: 18, 1: 18, 2: 18}
    first = RESOURCE_CARDS["R01"]
    assert (first.location, first.amount) == ("RAN", 4)
    assert RESOURCE_CARDS["R19"].location == "WHA" and RESOURCE_CARDS["R37"].location == "LAB"


def test_business_table() -> None:
    """EMPIRE §3.6 [R]: 9 small, 6 medium, 3 large; the prices by kind."""
    assert Counter(p.size for p in PIECES.values()) == {"S": 9, "M": 6, "L": 3}
    assert cost("S", BusinessKind.CASINO) == (1, 1, 3)  # G, B, H
    assert cost("M", BusinessKind.BROTHEL) == (4, 2, 2)
    assert cost("L", BusinessKind.BAR) == (3, 6, 3)
    assert PIECES["B10"].name == "Booze Bash"
