"""EMPIRE §13 at the table: two matches that differ only in what one seat hides (its hand,
money, Resources, a sealed bid, standing orders, where its Mobsters sit after the Trade
Round's placement) show the other seats and a spectator the same buttons (labels,
decisions and custom ids), lists, narration, standings, look-ups, alt text and both
pictures, byte for byte."""

from __future__ import annotations

from typing import Any

import engine.empire as empire
from bot.discord_app.custom_ids import game_id, private_id
from bot.empire.game import EMPIRE
from bot.empire.presenter import EMPIRE_PRESENTER
from bot.empire.table.teller import sealed_kind, sealed_seats
from bot.games.presenter import Choice, Private
from engine.empire import DecisionKind, IllegalDecision, PlayerSpec
from engine.empire.cards import MOBSTERS
from engine.empire.decisions import Decision, ids
from engine.empire.events import Busted, FightDeclared


def to_the_bids(seed: int) -> Any:
    """A 4-seat computer match played until seat 0 is asked for a sealed bid."""
    specs = [PlayerSpec(f"P{i}", "normal") for i in range(4)]
    state, _ = EMPIRE.replay(empire.EmpireSetup(seed, empire.EmpireOptions(), specs), ())
    while not any(p.kind is DecisionKind.BID and p.seat == 0 for p in state.match.pending):
        seat = state.match.pending[0].seat
        EMPIRE.apply(state, seat, EMPIRE.choose(state, seat, "normal"))
        assert not EMPIRE.finished(state)
    return state


def shown(state: Any, events: list[Any], seat: int | None) -> list[Any]:
    """Everything a seat other than 0 (or a spectator) may be shown."""
    kind = sealed_kind(state)
    seq = state.match.seq
    out: list[Any] = [
        EMPIRE_PRESENTER.standings(state),
        EMPIRE_PRESENTER.alt_text(state, events),
        EMPIRE_PRESENTER.picture(state, events),
        EMPIRE_PRESENTER.city(state, events),  # the full board, one click away
        [line.text for line in EMPIRE.narrate(state, events)],
        kind,
        sealed_seats(state, kind) if kind is not None else [],
        [(a.seat, a.kind) for a in EMPIRE.asked(state)],
    ]
    for s in range(4):
        if s == seat:
            continue
        for item in EMPIRE_PRESENTER.menu(state, s):
            if isinstance(item, Choice):
                out.append((s, game_id(1, seq, item.decision), item.label, item.reason))
            elif isinstance(item, Private) and s != 0:
                out.append((s, private_id(1, seq, s, item.group), item.label))
            elif isinstance(item, Private):
                out.append((s, "button", item.label))
    if seat is not None:
        for item in EMPIRE_PRESENTER.menu(state, seat):
            if isinstance(item, Private):
                out.append(EMPIRE_PRESENTER.private(state, seat, item.group))
                out.append(EMPIRE_PRESENTER.private_note(state, seat, item.group))
        out.append(EMPIRE_PRESENTER.hand(state, seat))
    return out


def test_a_hidden_difference_reaches_no_other_seat_and_no_spectator() -> None:
    a = to_the_bids(5)
    b = EMPIRE.clone(a)
    a.match.players[0].hand.append("E05")  # a hand: its size is public (§13), not its cards
    me = b.match.players[0]
    me.hand.append("E14")
    me.money += 500  # money
    me.res[1] += 2  # Resources
    me.orders.first_aid = "never"  # a standing order
    events_a = EMPIRE.apply(a, 0, "bid:0")
    events_b = EMPIRE.apply(b, 0, "bid:50")  # a sealed bid
    for seat in (None, 1, 2, 3):
        assert shown(a, events_a, seat) == shown(b, events_b, seat), seat
    # ...while seat 0 itself sees its own difference.
    assert EMPIRE_PRESENTER.hand(a, 0) != EMPIRE_PRESENTER.hand(b, 0)


