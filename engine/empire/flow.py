"""The public entry points: `new_match`, `pending`, `check`, `apply`, `replay`,
`timeout_default`.

`check` finds the decision among the seat's open options and checks every detail the
player filled in, before anything moves: an illegal decision raises IllegalDecision and
changes nothing. `apply` then carries it out, runs the automatic steps that follow, checks
Power Points, and asks the next decisions. The phases' handlers and askers are the one
declaration of the game's steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.common.errors import IllegalDecision, MatchOver
from engine.common.replay import replay_log
from engine.common.seats import PlayerSpec
from engine.empire import actions, cardplay, fight, offers, police, traderound, turn
from engine.empire.board import START_LOTS
from engine.empire.cards import EVENTS, HORSE_HEAD_DEFAULT
from engine.empire.decisions import KEY_ARGS, Decision, DecisionKind, Option, Pending, ids
from engine.empire.ending import settle
from engine.empire.events import Event, OrdersSet, StartLotChosen, StartMobsterPlaced
from engine.empire.gang import at, powers
from engine.empire.setup import set_up
from engine.empire.state import (
    CAR,
    MAX_CAP,
    MAX_PLAYERS,
    MIN_CAP,
    MIN_PLAYERS,
    UNPLACED,
    Business,
    EmpireOptions,
    EmpireSetup,
    EmpireState,
    Fight,
    Orders,
    Phase,
)
from engine.empire.timeouts import safe_choice
from engine.empire.turnstart import begin_turn


def new_match(
    players: int | Sequence[PlayerSpec] = 4,
    seed: int = 0,
    options: EmpireOptions | None = None,
    shuffle_seats: bool = True,
) -> EmpireState:
    """A match after the automatic part of setup (EMPIRE §4), waiting for start lots."""
    specs = (
        [PlayerSpec(f"Gang {i + 1}") for i in range(players)]
        if isinstance(players, int)
        else list(players)
    )
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"Empire seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(specs)}")
    options = options or EmpireOptions()
    if not MIN_CAP <= options.sequences <= MAX_CAP:
        raise ValueError(f"the cap is {MIN_CAP} to {MAX_CAP} Game Sequences")
    state, _ = set_up(EmpireSetup(seed, options, specs, shuffle_seats))
    ask(state)
    return state


def setup_events(setup: EmpireSetup) -> list[Event]:
    """The events of the automatic setup (the first player's roll-off)."""
    return set_up(setup)[1]


def pending(state: EmpireState) -> list[Pending]:
    return list(state.pending)


def pending_for(state: EmpireState, seat: int) -> list[Pending]:
    return [p for p in state.pending if p.seat == seat]


def check(state: EmpireState, seat: int, decision: Decision | str) -> Decision:
    """Raise IllegalDecision unless `decision` is legal for `seat` now; changes nothing."""
    if state.result is not None:
        raise MatchOver("the match is over")
    d = Decision.parse(decision) if isinstance(decision, str) else decision
    if not 0 <= seat < len(state.players):
        raise IllegalDecision(f"there is no seat {seat}")
    if d.kind == "orders":
        _check_orders(state, seat, d)
        return d
    if d.kind == "offer":
        offers.check_offer(state, seat, d)
        return d
    key = d.key
    if not _offered(state, seat, key):
        raise IllegalDecision(f"{key!r} is not an option for seat {seat} now")
    detail = _detail_check(state, d)
    if detail is not None:
        detail(state, seat, d)
    elif len(d.args) != KEY_ARGS.get(d.kind, len(d.args)):
        raise IllegalDecision(f"{d}: unexpected details")
    return d


def _offered(state: EmpireState, seat: int, key: str) -> bool:
    """Whether an open decision of `seat` lists the option `key` (plain loops: this runs
    for every decision)."""
    for asked in state.pending:
        if asked.seat == seat:
            for option in asked.options:
                if option.decision == key:
                    return True
    return False


def _detail_check(
    state: EmpireState, d: Decision
) -> Callable[[EmpireState, int, Decision], None] | None:
    if d.kind == "play":
        return fight.check_prefight if state.phase is Phase.PREFIGHT else cardplay.check_play
    return _DETAIL_CHECKS.get(d.kind)


_DETAIL_CHECKS: dict[str, Callable[[EmpireState, int, Decision], None]] = {
    **actions.DETAIL_CHECKS,
    "confiscate": police.check_confiscate,
    "bid": traderound.check_bid,
    "bribe": traderound.check_bid,
    "place": traderound.check_place,
    "burgle": cardplay.check_burgle,
    "occupy": fight.check_occupy,
    "peek": turn.check_peek,
}


def apply(state: EmpireState, seat: int, decision: Decision | str) -> list[Event]:
    """Carry out one seat's decision and run on to the next decisions.

    Raises IllegalDecision (the state unchanged) for anything not legal for that seat now.
    """
    d = check(state, seat, decision)
    ev: list[Event] = []
    if d.kind == "orders":  # private, and not a step of the game: the count stays
        _set_orders(state, seat, d)
        ev.append(OrdersSet(seat, (seat,)))
        return ev
    state.seq += 1
    if d.kind == "offer":
        offers.make_offer(state, ev, seat, d)
    elif d.kind in ("accept", "reject"):
        offers.answer(state, ev, seat, d)
        if state.phase is Phase.PLACE and set(state.sealed) >= set(traderound.placing_seats(state)):
            traderound.apply_placements(state, ev)
    else:
        _HANDLERS[state.phase](state, ev, seat, d)
    settle(state, ev)
    ask(state)
    return ev


def _take_start_lot(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    """EMPIRE §4.7: the Business opens on the lot, the car on its square."""
    from engine.empire.board import SITE

    lot = d.arg(0)
    player = state.players[seat]
    state.lots[lot] = Business(player.start_piece, seat)
    player.car = SITE[lot].square
    ev.append(StartLotChosen(seat, lot, player.start_piece))
    state.order_index += 1
    if state.order_index == len(state.players):
        state.order_index = 0
        state.phase = Phase.START_MOBSTER


def _take_start_mobster(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    """EMPIRE §4.8: secretly, all at once; applied when every seat has chosen."""
    state.sealed[seat] = d.arg(0)
    if len(state.sealed) < len(state.players):
        return
    for player in state.players:
        lot = next(lot for lot, b in state.lots.items() if b.owner == player.seat)
        where = CAR if state.sealed[player.seat] == "car" else lot
        for m in at(player, UNPLACED):
            player.mobsters[m] = where
        ev.append(StartMobsterPlaced(player.seat, where, (player.seat,)))
    state.sealed = {}
    begin_turn(state, ev)


def _take_garage(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    fight.take_garage(state, ev, seat, d)


_HANDLERS: dict[Phase, Callable[[EmpireState, list[Event], int, Decision], None]] = {
    Phase.START_LOT: _take_start_lot,  # EMPIRE §4.7
    Phase.START_MOBSTER: _take_start_mobster,  # §4.8
    Phase.PRE_MOVE: turn.take_turn_step,  # §5.2, §6.1
    Phase.MOVE_TO: turn.take_turn_step,
    Phase.ACTION: turn.take_turn_step,  # §6.2-§6.7
    Phase.AFTER_ACTION: turn.take_turn_step,
    Phase.POLICE_MOVE: turn.take_police_move,  # §8.1
    Phase.POLICE_ACTION: turn.take_police_action,  # §8.3
    Phase.PREFIGHT: fight.take_prefight,  # §7.2
    Phase.CASUALTY: fight.take_casualty,  # §7.4
    Phase.GARAGE: _take_garage,  # §7.5
    Phase.OCCUPY: fight.take_occupy,  # §7.5
    Phase.BURGLARY: cardplay.take_burgle,  # §6.9
    Phase.BID: traderound.take_bid,  # §9.3
    Phase.BRIBE: traderound.take_bid,  # §9.4
    Phase.PLACE: traderound.take_place,  # §9.5
}


def _one(kind: DecisionKind, seat: int, options: list[Option]) -> list[Pending]:
    return [Pending(kind, seat, options)]


def _ask_start_lot(state: EmpireState) -> list[Pending]:
    seat = state.seat_order()[state.order_index]
    free = [lot for lot in START_LOTS if lot not in state.lots]
    return _one(DecisionKind.START_LOT, seat, [Option(f"start_lot:{lot}", lot) for lot in free])


def _ask_start_mobster(state: EmpireState) -> list[Pending]:
    return [
        Pending(
            DecisionKind.START_MOBSTER, p.seat,
            [Option("start_mob:car", "in the car"), Option("start_mob:biz", "in the Business")],
        )
        for p in state.players
        if p.seat not in state.sealed
    ]  # fmt: skip


def _ask_sealed_bids(state: EmpireState) -> list[Pending]:
    kind = DecisionKind.BID if state.phase is Phase.BID else DecisionKind.BRIBE
    points = power_points(state)
    return [
        Pending(
            kind, p.seat, [Option(kind.value, f"seal a {kind}", f"{kind}:0")],
            traderound.bid_facts(state, p.seat, points),
        )
        for p in state.players
        if p.seat not in state.sealed
    ]  # fmt: skip


def _ask_place(state: EmpireState) -> list[Pending]:
    return [
        Pending(DecisionKind.PLACE, s, [Option("place", "arrange", _sample_place(state, s))])
        for s in traderound.placing_seats(state)
        if s not in state.sealed
    ]  # fmt: skip


def _fight(state: EmpireState) -> Fight:
    assert state.fight is not None
    return state.fight


def _active(state: EmpireState) -> int:
    assert state.turn is not None
    return state.turn.seat


def _ask_prefight(state: EmpireState) -> list[Pending]:
    f = _fight(state)
    return _one(DecisionKind.PREFIGHT, f.deciding, fight.prefight_options(state, f))


def _ask_casualty(state: EmpireState) -> list[Pending]:
    f = _fight(state)
    return _one(DecisionKind.CASUALTY, f.loser, fight.casualty_options(state, f))


def _ask_garage(state: EmpireState) -> list[Pending]:
    options = [Option("garage:GN", "North"), Option("garage:GS", "South")]
    return _one(DecisionKind.GARAGE, _fight(state).loser, options)


def _ask_occupy(state: EmpireState) -> list[Pending]:
    options = [Option("occupy", "move in", "occupy:-")]
    return _one(DecisionKind.OCCUPY, _fight(state).attacker, options)


def _ask_burglary(state: EmpireState) -> list[Pending]:
    sample = str(cardplay.default_burglary(state))
    facts = cardplay.burglary_facts(state)
    options = [Option("burgle", "take", sample)]
    return [Pending(DecisionKind.BURGLARY, _active(state), options, facts)]


def _ask_police_move(state: EmpireState) -> list[Pending]:
    return _one(DecisionKind.POLICE_MOVE, _active(state), police.move_options(state))


def _turn_asker(
    kind: DecisionKind, options: Callable[[EmpireState, int], list[Option]]
) -> Callable[[EmpireState], list[Pending]]:
    """The active player's one decision, its options listed by `options`."""

    def asker(state: EmpireState) -> list[Pending]:
        seat = _active(state)
        return [Pending(kind, seat, options(state, seat))]

    return asker


def _ask_nothing(state: EmpireState) -> list[Pending]:
    return []


_ASKERS: dict[Phase, Callable[[EmpireState], list[Pending]]] = {
    Phase.START_LOT: _ask_start_lot,  # EMPIRE §4.7
    Phase.START_MOBSTER: _ask_start_mobster,  # §4.8
    Phase.PRE_MOVE: _turn_asker(DecisionKind.PRE_MOVE, turn.pre_move_options),  # §5.2, §6.1
    Phase.MOVE_TO: _turn_asker(DecisionKind.MOVE_TO, turn.move_options),
    Phase.ACTION: _turn_asker(DecisionKind.ACTION, turn.action_options),  # §6.2-§6.7
    Phase.AFTER_ACTION: _turn_asker(DecisionKind.AFTER_ACTION, turn.after_options),
    Phase.POLICE_MOVE: _ask_police_move,  # §8.1
    Phase.POLICE_ACTION: _turn_asker(DecisionKind.POLICE_ACTION, police.action_options),  # §8.3
    Phase.PREFIGHT: _ask_prefight,  # §7.2
    Phase.CASUALTY: _ask_casualty,  # §7.4
    Phase.GARAGE: _ask_garage,  # §7.5
    Phase.OCCUPY: _ask_occupy,  # §7.5
    Phase.BURGLARY: _ask_burglary,  # §6.9
    Phase.BID: _ask_sealed_bids,  # §9.3
    Phase.BRIBE: _ask_sealed_bids,  # §9.4
    Phase.PLACE: _ask_place,  # §9.5
    Phase.OVER: _ask_nothing,
}


def _sample_place(state: EmpireState, seat: int) -> str:
    return str(traderound.default_arrangement(state, seat))


def ask(state: EmpireState) -> None:
    """List every open decision: the main one(s) first, then offers' answers."""
    if state.result is not None:
        state.pending = []
        return
    main = _ASKERS[state.phase](state)
    state.pending = main + offers.answer_pendings(state) if state.offers else main


def _check_orders(state: EmpireState, seat: int, d: Decision) -> None:
    """`orders:<Horse Head ticks>:<first|never|named Mobsters>` (EMPIRE §6.9)."""
    if len(d.args) != 2:
        raise IllegalDecision(f"malformed orders {d}")
    ticks = ids(d.args[0])
    if len(set(ticks)) != len(ticks) or any(t not in EVENTS for t in ticks):
        raise IllegalDecision(f"{d}: tick Event cards")
    if d.args[1] not in ("first", "never"):
        named = ids(d.args[1])
        if not named or any(m not in state.players[seat].mobsters for m in named):
            raise IllegalDecision(f"{d}: name one's own Mobsters")


def _set_orders(state: EmpireState, seat: int, d: Decision) -> None:
    aid = d.args[1]
    named = [] if aid in ("first", "never") else ids(aid)
    state.players[seat].orders = Orders(ids(d.args[0]), "named" if named else aid, named)


def orders_decision(
    horse_head: Iterable[str] = HORSE_HEAD_DEFAULT, first_aid: str = "first"
) -> Decision:
    return Decision("orders", (".".join(horse_head) or "-", first_aid))


def replay(setup: EmpireSetup, log: Iterable[tuple[int, str]]) -> tuple[EmpireState, list[Event]]:
    """Rebuild a match from its setup and decision log; returns the state and all events."""
    state, events = set_up(setup)
    ask(state)
    final, played = replay_log(state, apply, log)
    return final, events + played


def timeout_default(state: EmpireState, seat: int) -> Decision:
    """EMPIRE §14: the safe choice on the seat's first open decision."""
    mine = pending_for(state, seat)
    if state.result is not None or not mine:
        raise IllegalDecision(f"seat {seat} has no decision to make now")
    return safe_choice(state, mine[0])


def power_points(state: EmpireState) -> list[int]:
    return powers(state)
