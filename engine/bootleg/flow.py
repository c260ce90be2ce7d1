"""The public entry points: `new_match`, `check`, `apply`, `replay`, `timeout_default`,
`pending`.

`apply` checks a decision against the open decision's options first (illegal input
changes nothing), carries it out, runs on through everything automatic (a turn with
nothing left but End turn, the end of the match) and asks the next decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.bootleg import ending, turn
from engine.bootleg.board import LINES, STATION_CELL
from engine.bootleg.decisions import Decision, DecisionKind, Pending
from engine.bootleg.envoys import ENVOYS
from engine.bootleg.events import Event, SeatLeft
from engine.bootleg.gangs import DEFAULT_ORDER, DEVILS, LUCKY
from engine.bootleg.gangs import GANGS as GANG_TABLE
from engine.bootleg.locations import BY_KEY as CARDS
from engine.bootleg.locations import LOCATIONS, STATION
from engine.bootleg.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOBODY,
    ROUNDS,
    BootlegOptions,
    BootlegSetup,
    BootlegState,
    Phase,
    Player,
    Site,
    Variant,
)
from engine.bootleg.tokens import TOKENS
from engine.common.errors import IllegalDecision, MatchOver
from engine.common.replay import replay_log
from engine.common.rng import Rng, shuffle
from engine.common.seats import PlayerSpec

_SEED_MASK = (1 << 64) - 1
OTHER_CELLS = (1, 2, 3, 4, 6, 7, 8, 9)


def new_match(
    players: int | Sequence[PlayerSpec] = 4,
    seed: int = 0,
    options: BootlegOptions | None = None,
    shuffle_seats: bool = True,
) -> BootlegState:
    """A match after setup (BOOTLEG §3), waiting for the first seat's move. `players` is
    a count or the players in joining order; the seed shuffles them into seats."""
    specs = (
        [PlayerSpec(f"Gang {i + 1}") for i in range(players)]
        if isinstance(players, int)
        else list(players)
    )
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"Bootleg seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(specs)}")
    return _setup_match(BootlegSetup(seed, options or BootlegOptions(), specs, shuffle_seats))


def _setup_match(setup: BootlegSetup) -> BootlegState:
    """§13: one shuffle each, in this order: seats, gangs, Locations, tokens, Envoys."""
    rng = Rng(seed=setup.seed if setup.seed > _SEED_MASK else setup.seed & _SEED_MASK)
    order = list(range(len(setup.players)))
    if setup.shuffle_seats:
        shuffle(rng, order)
    gangs = list(range(len(GANG_TABLE)))
    shuffle(rng, gangs)
    others = [i for i, card in enumerate(LOCATIONS) if card.key != STATION]
    shuffle(rng, others)
    tokens = [t.number for t in TOKENS]
    shuffle(rng, tokens)
    kinds = list(range(len(ENVOYS)))
    shuffle(rng, kinds)
    players = []
    for seat, joined in enumerate(order):
        spec, gang = setup.players[joined], GANG_TABLE[gangs[seat]]
        players.append(Player(seat, spec.name, spec.computer, gang.key, gang.szmal, gang.barrels()))
    keys = dict(zip(OTHER_CELLS, (LOCATIONS[i].key for i in others), strict=True))
    keys[STATION_CELL] = STATION
    face_up = setup.options.variant is Variant.OPEN
    sites = [
        Site(cell, keys[cell], CARDS[keys[cell]].pot, tokens[cell - 1], face_up)
        for cell in range(1, 10)
    ]
    track = [ENVOYS[k] for k in kinds[:3]]
    state = BootlegState(
        setup=setup,
        players=players,
        sites=sites,
        envoys={kind: STATION_CELL for kind in track},
        track=track,
        inactive=ENVOYS[kinds[3]],
        expansion=[NOBODY] * len(LINES),
        out_tokens=tokens[9:],
        rng=rng,
    )
    turn.start_turn(state, [])
    _ask(state)
    return state


def pending(state: BootlegState) -> list[Pending]:
    return list(state.pending)


def pending_for(state: BootlegState, seat: int) -> list[Pending]:
    return [p for p in state.pending if p.seat == seat]


def check(state: BootlegState, seat: int, decision: Decision | str) -> Decision:
    """Raise IllegalDecision unless `decision` is legal for `seat` now; changes nothing."""
    if state.result is not None:
        raise MatchOver("the match is over")
    d = Decision.parse(decision) if isinstance(decision, str) else decision
    if not 0 <= seat < len(state.players):
        raise IllegalDecision(f"there is no seat {seat}")
    if d.kind == "leave":
        if state.players[seat].left:
            raise IllegalDecision(f"seat {seat} has already left")
        return d
    asked = state.pending[0]
    if asked.seat != seat:
        raise IllegalDecision(f"seat {seat} has no decision to make now")
    if str(d) not in asked.options:
        raise IllegalDecision(f"{d} is not an option now")
    return d


def apply(state: BootlegState, seat: int, decision: Decision | str) -> list[Event]:
    """Carry out one seat's decision and run on to the next decision.

    Raises IllegalDecision (the state unchanged) for anything not legal for that seat now.
    """
    d = check(state, seat, decision)
    state.seq += 1
    ev: list[Event] = []
    if d.kind == "leave":
        state.players[seat].left = True
        ev.append(SeatLeft(seat))
    else:
        _HANDLERS[state.phase](state, ev, d)
        _ask(state, ev)
    while state.result is None and state.players[state.pending[0].seat].left:
        _HANDLERS[state.phase](state, ev, timeout_default(state, state.pending[0].seat))
        _ask(state, ev)
    return ev


def _act(state: BootlegState, ev: list[Event], d: Decision) -> None:
    turn.take_act(state, ev, d)
    if d.kind == "end":
        _next_turn(state, ev)


# Which step takes a decision in each phase: the game's steps, declared once.
_HANDLERS: dict[Phase, Callable[[BootlegState, list[Event], Decision], None]] = {
    Phase.MOVE: turn.take_move,  # BOOTLEG §4.1-§4.3
    Phase.ACT: _act,  # §4.4-§4.6
    Phase.BOMB: lambda s, ev, d: ending.take_bomb(s, ev, d.name == "detonate"),  # §9.1
    Phase.LUCKY: lambda s, ev, d: ending.take_lucky(s, ev, d.name == "activate"),  # §9.1
}


def _ask(state: BootlegState, ev: list[Event] | None = None) -> None:
    """Set the open decision, running on while nothing is left to choose: a turn whose
    only option is End turn ends by itself (§4.4 [R]); after the last turn, the end."""
    ev = ev if ev is not None else []
    while True:
        state.pending = _pending(state)
        if state.phase is Phase.ACT and state.pending[0].options == ["end"]:
            turn.end_turn(state, ev)
            _next_turn(state, ev)
            continue
        return


def _last(state: BootlegState) -> int:
    return ROUNDS * len(state.players)


def _next_turn(state: BootlegState, ev: list[Event]) -> None:
    if state.turns >= _last(state):
        ending.start_end(state, ev)
    else:
        turn.start_turn(state, ev)


def _pending(state: BootlegState) -> list[Pending]:
    seat = state.turn.seat
    if state.phase is Phase.MOVE:
        return [Pending(DecisionKind.MOVE, seat, turn.move_options(state))]
    if state.phase is Phase.ACT:
        return [Pending(DecisionKind.ACT, seat, turn.act_options(state))]
    if state.phase is Phase.BOMB:
        return [Pending(DecisionKind.BOMB, state.seat_of(DEVILS), ["bomb:detonate", "bomb:hold"])]
    if state.phase is Phase.LUCKY:
        return [Pending(DecisionKind.LUCKY, state.seat_of(LUCKY),
                        ["lucky:activate", "lucky:decline"])]  # fmt: skip
    return []


def replay(setup: BootlegSetup, log: Iterable[tuple[int, str]]) -> tuple[BootlegState, list[Event]]:
    """Rebuild a match from its setup and decision log; returns the state and all events."""
    return replay_log(_setup_match(setup), apply, log)


def timeout_default(state: BootlegState, seat: int) -> Decision:
    """BOOTLEG §12 [R]: the default for `seat`'s open decision."""
    if state.result is not None or not state.pending or state.pending[0].seat != seat:
        raise IllegalDecision(f"seat {seat} has no decision to make now")
    asked = state.pending[0]
    if asked.kind is DecisionKind.MOVE:
        first = state.track[0]  # the Envoy on the lowest track space, lowest end, lowest path
        return Decision.parse(next(o for o in asked.options if o.startswith(f"{first}:")))
    if asked.kind is DecisionKind.ACT:
        places = asked.group("place")
        if places:
            return Decision.parse(min(places, key=lambda o: DEFAULT_ORDER.index(o[6:])))
        return Decision("end")
    return Decision.parse(asked.options[-1])  # bomb:hold, lucky:decline
