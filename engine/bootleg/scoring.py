"""Control, Value and income at the end (BOOTLEG §9.2-§9.4): one record per Location
that says who controls it and why, so nobody has to count again."""

from __future__ import annotations

from engine.bootleg.barrels import token_is, tricks_off, weight
from engine.bootleg.events import LocationScored
from engine.bootleg.gangs import CHEAP_GIN, GOLDEN, GOLDEN_GANG, GOOD_GOODS
from engine.bootleg.locations import BY_KEY
from engine.bootleg.state import NOBODY, BootlegState, Site, Standing
from engine.bootleg.tokens import BY_NUMBER, FIXED_PRICE, FIXED_VALUE, LAST_OUT, REVERSE_TIES


def control(site: Site, gangs: list[str]) -> tuple[int, str, list[int], list[int], int]:
    """§9.3: (controller, reason, counts, tied seats, index of the Barrel Last Out left
    out or -1). `gangs[seat]` names each seat's gang."""
    row = list(range(len(site.barrels)))
    left_out = -1
    if row and token_is(site, LAST_OUT):
        left_out = row.pop()
    counts = [0] * len(gangs)
    for i in row:
        barrel = site.barrels[i]
        counts[barrel.owner] += weight(site, barrel)
    if not row:
        return NOBODY, "none", counts, [], left_out
    top = max(counts)
    tied = [seat for seat, n in enumerate(counts) if n == top]
    if len(tied) == 1:
        return tied[0], "majority", counts, tied, left_out
    golden = gangs.index(GOLDEN_GANG) if GOLDEN_GANG in gangs else NOBODY
    if golden in tied and not tricks_off(site) and any(site.barrels[i].kind == GOLDEN for i in row):
        return golden, "golden_whisky", counts, tied, left_out
    owners = [site.barrels[i].owner for i in row if site.barrels[i].owner in tied]
    if token_is(site, REVERSE_TIES):
        return owners[-1], "reverse_ties", counts, tied, left_out
    return owners[0], "leftmost", counts, tied, left_out


def value(site: Site, activated: bool) -> tuple[int, str]:
    """§9.2 [R]: Fixed Price makes it 3$; else printed ± 2 per activated Special there
    (left-out ones too), never below 0."""
    if token_is(site, FIXED_PRICE):
        return FIXED_VALUE, "fixed_price"
    printed = BY_KEY[site.key].value
    if not activated or tricks_off(site):
        return printed, "printed"
    shift = sum(
        2 if b.kind == GOOD_GOODS else -2 if b.kind == CHEAP_GIN else 0 for b in site.barrels
    )
    if shift == 0:
        return printed, "printed"
    return max(printed + shift, 0), "floor" if printed + shift < 0 else "specials"


def score_site(
    state: BootlegState, site: Site, bombed: tuple[tuple[int, str], ...]
) -> LocationScored:
    gangs = [p.gang for p in state.players]
    controller, reason, counts, tied, left_out = control(site, gangs)
    worth, why = value(site, state.lucky == "activate")
    # A token a computer's picture of the match leaves unknown (0) counts for nothing.
    token = BY_NUMBER[site.token].income if site.face_up and site.token in BY_NUMBER else 0
    out = site.barrels[left_out] if left_out >= 0 else None
    return LocationScored(
        cell=site.cell,
        location=site.key,
        token=site.token if site.face_up else 0,
        row=tuple((b.owner, b.kind) for b in site.barrels),
        left_out=(out.owner, out.kind) if out else None,
        counts=tuple(counts),
        tied=tuple(tied) if len(tied) > 1 else (),
        controller=controller,
        reason=reason,
        value=worth,
        value_reason=why,
        token_income=token if controller != NOBODY else 0,
        income=worth + token if controller != NOBODY else 0,
        bombed=bombed,
    )


def ranking(state: BootlegState, controlled: list[int]) -> list[Standing]:
    """§9.4: most Szmal, then most Locations, then earlier in seat order — always strict."""
    standings = [Standing(p.seat, p.szmal, controlled[p.seat]) for p in state.players]
    return sorted(standings, key=lambda s: (-s.szmal, -s.locations, s.seat))
