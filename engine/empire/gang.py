"""A gang's pieces: where its Mobsters are, what its car holds, its Power Points, and
the way a Mobster leaves for the Graveyard (Lucky Lou, Fabulous First Aid)."""

from __future__ import annotations

from engine.empire.board import SITE, TURFS
from engine.empire.cards import (
    FAT_FRED,
    FIRST_AID,
    LUCKY_LOU,
    MOBSTERS,
    PIECES,
    SIZES,
    THE_DWARF,
)
from engine.empire.events import Event, MobsterSent, RespectChanged
from engine.empire.state import (
    CAR,
    HIDING,
    HOSPITAL,
    JAIL,
    NOBODY,
    UNPLACED,
    WIN_POWER,
    EmpireState,
    Player,
)

CAR_SIZE, BUSINESS_SIZE = 3, 3
NOT_WORKING = frozenset((JAIL, HOSPITAL, HIDING))
PIECE_POWER = {piece.id: SIZES[piece.size].power for piece in PIECES.values()}  # EMPIRE §11


def is_working(place: str) -> bool:
    """EMPIRE §3.2: in a car, in a Business or unplaced."""
    return place not in NOT_WORKING


def working(player: Player) -> list[str]:
    return [m for m, place in player.mobsters.items() if is_working(place)]


def at(player: Player, place: str) -> list[str]:
    return [m for m, where in player.mobsters.items() if where == place]


def car_capacity(mobsters: list[str] | tuple[str, ...]) -> int:
    """EMPIRE §3.2: 3; 4 with The Dwarf, 2 with Fat Fred, 3 with both."""
    dwarf, fred = THE_DWARF in mobsters, FAT_FRED in mobsters
    if dwarf and fred:
        return CAR_SIZE
    return 4 if dwarf else 2 if fred else CAR_SIZE


def fits_car(mobsters: list[str] | tuple[str, ...]) -> bool:
    return len(mobsters) <= car_capacity(mobsters)


def driver_bonus(mobsters: list[str]) -> int:
    """The largest driver bonus in the car; bonuses never add up (EMPIRE §3.2 [R])."""
    return max((MOBSTERS[m].driver for m in mobsters), default=0)


def lots_of(state: EmpireState, seat: int) -> list[str]:
    return [lot for lot, b in state.lots.items() if b.owner == seat]


def turf_count(state: EmpireState, seat: int) -> int:
    return sum(1 for owner in state.turf.values() if owner == seat)


def working_count(player: Player) -> int:
    count = len(player.mobsters)
    for place in player.mobsters.values():
        if place in NOT_WORKING:
            count -= 1
    return count


def power(state: EmpireState, seat: int) -> int:
    return powers(state)[seat]


def powers(state: EmpireState) -> list[int]:
    """EMPIRE §11, every seat's Power Points in one pass over the board (the check after
    every step): open Businesses by size, completed Jobs, Local Respect, and one per two
    working Mobsters."""
    points = []
    for player in state.players:  # written out: this runs after every decision
        done = 0
        for completed in player.jobs.values():
            if completed:
                done += 1
        men = len(player.mobsters)
        for place in player.mobsters.values():
            if place in NOT_WORKING:
                men -= 1
        points.append(done + men // 2)
    for b in state.lots.values():
        if b.open:
            points[b.owner] += PIECE_POWER[b.piece]
    if state.respect != NOBODY:
        points[state.respect] += 1
    return points


def may_reach_win(state: EmpireState) -> bool:
    """False when nobody can hold 10 PP: `powers` bounded from above by counting every
    Job as completed and every Mobster as working, which needs no look at either."""
    bound = [len(p.jobs) + len(p.mobsters) // 2 for p in state.players]
    for b in state.lots.values():
        if b.open:
            bound[b.owner] += PIECE_POWER[b.piece]
    if state.respect != NOBODY:
        bound[state.respect] += 1
    return max(bound) >= WIN_POWER


def update_respect(state: EmpireState, ev: list[Event]) -> None:
    """EMPIRE §6.3: after every Turf change, Local Respect goes to the one player with
    strictly the most markers on the board, else it lies on the board."""
    counts = [0] * len(state.players)
    for owner in state.turf.values():
        counts[owner] += 1
    best = max(counts)
    holder = counts.index(best) if best and counts.count(best) == 1 else NOBODY
    if holder != state.respect:
        state.respect = holder
        ev.append(RespectChanged(holder))


def place_of(state: EmpireState, mobster: str) -> str:
    seat = state.owner_of(mobster)
    return state.players[seat].mobsters[mobster] if seat != NOBODY else ""


def move_mobster(state: EmpireState, seat: int, mobster: str, place: str) -> None:
    """Put a Mobster somewhere; his place is hidden again unless it is a public one."""
    state.players[seat].mobsters[mobster] = place
    if mobster in state.revealed:
        state.revealed.remove(mobster)


def conceal(state: EmpireState, mobsters: list[str]) -> None:
    state.revealed = [m for m in state.revealed if m not in mobsters]


def reveal(state: EmpireState, mobsters: list[str]) -> None:
    state.revealed.extend(m for m in mobsters if m not in state.revealed)


def first_aid_saves(state: EmpireState, seat: int, mobster: str) -> bool:
    """The holder's standing order for Fabulous First Aid (EMPIRE §6.9)."""
    player = state.players[seat]
    if FIRST_AID not in player.hand:
        return False
    orders = player.orders
    return orders.first_aid == "first" or (orders.first_aid == "named" and mobster in orders.named)


def send_to_graveyard(
    state: EmpireState, ev: list[Event], seat: int, mobster: str, reason: str
) -> str:
    """A Mobster who would die: Lucky Lou and a First Aid order send him to the Hospital
    instead (EMPIRE §3.2, §3.3). Returns where he went."""
    player = state.players[seat]
    if mobster == LUCKY_LOU:
        return send(state, ev, seat, mobster, HOSPITAL, reason)
    if first_aid_saves(state, seat, mobster):
        player.hand.remove(FIRST_AID)
        state.used.append(FIRST_AID)
        return send(state, ev, seat, mobster, HOSPITAL, "first_aid")
    del player.mobsters[mobster]
    if mobster in state.revealed:
        state.revealed.remove(mobster)
    state.graveyard.append(mobster)
    ev.append(MobsterSent(seat, mobster, "graveyard", reason))
    return "graveyard"


def send(
    state: EmpireState, ev: list[Event], seat: int, mobster: str, where: str, reason: str
) -> str:
    """Jail, the Hospital, hiding or a car: the place is public while he is there."""
    move_mobster(state, seat, mobster, where)
    if where == CAR:
        reveal(state, [mobster])
    ev.append(MobsterSent(seat, mobster, where, reason))
    return where


def fire(state: EmpireState, seat: int, mobster: str) -> None:
    """Fired Mobsters go to the Used pile (EMPIRE §9.5 [R])."""
    del state.players[seat].mobsters[mobster]
    if mobster in state.revealed:
        state.revealed.remove(mobster)
    state.used.append(mobster)


def unplaced(player: Player) -> list[str]:
    return at(player, UNPLACED)


def attached_turfs(square: int) -> list[str]:
    return [t for t in TURFS if SITE[t].square == square]
