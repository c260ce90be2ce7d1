"""The end of the match (BOOTLEG §9.1): reveal, the Bomb, Lucky Joe, then the count.

The Devils and Lucky Joe players are asked only when their choice can change something
(§9.1 [R]); everything else runs by itself.
"""

from __future__ import annotations

from engine.bootleg.barrels import gain, tricks_off
from engine.bootleg.events import (
    BombDecided,
    Event,
    IncomePaid,
    LuckyDecided,
    MatchEnded,
    SpecialsRevealed,
    TokenRevealed,
)
from engine.bootleg.gangs import BOMB, CHEAP_GIN, DEVILS, GOOD_GOODS, LUCKY, SECRET_KINDS
from engine.bootleg.scoring import ranking, score_site
from engine.bootleg.state import NOBODY, BootlegState, Phase, Result
from engine.bootleg.tokens import FIXED_PRICE


def start_end(state: BootlegState, ev: list[Event]) -> None:
    for site in state.sites:  # §7 [R]: every token still face down counts
        if not site.face_up:
            site.face_up = True
            ev.append(TokenRevealed(site.cell, site.token))
    devils = state.seat_of(DEVILS)
    if devils != NOBODY:
        _reveal(state, ev, devils)
    if devils != NOBODY and bomb_spot(state) is not None:
        state.phase = Phase.BOMB
        return
    lucky_step(state, ev)


def _reveal(state: BootlegState, ev: list[Event], seat: int) -> None:
    player = state.players[seat]
    board = tuple(
        (site.cell, space, b.kind)
        for site in state.sites
        for space, b in enumerate(site.barrels, start=1)
        if b.owner == seat and b.kind in SECRET_KINDS
    )
    found = tuple(k for k in player.discarded if k in SECRET_KINDS)
    ev.append(SpecialsRevealed(seat, player.gang, board, found))


def bomb_spot(state: BootlegState) -> tuple[int, int] | None:
    """(cell, index) of a Bomb that can go off: on the board, not under No Tricks, with
    a Barrel beside it (§9.1 [R])."""
    for site in state.sites:
        for i, b in enumerate(site.barrels):
            if b.kind == BOMB and not tricks_off(site) and len(site.barrels) > 1:
                return site.cell, i
    return None


def take_bomb(state: BootlegState, ev: list[Event], detonate: bool) -> None:
    state.bomb = "detonate" if detonate else "hold"
    spot = bomb_spot(state)
    assert spot is not None
    cell, i = spot
    site = state.site(cell)
    removed = []
    if detonate:  # §8.1: the neighbours go, the Bomb stays, the row closes (§8.3)
        for j in sorted({max(i - 1, 0), min(i + 1, len(site.barrels) - 1)} - {i}, reverse=True):
            barrel = site.barrels.pop(j)
            state.players[barrel.owner].removed.append(barrel.kind)
            state.bombed.insert(0, barrel)
            removed.append((barrel.owner, barrel.kind))
        state.bomb_cell = cell
    ev.append(BombDecided(state.seat_of(DEVILS), detonate, cell, tuple(reversed(removed))))
    lucky_step(state, ev)


def activatable(state: BootlegState) -> list[tuple[int, str]]:
    """§9.1 [R]: on the board, not under No Tricks, not under a face-up Fixed Price."""
    return [
        (site.cell, b.kind)
        for site in state.sites
        if not tricks_off(site) and not (site.face_up and site.token == FIXED_PRICE)
        for b in site.barrels
        if b.kind in (GOOD_GOODS, CHEAP_GIN)
    ]


def lucky_step(state: BootlegState, ev: list[Event]) -> None:
    lucky = state.seat_of(LUCKY)
    if lucky != NOBODY:
        _reveal(state, ev, lucky)
        if activatable(state):
            state.phase = Phase.LUCKY
            return
    score(state, ev)


def take_lucky(state: BootlegState, ev: list[Event], activate: bool) -> None:
    state.lucky = "activate" if activate else "decline"
    ev.append(LuckyDecided(state.seat_of(LUCKY), activate, tuple(activatable(state))))
    score(state, ev)


def score(state: BootlegState, ev: list[Event]) -> None:
    """§9.2 [R]: each seat's incomes summed first, then applied once (floor 0)."""
    bombed = {state.bomb_cell: tuple((b.owner, b.kind) for b in state.bombed)}
    income = [0] * len(state.players)
    controlled = [0] * len(state.players)
    for site in state.sites:
        record = score_site(state, site, bombed.get(site.cell, ()))
        ev.append(record)
        if record.controller != NOBODY:
            income[record.controller] += record.income
            controlled[record.controller] += 1
    for player in state.players:
        before = player.szmal
        gain(state, ev, player.seat, income[player.seat], "income")
        ev.append(IncomePaid(player.seat, income[player.seat], before, player.szmal,
                             controlled[player.seat]))  # fmt: skip
    standings = ranking(state, controlled)
    state.result = Result(standings[0].seat, standings)
    state.phase = Phase.OVER
    ev.append(MatchEnded(standings[0].seat, tuple(s.seat for s in standings)))
