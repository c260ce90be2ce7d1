"""Legwork (TURF §4): the actions a player takes one at a time until they end it."""

from __future__ import annotations

from itertools import combinations, product

from engine.common.errors import IllegalDecision
from engine.turf.board import column_of, row_of, square_text
from engine.turf.cards import is_street, rank
from engine.turf.confrontation import open_confrontation
from engine.turf.decisions import Decision, DecisionKind, LegworkFacts, Option, Pending
from engine.turf.events import CopCorrupted, Event, HitOrdered, Infiltrated, LegworkEnded
from engine.turf.losses import start_loss
from engine.turf.pieces import discard_cards, draw_card, set_guard
from engine.turf.state import MAX_COPS, NOBODY, Confrontation, Phase, TurfState
from engine.turf.turns import start_recruiting

WORD_COST = 2  # TURF §4.2.1
POLICE_COST = 2  # §4.2.2: one becomes a cop, one is discarded
HIT_COST = 3  # §4.2.4


def naming_pairs(state: TurfState, hand: list[int]) -> dict[int, list[tuple[int, int]]]:
    """For each building two street cards of `hand` can name, every such pair
    (TURF §4.2.3: column and row, in either order)."""
    by_rank: dict[int, list[int]] = {}
    for card in sorted(hand):
        if is_street(card):
            by_rank.setdefault(rank(card), []).append(card)
    found: dict[int, list[tuple[int, int]]] = {}
    if not by_rank:
        return found
    for building in state.buildings:
        col, row = divmod(building.square, 10)
        cols, rows = by_rank.get(col), by_rank.get(row)
        if not cols or not rows:
            continue
        if col == row:
            if len(cols) > 1:
                found[building.square] = list(combinations(cols, 2))
        else:
            found[building.square] = [(min(a, b), max(a, b)) for a, b in product(cols, rows)]
    return found


def free_to_commit(state: TurfState, seat: int, contested: int = -1) -> int:
    """Thugs a side may commit to a confrontation: all not on a job (TURF §4.3.1)."""
    player = state.players[seat]
    guards = [sq for sq in state.guards(seat) if sq != contested]
    return player.idle + player.cops + len(guards)


def legwork_pending(state: TurfState) -> Pending:
    seat = state.turn
    player = state.players[seat]
    idle = player.idle
    options = [
        _costed("word", "Word on the street", idle, WORD_COST),
        _costed("police", "Infiltrate the police", idle, POLICE_COST),
    ]
    if options[1].available and state.cops_in_play() >= MAX_COPS:
        options[1].available = False
        options[1].reason = f"{MAX_COPS} corrupt cops already exist"
    pairs = naming_pairs(state, player.hand)
    for square, _ in sorted(pairs.items()):
        options.append(_infiltrate_option(state, seat, square))
    if not pairs:
        reason = "no two street cards in your hand name a building"
        options.append(Option("infiltrate", "Infiltrate a building", False, reason))
    guarded = state.guard_counts()
    targets = [s for s in state.in_play() if s != seat and guarded[s]]
    for target in targets:
        label = f"Put out a hit on {state.players[target].name}"
        options.append(_costed(f"hit:{target}", label, idle, HIT_COST))
    if not targets:
        reason = "nobody else controls a building"
        options.append(Option("hit", "Put out a hit", False, reason))
    options.append(Option("end", "End legwork"))
    return Pending(DecisionKind.LEGWORK, seat, options, LegworkFacts(idle, pairs))


def _costed(key: str, label: str, idle: int, cost: int) -> Option:
    if idle >= cost:
        return Option(key, label)
    return Option(key, label, False, f"needs {cost} idle thugs, you have {idle}")


def _infiltrate_option(state: TurfState, seat: int, square: int) -> Option:
    building = state.building(square)
    assert building is not None
    key = f"infiltrate:{square_text(square)}"
    label = f"Infiltrate the building at ({column_of(square)},{row_of(square)})"
    if building.guard == seat:
        return Option(key, label, False, "you control it already")
    if building.guard == NOBODY and state.players[seat].idle < 1:
        return Option(key, label, False, "needs 1 idle thug to guard it")
    if building.guard != NOBODY and free_to_commit(state, seat) < 1:
        return Option(key, label, False, "you have no thug free to commit")
    return Option(key, label)


def take_legwork(state: TurfState, ev: list[Event], d: Decision) -> None:
    seat = state.turn
    player = state.players[seat]
    if d.kind == "word":
        player.idle -= WORD_COST
        player.job += WORD_COST
        draw_card(state, ev, seat)
    elif d.kind == "police":
        player.idle -= POLICE_COST
        player.cops += 1
        player.supply += 1
        state.active_round = True
        ev.append(CopCorrupted(seat, state.cops_in_play()))
    elif d.kind == "infiltrate":
        _infiltrate(state, ev, seat, d)
    elif d.kind == "hit":
        player.idle -= HIT_COST
        player.job += HIT_COST
        state.active_round = True
        ev.append(HitOrdered(seat, d.seat))
        start_loss(state, ev, d.seat, seat, 1, cards=False, cause="hit", resume=Phase.LEGWORK)
    else:
        ev.append(LegworkEnded(seat))
        start_recruiting(state, ev)


def _infiltrate(state: TurfState, ev: list[Event], seat: int, d: Decision) -> None:
    building = state.building(d.square)
    assert building is not None
    defender = building.guard
    discard_cards(state, ev, seat, d.cards, "infiltrate")
    state.active_round = True
    ev.append(Infiltrated(seat, d.square, d.cards, defender))
    if defender == NOBODY:
        state.players[seat].idle -= 1
        set_guard(state, ev, building, seat)
        return
    open_confrontation(state, ev, Confrontation(seat, defender, d.square))


def check_infiltrate(pending: Pending, d: Decision) -> None:
    """The two cards are in the hand and name the building (TURF §4.2.3)."""
    pairs = pending.facts_as(LegworkFacts).pairs.get(d.square, [])
    if len(d.cards) != 2 or (min(d.cards), max(d.cards)) not in pairs:
        raise IllegalDecision("those two cards do not name that building from your hand")
