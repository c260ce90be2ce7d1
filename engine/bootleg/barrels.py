"""What a Barrel weighs, when it is protected, and how it arrives (BOOTLEG §4.5, §7, §8).

A face-up No Tricks token makes every Special where it lies a plain Barrel (§8.1 [R]).
"""

from __future__ import annotations

from engine.bootleg.events import BarrelMoved, Event, SzmalChanged, Welcomed
from engine.bootleg.gangs import BIG
from engine.bootleg.state import Barrel, BootlegState, Site
from engine.bootleg.tokens import NO_TRICKS, WELCOME


def token_is(site: Site, number: int) -> bool:
    """Only a face-up token has an effect (§2.4)."""
    return site.face_up and site.token == number


def tricks_off(site: Site) -> bool:
    return site.face_up and site.token == NO_TRICKS


def weight(site: Site, barrel: Barrel) -> int:
    """A Big Barrel counts 2 unless under No Tricks (§6, §8.1)."""
    return 2 if barrel.kind == BIG and not tricks_off(site) else 1


def barrel_count(site: Site) -> int:
    return sum(weight(site, b) for b in site.barrels)


def protected(site: Site, barrel: Barrel) -> bool:
    """§8.2: a Big Barrel not under No Tricks is moved by no Service."""
    return barrel.kind == BIG and not tricks_off(site)


def has_room(state: BootlegState, site: Site) -> bool:
    return len(site.barrels) < state.open_spaces


def gain(state: BootlegState, ev: list[Event], seat: int, due: int, reason: str) -> int:
    """Gain (due > 0) or lose (due < 0) Szmal, never below 0 (§2.6 [R]); returns the
    change that happened."""
    player = state.players[seat]
    change = max(due, -player.szmal)
    player.szmal += change
    if due:
        ev.append(SzmalChanged(seat, due, change, player.szmal, reason))
    return change


def arrive(state: BootlegState, ev: list[Event], site: Site, barrel: Barrel) -> None:
    """Put `barrel` on the leftmost free space, `len(site.barrels) + 1` (the caller
    checked there is one, and told of it); a face-up Welcome pays its owner 1$ (§2.4,
    §7 [R])."""
    site.barrels.append(barrel)
    if token_is(site, WELCOME):
        ev.append(Welcomed(barrel.owner, site.cell))
        gain(state, ev, barrel.owner, 1, "welcome")


def move_barrel(
    state: BootlegState, ev: list[Event], source: Site, index: int, target: Site, cause: str
) -> Barrel:
    """Take the Barrel at `index` out of `source` (the row closes, §8.3) and let it
    arrive on `target`'s leftmost free space: the Troublemaker, Precinct, Post Office."""
    barrel = source.barrels.pop(index)
    space = len(target.barrels) + 1
    ev.append(
        BarrelMoved(state.turn.seat, barrel.owner, barrel.kind, source.cell, target.cell, space,
                    cause)
    )  # fmt: skip
    arrive(state, ev, target, barrel)
    return barrel
