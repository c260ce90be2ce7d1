"""Setting a match up (EMPIRE §4), drawing from the generator in the order of §15: seat
order, small Business pieces, starred Mobsters, the deck, the first player's roll-off."""

from __future__ import annotations

from engine.common.rng import Rng, die, shuffle
from engine.empire.board import POLICE_START
from engine.empire.cards import DECK, SMALL_PIECES, STARRED
from engine.empire.dice import draw_one, shuffle_cards
from engine.empire.events import Event, FirstPlayerRolled
from engine.empire.state import (
    COLOURS,
    UNPLACED,
    EmpireSetup,
    EmpireState,
    Phase,
    Player,
)

_SEED_MASK = (1 << 64) - 1
# EMPIRE §4.4: the Resources laid on the board at setup (Girls, Booze, Henchmen).
START_RESOURCES = {
    "PAW": (0, 0, 1), "TAI": (0, 0, 1), "LAW": (1, 0, 0), "TOB": (1, 0, 0),
    "MUS": (0, 1, 0), "BOX": (0, 1, 0), "WHA": (0, 3, 0), "DOC": (0, 3, 0),
    "RAN": (3, 0, 0), "LAS": (3, 0, 0), "LAB": (0, 0, 3), "TEA": (0, 0, 3),
}  # fmt: skip


def set_up(setup: EmpireSetup) -> tuple[EmpireState, list[Event]]:
    rng = Rng(seed=setup.seed if setup.seed > _SEED_MASK else setup.seed & _SEED_MASK)
    order = list(range(len(setup.players)))
    if setup.shuffle_seats:
        shuffle(rng, order)
    players = [
        Player(seat, setup.players[i].name, setup.players[i].computer, COLOURS[seat])
        for seat, i in enumerate(order)
    ]
    pool = [40, 40, 40]
    pieces, starred = list(SMALL_PIECES), list(STARRED)
    for player in players:
        player.res = [1, 1, 1]
        pool = [n - 1 for n in pool]
    for player in players:
        player.start_piece = draw_one(rng, pieces)
    for player in players:
        player.mobsters[draw_one(rng, starred)] = UNPLACED
    dealt = {m for p in players for m in p.mobsters}
    deck = [card for card in DECK if card not in dealt]
    shuffle_cards(rng, deck)
    state = EmpireState(setup, players, rng, deck, pool=pool, police=POLICE_START)
    state.board_res = {loc: list(amounts) for loc, amounts in START_RESOURCES.items()}
    for amounts in START_RESOURCES.values():  # the board's Resources come from the pool
        state.pool = [n - a for n, a in zip(state.pool, amounts, strict=True)]
    ev: list[Event] = []
    state.first = _roll_off(state, ev)
    state.phase = Phase.START_LOT
    return state, ev


def _roll_off(state: EmpireState, ev: list[Event]) -> int:
    """EMPIRE §4.6 [R]: both dice each, in seat order; the tied highest roll again."""
    rolling = list(range(len(state.players)))
    rolls: list[tuple[int, int]] = []
    while True:
        totals = {seat: die(state.rng) + die(state.rng) for seat in rolling}
        rolls.extend(totals.items())
        best = max(totals.values())
        rolling = [s for s in rolling if totals[s] == best]
        if len(rolling) == 1:
            ev.append(FirstPlayerRolled(tuple(rolls), rolling[0]))
            return rolling[0]
