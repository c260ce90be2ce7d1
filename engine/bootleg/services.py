"""Location Services (BOOTLEG §6): each Location's legal targets and what it does, one
table row per Location. Gains come from the Common Pool, losses go to it (§2.6)."""

from __future__ import annotations

from collections.abc import Callable

from engine.bootleg.barrels import (
    barrel_count,
    gain,
    has_room,
    move_barrel,
    protected,
    token_is,
    weight,
)
from engine.bootleg.board import NEIGHBOURS
from engine.bootleg.decisions import Decision
from engine.bootleg.envoys import DIRTY_COP, to_front
from engine.bootleg.events import EnvoyExchanged, Event, ServiceUsed
from engine.bootleg.locations import BY_KEY, CASINO_GREEN
from engine.bootleg.state import BootlegState, Site
from engine.bootleg.tokens import DOUBLE_FEE

PRECINCT_FINE = 2  # BOOTLEG §6.2 [R]: the card's 2$


def service_cost(state: BootlegState, site: Site) -> int:
    """The printed cost, doubled by a face-up Double Fee; free with the Dirty Cop (§5.4)."""
    if state.turn.envoy == DIRTY_COP:
        return 0
    cost = BY_KEY[site.key].cost
    return cost * 2 if token_is(site, DOUBLE_FEE) else cost


def service_options(state: BootlegState) -> list[str]:
    if state.turn.service:
        return []
    site = state.site(state.turn.cell)
    card = BY_KEY[site.key]
    if not card.service or state.players[state.turn.seat].szmal < service_cost(state, site):
        return []
    return [f"service:{site.key}{t}" for t in _TARGETS[site.key](state, site)]


def use_service(state: BootlegState, ev: list[Event], d: Decision) -> None:
    """Pay first, then carry out (§4.4); the options were checked to be affordable."""
    state.turn.service = True
    site = state.site(state.turn.cell)
    cost = service_cost(state, site)
    state.players[state.turn.seat].szmal -= cost
    site.pot += cost
    ev.append(ServiceUsed(state.turn.seat, site.key, site.cell, cost))
    _EFFECTS[site.key](state, ev, site, d)


def _no_target(state: BootlegState, site: Site) -> list[str]:
    return [""]


def _casino(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    """§6.1 [R]: green spaces pay, red spaces cost, netted per player."""
    net = [0] * len(state.players)
    for space, barrel in enumerate(site.barrels, start=1):
        w = weight(site, barrel)
        net[barrel.owner] += w if space in CASINO_GREEN else -w
    for seat, due in enumerate(net):
        gain(state, ev, seat, due, "casino")


def _precinct_targets(state: BootlegState, site: Site) -> list[str]:
    if not has_room(state, site):
        return []
    return [
        f":{c}"
        for c in NEIGHBOURS[site.cell]
        if (row := state.site(c).barrels) and not protected(state.site(c), row[-1])
    ]


def _precinct(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    """§6.2 [R]: the Barrel moves and arrives first, then its owner pays 2$ to the Pot."""
    barrel = move_barrel(state, ev, state.site(d.cells[0]), -1, site, "precinct")
    site.pot -= gain(state, ev, barrel.owner, -PRECINCT_FINE, "precinct_fine")


def _bank(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    gain(state, ev, state.turn.seat, barrel_count(site), "bank")


def _city_hall(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    seat = state.turn.seat
    held = sum(1 for s in state.sites if s is not site and any(b.owner == seat for b in s.barrels))
    gain(state, ev, seat, held, "city_hall")


def _station_targets(state: BootlegState, site: Site) -> list[str]:
    return [f":{kind}" for kind in state.track]


def _station(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    """§6.5: the inactive kind's copy takes the chosen Envoy's place, on the board and
    (at space 1) on the track; the chosen kind becomes inactive."""
    out, came_in = d.envoy, state.inactive
    cell = state.envoys.pop(out)
    state.envoys[came_in] = cell
    state.track.remove(out)
    to_front(state.track, came_in)
    state.inactive = out
    ev.append(EnvoyExchanged(state.turn.seat, out, came_in, cell, tuple(state.track)))


def _church(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    """§6.6 [R]: every player, the active one included."""
    for player in state.players:
        held = sum(
            1
            for c in NEIGHBOURS[site.cell]
            if any(b.owner == player.seat for b in state.site(c).barrels)
        )
        gain(state, ev, player.seat, -held, "church")


def _hotel(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    near = {site.cell, *NEIGHBOURS[site.cell]}
    envoys = sum(1 for cell in state.envoys.values() if cell in near)
    gain(state, ev, state.turn.seat, 2 * envoys, "hotel")


def _post_targets(state: BootlegState, site: Site) -> list[str]:
    seat = state.turn.seat
    spaces = [
        i for i, b in enumerate(site.barrels, start=1) if b.owner == seat and not protected(site, b)
    ]
    cells = [s.cell for s in state.sites if s is not site and has_room(state, s)]
    return [f":{i}:{c}" for i in spaces for c in cells]


def _post_office(state: BootlegState, ev: list[Event], site: Site, d: Decision) -> None:
    """§6.8 [R]: the gap closes as the Barrel leaves (§8.3)."""
    move_barrel(state, ev, site, d.space - 1, state.site(d.cells[0]), "post_office")


Effect = Callable[[BootlegState, list[Event], Site, Decision], None]
Targets = Callable[[BootlegState, Site], list[str]]

# Location → (its legal targets as option suffixes, its effect): the Services, declared once.
_SERVICES: dict[str, tuple[Targets, Effect]] = {
    "casino": (_no_target, _casino),  # §6.1
    "precinct": (_precinct_targets, _precinct),  # §6.2
    "bank": (_no_target, _bank),  # §6.3
    "city_hall": (_no_target, _city_hall),  # §6.4
    "station": (_station_targets, _station),  # §6.5
    "church": (_no_target, _church),  # §6.6
    "hotel": (_no_target, _hotel),  # §6.7
    "post_office": (_post_targets, _post_office),  # §6.8
}
_TARGETS = {key: row[0] for key, row in _SERVICES.items()}
_EFFECTS = {key: row[1] for key, row in _SERVICES.items()}