def _plain(mobster: str) -> bool:
    """No ability that shows on the board. A driver's bonus is told with the car's roll
    and shapes the streets its buttons offer (EMPIRE §6.1: the movement is public), so
    whether a driver rides is public when the car moves, though not who he is."""
    card = MOBSTERS[mobster]
    return not card.star and not card.driver


def _swapped(state: Any, decision: str) -> str | None:
    """Seat 0's placement with one plain Mobster of its car and one of a Business
    changing places: the same counts everywhere, other names (None: no such pair)."""
    d = Decision.parse(decision)
    car = ids(d.args[0]) if d.args else []
    plain = [m for m in car if _plain(m)]
    for i, part in enumerate(d.args[1:], start=1):
        lot, _, names = part.partition("=")
        men = ids(names)
        other = [m for m in men if _plain(m)]
        if plain and other:
            a, b = plain[0], other[0]
            new_car = ".".join(b if m == a else m for m in car)
            new_lot = ".".join(a if m == b else m for m in men)
            args = [new_car, *d.args[1:]]
            args[i] = f"{lot}={new_lot}"
            return ":".join(["place", *args])
    return None


def to_a_placement(seed: int) -> tuple[Any, str, str]:
    """A 4-seat computer match played until seat 0 places Mobsters with a plain one in
    its car and another in a Business; its placement and the swapped one."""
    specs = [PlayerSpec(f"P{i}", "normal") for i in range(4)]
    state, _ = EMPIRE.replay(empire.EmpireSetup(seed, empire.EmpireOptions(), specs), ())
    while not EMPIRE.finished(state):
        seat = state.match.pending[0].seat
        decision = EMPIRE.choose(state, seat, "normal")
        if seat == 0 and state.match.pending[0].kind is DecisionKind.PLACE:
            swapped = _swapped(state, decision)
            if swapped is not None:
                return state, decision, swapped
        EMPIRE.apply(state, seat, decision)
    raise AssertionError("seat 0 never placed a plain Mobster in its car and a Business")


def _reveals_seat_0(events: list[Any]) -> bool:
    """A fight with seat 0 in it or a bust of seat 0 shows where its men sit (§13)."""
    return any(
        (isinstance(e, FightDeclared) and 0 in (e.attacker, e.defender))
        or (isinstance(e, Busted) and e.owner == 0)
        for e in events
    )


def test_a_hidden_placement_reaches_no_other_seat_until_it_is_revealed() -> None:
    """EMPIRE §9.5, §13: seat 0 seals a placement, the others place the same in both
    matches, and both play on by the same decisions: every step shows the other seats
    and a spectator the same, until a fight or a bust reveals seat 0's men."""
    a, placed, swapped = to_a_placement(13)
    b = EMPIRE.clone(a)
    events_a, events_b = EMPIRE.apply(a, 0, placed), EMPIRE.apply(b, 0, swapped)
    assert (a.match.sealed, a.match.players[0].mobsters) != (
        b.match.sealed,
        b.match.players[0].mobsters,
    )
    steps, placed_apart = 0, 0
    while True:
        if _reveals_seat_0(events_a):
            break  # the reveal: now the men seen there are public
        placed_apart += a.match.players[0].mobsters != b.match.players[0].mobsters
        for seat in (None, 1, 2, 3):
            assert shown(a, events_a, seat) == shown(b, events_b, seat), (steps, seat)
        if EMPIRE.finished(a) or steps >= 400:
            break
        seat = a.match.pending[0].seat
        decision = EMPIRE.choose(a, seat, "normal")
        events_a = EMPIRE.apply(a, seat, decision)
        try:
            events_b = EMPIRE.apply(b, seat, decision)
        except IllegalDecision:
            assert seat == 0, "another seat's options told seat 0's placement"
            break  # seat 0's own choices may rest on where its own men sit
        steps += 1
    assert placed_apart >= 20, "the placements were applied too late to show anything"
    # ...while seat 0's own folder shows where its own men sit.
    assert EMPIRE_PRESENTER.hand(a, 0) != EMPIRE_PRESENTER.hand(b, 0)
