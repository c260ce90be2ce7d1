"""The police (EMPIRE §8): the Badge holder's Police Car step, the stand-off and the
four Police Actions."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.common.rng import die
from engine.empire.board import SITES_AT, SQUARES, SiteKind, reach
from engine.empire.cards import CLEAN_GENE, JOHNNY_FAVORITE, TONY_TROUBLE
from engine.empire.decisions import Decision, Option, amounts
from engine.empire.events import (
    Busted,
    Confiscated,
    DieRolled,
    Event,
    JobsCancelled,
    PoliceMoved,
    StandOff,
    TurfCleared,
)
from engine.empire.gang import at, reveal, send, update_respect
from engine.empire.state import CAR, JAIL, EmpireState, Phase

POLICE_REACH = 2  # the Police Car moves up to roll + 2 (EMPIRE §8.1)
MAX_EQUAL = 10  # EMPIRE §8.2 [R]


def start_police_step(state: EmpireState, ev: list[Event], seat: int) -> None:
    assert state.turn is not None
    roll = die(state.rng)
    ev.append(DieRolled(seat, "police", roll, POLICE_REACH))
    state.turn.police_roll = roll
    state.phase = Phase.POLICE_MOVE


MOVE_TEXT = {sq: (f"pmove:S{sq}", f"Police Car to S{sq}") for sq in SQUARES}  # written once


def move_options(state: EmpireState) -> list[Option]:
    assert state.turn is not None
    squares = reach(state.police, state.turn.police_roll + POLICE_REACH)
    return [Option(*MOVE_TEXT[sq]) for sq in squares]


def take_move(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> bool:
    """Move the Police Car; True when a Police Action may follow."""
    start, state.police = state.police, int(d.arg(0)[1:])
    ev.append(PoliceMoved(seat, start, state.police))
    return not state.police_used and not state.feds


def action_options(state: EmpireState, seat: int) -> list[Option]:
    found: list[Option] = []
    square = state.police
    for site in SITES_AT[square]:
        code = site.code
        business = state.lots.get(code)
        if business is not None and business.owner != seat and business.open:
            found.append(Option(f"bust:{code}", "Bust the Business"))
        owner = state.turf.get(code)
        if owner is not None and owner != seat:
            found.append(Option(f"clear:{code}", "Clear the Turf"))
        held = state.board_res.get(code)
        if site.kind is SiteKind.LOCATION and held and sum(held):
            sample = f"confiscate:{code}:{'.'.join(map(str, held))}"
            found.append(Option(f"confiscate:{code}", "Confiscate", sample))
    for other in state.players:
        if other.seat != seat and other.car == square and not other.garage:
            found.append(Option(f"bustcar:{other.seat}", "Bust the car"))
    found.append(Option("none", "no Police Action"))
    return found


def check_confiscate(state: EmpireState, seat: int, d: Decision) -> None:
    take = amounts(d.arg(1))
    held = state.board_res[d.arg(0)]
    if len(d.args) != 2 or sum(take) < 1 or any(t > h for t, h in zip(take, held, strict=True)):
        raise IllegalDecision(f"{d}: at least 1 of what lies there")


def stand_off(state: EmpireState, ev: list[Event], holder: int, owner: int, men: list[str]) -> bool:
    """EMPIRE §8.2: Tony Trouble and Clean Gene decide it without a roll when alone."""
    tony, gene = TONY_TROUBLE in men, CLEAN_GENE in men
    if tony != gene:
        ev.append(StandOff(holder, owner, (), tony))
        return tony
    rolls: list[tuple[int, int]] = []
    while True:
        h, o = die(state.rng), die(state.rng)
        rolls.append((h, o))
        if h != o or len(rolls) == MAX_EQUAL:
            won = h > o
            ev.append(StandOff(holder, owner, tuple(rolls), won))
            return won


def take_action(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    state.police_used = True
    if d.kind == "bust":
        business = state.lots[d.arg(0)]
        men = at(state.players[business.owner], d.arg(0))
        reveal(state, men)
        won = stand_off(state, ev, seat, business.owner, men)
        ev.append(Busted(seat, business.owner, d.arg(0), tuple(men), won))
        if won:
            business.open = False
            _jail(state, ev, business.owner, men)
    elif d.kind == "bustcar":
        owner = int(d.arg(0))
        men = at(state.players[owner], CAR)
        reveal(state, men)
        won = stand_off(state, ev, seat, owner, men)
        ev.append(Busted(seat, owner, "car", tuple(men), won))
        if won:
            _jail(state, ev, owner, men)
            player = state.players[owner]
            lost = [j for j, done in player.jobs.items() if not done]
            for job in lost:
                del player.jobs[job]
                state.used.append(job)
            if lost:
                ev.append(JobsCancelled(owner, tuple(lost)))
    elif d.kind == "clear":
        owner = state.turf.pop(d.arg(0))
        ev.append(TurfCleared(seat, d.arg(0), owner))
        update_respect(state, ev)
    else:
        take = amounts(d.arg(1))
        held = state.board_res[d.arg(0)]
        for kind, n in enumerate(take):
            held[kind] -= n
            state.pool[kind] += n
        ev.append(Confiscated(seat, d.arg(0), (take[0], take[1], take[2])))


def _jail(state: EmpireState, ev: list[Event], owner: int, men: list[str]) -> None:
    for m in men:
        if m != JOHNNY_FAVORITE:  # EMPIRE §3.2: never goes to Jail in a bust
            send(state, ev, owner, m, JAIL, "bust")
