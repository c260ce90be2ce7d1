"""Arranging Bootleg positions for tests and bug reports: gangs, Locations, tokens,
Barrels, Envoys and Szmal.

These bypass the rules on purpose, to set a scene; play then goes through `apply`.
Barrels placed here come out of their owner's supply, so every gang still owns 9.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bootleg.ending import start_end
from engine.bootleg.events import Event
from engine.bootleg.flow import _ask, new_match
from engine.bootleg.gangs import BY_KEY as GANGS
from engine.bootleg.locations import LOCATIONS
from engine.bootleg.state import Barrel, BootlegOptions, BootlegState, Phase, Turn, Variant

# A fixed city for scenes, in the table's order: Casino NW … Railway Station C … Prison SE.
SCENE_CITY = tuple(card.key for card in LOCATIONS)
SCENE_TOKENS = (1, 2, 3, 4, 5, 8, 9, 10, 11)  # face down; none acts during play unless set


def scene(
    gangs: Sequence[str] = ("rotten", "devils"),
    variant: Variant = Variant.SECRET,
    seed: int = 0,
) -> BootlegState:
    """A match in seat order with the given gangs, the scene city, the scene tokens face
    down, the track [smuggler, informant, troublemaker] all on the Station, the Dirty
    Cop inactive, seat 0 to move."""
    state = new_match(len(gangs), seed, BootlegOptions(variant), shuffle_seats=False)
    for player, key in zip(state.players, gangs, strict=True):
        gang = GANGS[key]
        player.gang, player.szmal, player.supply = key, gang.szmal, gang.barrels()
    for site, key, token in zip(state.sites, SCENE_CITY, SCENE_TOKENS, strict=True):
        site.key, site.token, site.face_up, site.barrels = key, token, False, []
        site.pot = next(c.pot for c in LOCATIONS if c.key == key)
    state.out_tokens = [6, 7, 12]
    envoys(state, {"smuggler": 5, "informant": 5, "troublemaker": 5}, inactive="dirty_cop")
    return state


def cell_of(state: BootlegState, key: str) -> int:
    return state.site_of(key).cell


def token(state: BootlegState, cell: int, number: int, face_up: bool = True) -> None:
    """Put token `number` on `cell` (it leaves wherever else it was)."""
    for site in state.sites:
        if site.token == number:
            site.token = state.site(cell).token
    state.site(cell).token, state.site(cell).face_up = number, face_up
    refresh(state)


def barrels(state: BootlegState, cell: int, *row: tuple[int, str]) -> None:
    """Make `cell`'s row exactly `row` of (owner, kind), left to right."""
    site = state.site(cell)
    for b in site.barrels:
        state.players[b.owner].supply.append(b.kind)
    site.barrels = []
    for owner, kind in row:
        state.players[owner].supply.remove(kind)
        site.barrels.append(Barrel(owner, kind))
    refresh(state)


def envoys(
    state: BootlegState,
    cells: dict[str, int],
    track: Sequence[str] | None = None,
    inactive: str | None = None,
) -> None:
    """Set the board's Envoys (`cells`: kind → cell) and the track (default: `cells`'
    order)."""
    state.envoys = dict(cells)
    state.track = list(track or cells)
    if inactive is not None:
        state.inactive = inactive
    refresh(state)


def szmal(state: BootlegState, seat: int, amount: int) -> None:
    state.players[seat].szmal = amount
    refresh(state)


def to_turn(state: BootlegState, seat: int, turns: int | None = None) -> None:
    """Start `seat`'s move (after `turns` finished turns, default: the first round)."""
    state.turns = seat if turns is None else turns
    state.turn = Turn(seat)
    state.phase = Phase.MOVE
    refresh(state)


def refresh(state: BootlegState) -> None:
    """Recompute the open decision after a scene was changed by hand."""
    _ask(state)


def to_end(state: BootlegState) -> list[Event]:
    """Jump to the end of the match with the board as arranged (§9.1) and return the
    events of the end that ran by itself."""
    state.turns = 9 * len(state.players)
    ev: list[Event] = []
    start_end(state, ev)
    _ask(state)
    return ev


__all__ = [
    "barrels", "cell_of", "envoys", "refresh", "scene", "szmal", "to_end", "to_turn", "token",
]  # fmt: skip
