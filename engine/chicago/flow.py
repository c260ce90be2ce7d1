"""Turns and the public entry points: `new_match`, `pending`, `apply`, `replay`.

`apply` checks a decision against the pending options first (illegal input changes
nothing), then runs the agenda — raid rounds, automatic effects, card chains — until
the next decision or the end of the match (RULES §4, §13).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.chicago import trades
from engine.chicago.cards import POLICE_FILE_DECK_IDS, STREET_LIFE_DECK_IDS, SUPPLY_CONTACT_IDS
from engine.chicago.characters import BOSS_CHARACTERS, Character
from engine.chicago.decisions import (
    TRADE,
    BribeOrRaidFacts,
    Decision,
    DecisionKind,
    PayOrRaidFacts,
    Pending,
)
from engine.chicago.events import Event
from engine.chicago.limits import MAX_BOSSES, MIN_BOSSES
from engine.chicago.outcome import MatchEnd
from engine.chicago.state import (
    BOSS_SOLDIERS,
    MERCHANT,
    POLICE_OFFICERS,
    STARTING_CASH,
    STATE_FORMAT,
    TOTAL_MONEY,
    MatchOptions,
    MatchState,
    Setup,
    Side,
    Step,
    Turn,
)
from engine.chicago.steps import DECISION_HANDLERS, STEP_HANDLERS
from engine.common.errors import IllegalDecision, MatchOver
from engine.common.replay import replay_log
from engine.common.rng import Rng, shuffle
from engine.common.seats import PlayerSpec

_SEED_MASK = (1 << 64) - 1


def new_match(
    bosses: int = 4,
    seed: int = 0,
    options: MatchOptions | None = None,
    players: Sequence[PlayerSpec] | None = None,
    police: PlayerSpec | None = None,
    characters: Sequence[Character] | None = None,
    shuffle_seats: bool = True,
) -> MatchState:
    """A match after setup (RULES §3), waiting for the first boss to roll.

    `players` are the bosses in joining order; the seed shuffles them into seats and
    deals characters, unless `shuffle_seats=False` or `characters` (one per seat) is given.
    """
    if not MIN_BOSSES <= bosses <= MAX_BOSSES:
        raise ValueError(f"a match has {MIN_BOSSES} to {MAX_BOSSES} bosses, not {bosses}")
    options = options or MatchOptions()
    if options.marks_to_win < 1 or (options.round_limit is not None and options.round_limit < 1):
        raise ValueError("marks to win and the round limit must be at least 1")
    specs = list(players) if players else [PlayerSpec(f"Boss {i + 1}") for i in range(bosses)]
    if len(specs) != bosses:
        raise ValueError(f"{len(specs)} players named for {bosses} bosses")
    if characters is not None and (
        len(characters) != bosses
        or len(set(characters)) != bosses
        or Character.WARRANT in characters
    ):
        raise ValueError("characters: one distinct boss character per seat")
    setup = Setup(
        seed=seed,
        options=options,
        players=specs,
        police=police or PlayerSpec("Chicago Police"),
        characters=list(characters) if characters is not None else None,
        shuffle_seats=shuffle_seats,
    )
    return _setup_match(setup)


def _setup_match(setup: Setup) -> MatchState:
    # Wide seeds are kept whole (engine.common.rng); narrow ones as they always were.
    seed = setup.seed if setup.seed > _SEED_MASK else setup.seed & _SEED_MASK
    rng = Rng(seed=seed)
    bosses = len(setup.players)
    order = list(range(bosses))
    if setup.shuffle_seats:
        shuffle(rng, order)
    if setup.characters is not None:
        dealt = list(setup.characters)
    else:
        pool = list(range(len(BOSS_CHARACTERS)))
        shuffle(rng, pool)
        dealt = [BOSS_CHARACTERS[i] for i in pool[:bosses]]
    street = list(STREET_LIFE_DECK_IDS)
    police_file = list(POLICE_FILE_DECK_IDS)
    shuffle(rng, street)
    shuffle(rng, police_file)
    supply = list(SUPPLY_CONTACT_IDS)
    sides = []
    for seat in range(bosses):
        spec = setup.players[order[seat]]
        contacts = [supply.pop()]
        sides.append(
            Side(
                seat, spec.name, dealt[seat], False, STARTING_CASH, BOSS_SOLDIERS,
                spec.computer, contacts=contacts,
            )
        )  # fmt: skip
    sides.append(
        Side(
            bosses, setup.police.name, Character.WARRANT, True, STARTING_CASH,
            POLICE_OFFICERS, setup.police.computer,
        )
    )  # fmt: skip
    state = MatchState(
        setup=setup,
        sides=sides,
        control=[MERCHANT] * 36,
        street_deck=street,
        street_discard=[],
        police_deck=police_file,
        police_discard=[],
        contacts_supply=supply,
        bank=TOTAL_MONEY - STARTING_CASH * len(sides),
        rng=rng,
        turn=Turn(seat=0),
        agenda=[Step("turn", 0)],
        format=STATE_FORMAT,
    )
    _run(state, [])
    return state


def pending(state: MatchState) -> Pending | None:
    """Who must decide what now, with every option; None once the match is over."""
    return state.pending


def apply(state: MatchState, seat: int, decision: Decision | str) -> list[Event]:
    """Apply one seat's decision and run the match on to the next decision.

    Raises IllegalDecision (the state unchanged) for anything not legal for that seat now.
    """
    d = check(state, seat, decision)
    asked = state.pending
    assert asked is not None
    state.pending = None
    state.seq += 1
    ev: list[Event] = []
    try:
        DECISION_HANDLERS[asked.kind](state, ev, asked, d)
    except MatchEnd:
        return ev
    _run(state, ev)
    return ev


def check(state: MatchState, seat: int, decision: Decision | str) -> Decision:
    """Raise IllegalDecision unless `decision` is legal for `seat` now; changes nothing.
    Returns the decision, parsed if it came as text."""
    if state.result is not None:
        raise MatchOver("the match is over")
    asked = state.pending
    if asked is None:
        raise IllegalDecision("no decision is pending")
    d = Decision.parse(decision) if isinstance(decision, str) else decision
    if seat != asked.seat:
        raise IllegalDecision(f"it is seat {asked.seat}'s decision, not seat {seat}'s")
    option = next((o for o in asked.options if o.decision == d.kind), None)
    if option is None:
        raise IllegalDecision(f"{d.kind!r} is not an option now")
    if not option.available:
        raise IllegalDecision(f"{option.label}: {option.reason}")
    if d.kind == TRADE:
        if asked.trade is None:
            raise IllegalDecision("no trade can be proposed now")
        trades.check_trade(asked.trade, d)
    elif d != Decision(d.kind):
        raise IllegalDecision(f"{d.kind!r} takes no details")
    return d


def replay(setup: Setup, log: Iterable[tuple[int, str]]) -> tuple[MatchState, list[Event]]:
    """Rebuild a match from its setup and decision log; returns the state and all events."""
    return replay_log(_setup_match(setup), apply, log)


def timeout_default(state: MatchState) -> Decision:
    """The safe choice for a side that does not answer in time (RULES §13)."""
    asked = state.pending
    if asked is None:
        raise MatchOver("the match is over")
    available = asked.available()
    cash = state.sides[asked.seat].cash
    if asked.kind is DecisionKind.ROLL:
        return Decision("roll")
    facts = asked.facts
    if isinstance(facts, PayOrRaidFacts):
        raid = cash <= facts.fine and "raid" in available
        return Decision("raid" if raid else "pay")
    if isinstance(facts, BribeOrRaidFacts):
        raid = cash < facts.top_bribe and "raid" in available
        return Decision("raid" if raid else "bribe")
    if asked.kind is DecisionKind.FIGHT_OR_WITHDRAW:
        return Decision("fight")
    if asked.kind is DecisionKind.TRADE_ANSWER:
        return Decision("reject")
    return Decision("pass")


def _run(state: MatchState, ev: list[Event]) -> None:
    """Pop agenda steps until one asks for a decision or the match ends."""
    agenda = state.agenda
    try:
        while state.pending is None:
            step = agenda.pop()
            if state.turn.over and not step.must_finish:
                continue
            STEP_HANDLERS[step.kind](state, ev, step)
    except MatchEnd:
        return
