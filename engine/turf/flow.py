"""The public entry points: `new_match`, `pending`, `apply`, `check`, `replay`,
`timeout_default`.

`apply` checks a decision against the open decisions first (illegal input changes
nothing), carries it out, settles who is out and whether the match ended, then asks the
next decisions. Several may be open at once: both sides of a confrontation choose in
secret, and a deal's receiver may answer while the turn goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.common.errors import IllegalDecision, MatchOver
from engine.common.replay import replay_log
from engine.common.rng import Rng, shuffle
from engine.common.seats import PlayerSpec
from engine.turf import confrontation, cops, deals, legwork, losses, turns
from engine.turf.board import BUILDINGS_PER_PLAYER, SQUARES
from engine.turf.cards import DECK
from engine.turf.decisions import Decision, Pending
from engine.turf.ending import settle
from engine.turf.events import Event
from engine.turf.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Building,
    Phase,
    Player,
    TurfOptions,
    TurfSetup,
    TurfState,
)
from engine.turf.timeouts import safe_choice

_SEED_MASK = (1 << 64) - 1


def new_match(
    players: int | Sequence[PlayerSpec] = 4,
    seed: int = 0,
    options: TurfOptions | None = None,
    shuffle_seats: bool = True,
) -> TurfState:
    """A match after setup (TURF §2), waiting for the first seat's legwork. `players`
    is a count or the players in joining order; the seed shuffles them into seats."""
    specs = (
        [PlayerSpec(f"Boss {i + 1}") for i in range(players)]
        if isinstance(players, int)
        else list(players)
    )
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"Turf seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(specs)}")
    options = options or TurfOptions()
    if options.round_limit < 1:
        raise ValueError("the round limit must be at least 1")
    return _setup_match(TurfSetup(seed, options, specs, shuffle_seats))


def _setup_match(setup: TurfSetup) -> TurfState:
    # Wide seeds select the engine's keyed generator and are kept whole (engine.common.rng).
    rng = Rng(seed=setup.seed if setup.seed > _SEED_MASK else setup.seed & _SEED_MASK)
    order = list(range(len(setup.players)))
    if setup.shuffle_seats:
        shuffle(rng, order)
    squares = list(SQUARES)
    shuffle(rng, squares)
    placed = sorted(squares[: BUILDINGS_PER_PLAYER * len(order)])
    draw = list(DECK)
    shuffle(rng, draw)
    players = [
        Player(seat, setup.players[i].name, setup.players[i].computer)
        for seat, i in enumerate(order)
    ]
    state = TurfState(setup, players, [Building(sq) for sq in placed], draw, [], rng)
    _ask(state)
    return state


def pending(state: TurfState) -> list[Pending]:
    """Every open decision, the turn's own first; empty once the match is over."""
    return list(state.pending)


def pending_for(state: TurfState, seat: int) -> list[Pending]:
    return [p for p in state.pending if p.seat == seat]


def check(state: TurfState, seat: int, decision: Decision | str) -> Decision:
    """Raise IllegalDecision unless `decision` is legal for `seat` now; changes nothing."""
    if state.result is not None:
        raise MatchOver("the match is over")
    d = Decision.parse(decision) if isinstance(decision, str) else decision
    if not 0 <= seat < len(state.players):
        raise IllegalDecision(f"there is no seat {seat}")
    if d.kind == "deal":
        deals.check_offer(state, seat, d)
        return d
    asked = _asked(state, seat, d)
    detail = _DETAIL_CHECKS.get(d.kind)
    if detail is not None:
        detail(asked, d)
    return d


def _asked(state: TurfState, seat: int, d: Decision) -> Pending:
    mine = pending_for(state, seat)
    if not mine:
        raise IllegalDecision(f"seat {seat} has no decision to make now")
    for asked in mine:
        option = asked.option(d.key)
        if option is None:
            continue
        if not option.available:
            raise IllegalDecision(f"{option.label}: {option.reason}")
        return asked
    raise IllegalDecision(f"{d.key!r} is not an option now")


_DETAIL_CHECKS: dict[str, Callable[[Pending, Decision], None]] = {
    "infiltrate": legwork.check_infiltrate,
    "commit": confrontation.check_commit,
    "recruit": turns.check_recruit,
}


def apply(state: TurfState, seat: int, decision: Decision | str) -> list[Event]:
    """Carry out one seat's decision and run on to the next decisions.

    Raises IllegalDecision (the state unchanged) for anything not legal for that seat now.
    """
    d = check(state, seat, decision)
    state.seq += 1
    ev: list[Event] = []
    if d.kind == "deal":
        deals.offer(state, ev, seat, d)
    elif d.kind in ("accept", "reject"):
        deals.answer(state, ev, seat, d)
        if state.phase is Phase.LOSS:  # the deal may have left a discard with no choice
            losses.settle_loss(state, ev)
    else:
        _HANDLERS[state.phase](state, ev, seat, d)
    settle(state, ev)
    if state.result is None and state.players[state.turn].out and not _waiting_on_others(state):
        turns.end_turn(state, ev)
        settle(state, ev)
    _ask(state)
    return ev


def _waiting_on_others(state: TurfState) -> bool:
    """A turn whose player went out still finishes what others owe (a loss in progress)."""
    return state.phase is Phase.LOSS and state.loss is not None and state.loss.seat != state.turn


# Which handler takes a decision in each phase of the turn: the game's steps, declared once.
_HANDLERS: dict[Phase, Callable[[TurfState, list[Event], int, Decision], None]] = {
    Phase.LEGWORK: lambda s, ev, _seat, d: legwork.take_legwork(s, ev, d),  # TURF §4
    Phase.CONFRONTATION: confrontation.take_commit,  # §4.3
    Phase.RECRUITING: lambda s, ev, _seat, d: turns.take_recruit(s, ev, d),  # §5
    Phase.COP: lambda s, ev, _seat, d: cops.take_cop(s, ev, d),  # §6
    Phase.LOSS: lambda s, ev, _seat, d: losses.take_loss(s, ev, d),  # §4.2.4, §6
}

_ASKERS: dict[Phase, Callable[[TurfState], list[Pending]]] = {
    Phase.LEGWORK: lambda s: [legwork.legwork_pending(s)],
    Phase.CONFRONTATION: confrontation.commit_pendings,
    Phase.RECRUITING: lambda s: [turns.recruit_pending(s)],
    Phase.COP: lambda s: [cops.cop_pending(s)],
    Phase.LOSS: lambda s: [losses.loss_pending(s)],
    Phase.OVER: lambda s: [],
}


def _ask(state: TurfState) -> None:
    state.pending = _ASKERS[state.phase](state) + deals.answer_pendings(state)


def replay(setup: TurfSetup, log: Iterable[tuple[int, str]]) -> tuple[TurfState, list[Event]]:
    """Rebuild a match from its setup and decision log; returns the state and all events."""
    return replay_log(_setup_match(setup), apply, log)


def timeout_default(state: TurfState, seat: int) -> Decision:
    """The safe choice for a seat that does not answer in time (TURF §9 [R timeouts]):
    its first open decision, the turn's own before a deal's answer."""
    mine = pending_for(state, seat)
    if state.result is not None or not mine:
        raise IllegalDecision(f"seat {seat} has no decision to make now")
    return safe_choice(mine[0])
