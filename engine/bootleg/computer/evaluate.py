"""How good a position looks to one seat: its Szmal, plus the Locations it would win
if the count were now, each weighed by how safe the lead is; minus the best rival's."""

from __future__ import annotations

from engine.bootleg.barrels import token_is
from engine.bootleg.locations import BY_KEY
from engine.bootleg.scoring import control
from engine.bootleg.state import NOBODY, BootlegState
from engine.bootleg.tokens import BY_NUMBER, FIXED_PRICE, FIXED_VALUE

UNKNOWN_TOKEN = 0.25  # the average Tribute/Levy of a token not yet seen
WIN = 100.0


def estimated_totals(state: BootlegState) -> list[float]:
    gangs = [p.gang for p in state.players]
    totals = [float(p.szmal) for p in state.players]
    room = state.open_spaces
    for site in state.sites:
        controller, _, counts, _, _ = control(site, gangs)
        if controller == NOBODY:
            continue
        worth = float(FIXED_VALUE if token_is(site, FIXED_PRICE) else BY_KEY[site.key].value)
        if site.face_up and site.token in BY_NUMBER:
            worth += BY_NUMBER[site.token].income
        else:
            worth += UNKNOWN_TOKEN
        free = room - len(site.barrels)
        if free:
            ranked = sorted(counts, reverse=True)
            lead = ranked[0] - ranked[1]
            share = min(1.0, 0.35 + 0.2 * lead + 0.4 * len(site.barrels) / room)
        else:
            share = 1.0
        totals[controller] += worth * share
    return totals


def evaluate(state: BootlegState, seat: int) -> float:
    if state.result is not None:
        won = WIN if state.result.winner == seat else 0.0
        rival = max(p.szmal for p in state.players if p.seat != seat)
        return won + state.players[seat].szmal - rival
    totals = estimated_totals(state)
    rivals = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - 0.7 * max(rivals) - 0.3 * sum(rivals) / len(rivals)
