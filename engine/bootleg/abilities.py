"""Envoy abilities (BOOTLEG §5): which targets are legal now, and carrying one out.

Protection [R]: no ability uses a Location where the Dirty Cop stands. The Dirty Cop's
own ability is the free Service (§5.4), offered through the Service, not here.
"""

from __future__ import annotations

from engine.bootleg.barrels import gain, has_room, move_barrel, protected, token_is
from engine.bootleg.board import NEIGHBOURS
from engine.bootleg.decisions import Decision
from engine.bootleg.envoys import DIRTY_COP, INFORMANT, SMUGGLER, TROUBLEMAKER
from engine.bootleg.events import AdvanceTaken, Event, TokensExchanged
from engine.bootleg.gangs import ROTTEN
from engine.bootleg.state import BootlegState
from engine.bootleg.tokens import DRY_POT


def guarded(state: BootlegState, cell: int) -> bool:
    """The Dirty Cop stands here (§5 [R])."""
    return state.envoys.get(DIRTY_COP) == cell


def advance_open(state: BootlegState, cell: int) -> bool:
    """An Advance can be taken from this Pot (§4.3)."""
    site = state.site(cell)
    return site.pot >= 1 and not token_is(site, DRY_POT)


def smuggled_cells(state: BootlegState) -> list[int]:
    """§5.1: Pots passed before the last step, read now [R]."""
    passed = state.turn.path[:-1]
    return [c for c in passed if advance_open(state, c) and not guarded(state, c)]


def ability_options(state: BootlegState) -> list[str]:
    turn = state.turn
    if turn.ability or turn.envoy not in state.envoys:  # used, or exchanged away (§4.4 [R])
        return []
    if turn.envoy == SMUGGLER:
        return ["ability:smuggler"] if smuggled_cells(state) else []
    here = turn.cell
    if turn.envoy == INFORMANT and not guarded(state, here):
        return [f"ability:informant:{c}" for c in NEIGHBOURS[here] if not guarded(state, c)]
    if turn.envoy == TROUBLEMAKER and not turn.placed and not guarded(state, here):
        site = state.site(here)
        if not site.barrels:
            return []
        mover_is_rotten = state.players[turn.seat].gang == ROTTEN
        if protected(site, site.barrels[-1]) and not mover_is_rotten:
            return []
        return [
            f"ability:troublemaker:{c}"
            for c in NEIGHBOURS[here]
            if not guarded(state, c) and has_room(state, state.site(c))
        ]
    return []


def use_ability(state: BootlegState, ev: list[Event], d: Decision) -> None:
    state.turn.ability = True
    seat, here = state.turn.seat, state.turn.cell
    if d.name == SMUGGLER:
        cells = smuggled_cells(state)
        for c in cells:
            state.site(c).pot -= 1
        ev.append(AdvanceTaken(seat, tuple(cells), smuggler=True))
        gain(state, ev, seat, len(cells), "smuggler")
    elif d.name == INFORMANT:
        a, b = state.site(here), state.site(d.cells[0])
        a.token, b.token = b.token, a.token
        a.face_up, b.face_up = b.face_up, a.face_up
        shown = (a.token if a.face_up else 0, b.token if b.face_up else 0)
        ev.append(TokensExchanged(seat, (a.cell, b.cell), shown))
    else:
        move_barrel(state, ev, state.site(here), -1, state.site(d.cells[0]), TROUBLEMAKER)
