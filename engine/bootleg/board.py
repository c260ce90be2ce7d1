"""The 3×3 city (BOOTLEG §2.2): cells 1-9 in reading order, side neighbours, the 8 lines
with their Expansion spaces, and every legal Envoy path (§4.1), enumerated once.

A path is the tuple of cells it enters, in order; the start is not part of it.
"""

from __future__ import annotations

CELLS = tuple(range(1, 10))
STATION_CELL = 5
CELL_NAMES = {1: "NW", 2: "N", 3: "NE", 4: "W", 5: "C", 6: "E", 7: "SW", 8: "S", 9: "SE"}

NEIGHBOURS: dict[int, tuple[int, ...]] = {
    1: (2, 4), 2: (1, 3, 5), 3: (2, 6), 4: (1, 5, 7), 5: (2, 4, 6, 8), 6: (3, 5, 9),
    7: (4, 8), 8: (5, 7, 9), 9: (6, 8),
}  # fmt: skip

# Rows, columns, then the diagonals: the order of the Expansion spaces (BOOTLEG §2.2).
LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7),
)  # fmt: skip
LINE_NAMES = ("row 1", "row 2", "row 3", "col 1", "col 2", "col 3", "diag 1-5-9", "diag 3-5-7")
EXPANSION_BONUS = 2

Path = tuple[int, ...]


def _walks(start: int, steps: int) -> list[Path]:
    """Every path of `steps` steps from `start` that never re-enters a cell (§4.1)."""
    found: list[Path] = []

    def walk(at: int, seen: tuple[int, ...], path: Path) -> None:
        if len(path) == steps:
            found.append(path)
            return
        for nxt in NEIGHBOURS[at]:
            if nxt not in seen:
                walk(nxt, (*seen, nxt), (*path, nxt))

    walk(start, (start,), ())
    return sorted(found)


PATHS: dict[tuple[int, int], tuple[Path, ...]] = {
    (start, steps): tuple(_walks(start, steps)) for start in CELLS for steps in (1, 2, 3)
}


def _representatives(start: int, steps: int, by_set: bool) -> tuple[Path, ...]:
    """One path per end cell, or per end cell and set of cells entered before it (the
    only thing a Smuggler's path changes, §14.1): the lowest in cell-number order."""
    chosen: dict[tuple[int, frozenset[int]], Path] = {}
    for path in PATHS[start, steps]:
        key = (path[-1], frozenset(path[:-1]) if by_set else frozenset())
        chosen.setdefault(key, path)
    return tuple(sorted(chosen.values(), key=lambda p: (p[-1], p)))


# (start, steps, by_set) → the paths a move may name.
MOVE_PATHS: dict[tuple[int, int, bool], tuple[Path, ...]] = {
    (start, steps, by_set): _representatives(start, steps, by_set)
    for start in CELLS
    for steps in (1, 2, 3)
    for by_set in (False, True)
}
