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
from engine.empire.gang import at, power
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
    asked = next((p for p in pending_for(state, seat) if p.option(d.key) is not None), None)
    if asked is None:
        raise IllegalDecision(f"{d.key!r} is not an option for seat {seat} now")
    detail = _detail_check(state, d)
    if detail is not None:
        detail(state, seat, d)
    elif len(d.args) != KEY_ARGS.get(d.kind, len(d.args)):
        raise IllegalDecision(f"{d}: unexpected details")
    return d


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


def _ask_main(state: EmpireState) -> list[Pending]:
    phase = state.phase
    t = state.turn
    f = state.fight
    K = DecisionKind
    if phase is Phase.START_LOT:
        seat = state.seat_order()[state.order_index]
        free = [lot for lot in START_LOTS if lot not in state.lots]
        return _one(K.START_LOT, seat, [Option(f"start_lot:{lot}", lot) for lot in free])
    if phase is Phase.START_MOBSTER:
        opts = [Option("start_mob:car", "in the car"), Option("start_mob:biz", "in the Business")]
        return [
            Pending(K.START_MOBSTER, p.seat, list(opts))
            for p in state.players
            if p.seat not in state.sealed
        ]
    if phase in (Phase.BID, Phase.BRIBE):
        kind = "bid" if phase is Phase.BID else "bribe"
        return [
            Pending(
                K(kind), p.seat, [Option(kind, f"seal a {kind}", f"{kind}:0")],
                traderound.bid_pendings_facts(state, p.seat),
            )
            for p in state.players
            if p.seat not in state.sealed
        ]  # fmt: skip
    if phase is Phase.PLACE:
        return [
            Pending(K.PLACE, s, [Option("place", "arrange", _sample_place(state, s))])
            for s in traderound.placing_seats(state)
            if s not in state.sealed
        ]  # fmt: skip
    if phase is Phase.OVER:
        return []
    if f is not None and phase is Phase.PREFIGHT:
        return _one(K.PREFIGHT, f.deciding, fight.prefight_options(state, f))
    if f is not None and phase is Phase.CASUALTY:
        return _one(K.CASUALTY, f.loser, fight.casualty_options(state, f))
    if f is not None and phase is Phase.GARAGE:
        return _one(K.GARAGE, f.loser, [Option("garage:GN", "North"), Option("garage:GS", "South")])
    if f is not None and phase is Phase.OCCUPY:
        return _one(K.OCCUPY, f.attacker, [Option("occupy", "move in", "occupy:-")])
    assert t is not None
    seat = t.seat
    if phase is Phase.BURGLARY:
        sample = str(cardplay.default_burglary(state))
        facts = cardplay.burglary_facts(state)
        return [Pending(K.BURGLARY, seat, [Option("burgle", "take", sample)], facts)]
    if phase is Phase.POLICE_MOVE:
        return _one(K.POLICE_MOVE, seat, police.move_options(state))
    if phase is Phase.POLICE_ACTION:
        return _one(K.POLICE_ACTION, seat, police.action_options(state, seat))
    askers = {
        Phase.PRE_MOVE: (K.PRE_MOVE, turn.pre_move_options),
        Phase.MOVE_TO: (K.MOVE_TO, turn.move_options),
        Phase.ACTION: (K.ACTION, turn.action_options),
        Phase.AFTER_ACTION: (K.AFTER_ACTION, turn.after_options),
    }
    kind, asker = askers[phase]
    return _one(kind, seat, asker(state, seat))


def _sample_place(state: EmpireState, seat: int) -> str:
    return str(traderound.default_arrangement(state, seat))


def ask(state: EmpireState) -> None:
    """List every open decision: the main one(s) first, then offers' answers."""
    if state.result is not None:
        state.pending = []
        return
    state.pending = _ask_main(state) + offers.answer_pendings(state)


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
    return [power(state, s) for s in range(len(state.players))]
