"""A turn (BOOTLEG §4): the move and its automatic reveal and Advance, then the actions
until End turn, then the Expansion bonus."""

from __future__ import annotations

from engine.bootleg.abilities import ability_options, advance_open, use_ability
from engine.bootleg.barrels import arrive, gain, has_room
from engine.bootleg.board import EXPANSION_BONUS, LINES, MOVE_PATHS
from engine.bootleg.decisions import Decision
from engine.bootleg.envoys import ENVOYS, SMUGGLER, to_front
from engine.bootleg.events import (
    AdvanceTaken,
    BarrelDiscarded,
    BarrelPlaced,
    EnvoyMoved,
    Event,
    ExpansionClaimed,
    TokenRevealed,
    TurnEnded,
    TurnStarted,
)
from engine.bootleg.gangs import DEFAULT_ORDER
from engine.bootleg.services import service_options, use_service
from engine.bootleg.state import NOBODY, Barrel, BootlegState, Phase, Turn, Variant

# (envoy, start cell, range) → the move options' texts, built once (§4.1, §14.1 [R]).
MOVE_TEXTS: dict[tuple[str, int, int], tuple[str, ...]] = {
    (kind, start, steps): tuple(
        f"{kind}:{'-'.join(map(str, path))}" for path in MOVE_PATHS[start, steps, kind == SMUGGLER]
    )
    for kind in ENVOYS
    for start in range(1, 10)
    for steps in (1, 2, 3)
}


def start_turn(state: BootlegState, ev: list[Event]) -> None:
    seat = state.turns % len(state.players)
    state.turn = Turn(seat)
    state.phase = Phase.MOVE
    ev.append(TurnStarted(seat, state.round))


def move_options(state: BootlegState) -> list[str]:
    """Every Envoy on the board, in track order, with one path per distinct effect."""
    options: list[str] = []
    for steps, kind in enumerate(state.track, start=1):
        options.extend(MOVE_TEXTS[kind, state.envoys[kind], steps])
    return options


def take_move(state: BootlegState, ev: list[Event], d: Decision) -> None:
    turn = state.turn
    turn.envoy, turn.start, turn.path = d.name, state.envoys[d.name], list(d.cells)
    state.envoys[d.name] = turn.cell
    to_front(state.track, d.name)  # §2.3 [R]
    ev.append(EnvoyMoved(turn.seat, d.name, turn.start, d.cells, tuple(state.track)))
    site = state.site(turn.cell)
    if state.setup.options.variant is Variant.SECRET and not site.face_up:  # §4.2
        site.face_up = True
        ev.append(TokenRevealed(site.cell, site.token))
    if advance_open(state, turn.cell):  # §4.3 [R]: at once
        site.pot -= 1
        ev.append(AdvanceTaken(turn.seat, (turn.cell,), smuggler=False))
        gain(state, ev, turn.seat, 1, "advance")
    state.phase = Phase.ACT


def act_options(state: BootlegState) -> list[str]:
    """§4.4: Ability, Service, a Barrel kind to place, End turn — the legal ones only."""
    options = ability_options(state) + service_options(state)
    if state.turn.placed:
        options.append("end")
    else:
        supply = state.players[state.turn.seat].supply
        options.extend(f"place:{k}" for k in DEFAULT_ORDER if k in supply)
    return options


def take_act(state: BootlegState, ev: list[Event], d: Decision) -> None:
    if d.kind == "ability":
        use_ability(state, ev, d)
    elif d.kind == "service":
        use_service(state, ev, d)
    elif d.kind == "place":
        place_barrel(state, ev, d.name)
    else:
        end_turn(state, ev)


def place_barrel(state: BootlegState, ev: list[Event], kind: str) -> None:
    """§4.5: the leftmost free open space, or discarded when the Location is full."""
    turn = state.turn
    player = state.players[turn.seat]
    player.supply.remove(kind)
    turn.placed = True
    site = state.site(turn.cell)
    if has_room(state, site):
        ev.append(BarrelPlaced(turn.seat, site.cell, len(site.barrels) + 1, kind))
        arrive(state, ev, site, Barrel(turn.seat, kind))
    else:
        player.discarded.append(kind)
        ev.append(BarrelDiscarded(turn.seat, site.cell, kind))


def claim_expansions(state: BootlegState, ev: list[Event]) -> None:
    """§4.6 [R]: only the active player, only now; a Big Barrel counts once here."""
    seat = state.turn.seat
    held = {s.cell for s in state.sites if any(b.owner == seat for b in s.barrels)}
    for line, cells in enumerate(LINES):
        if state.expansion[line] == NOBODY and held.issuperset(cells):
            state.expansion[line] = seat
            ev.append(ExpansionClaimed(seat, line, EXPANSION_BONUS))
            gain(state, ev, seat, EXPANSION_BONUS, "expansion")


def end_turn(state: BootlegState, ev: list[Event]) -> None:
    claim_expansions(state, ev)
    ev.append(TurnEnded(state.turn.seat))
    state.turns += 1
