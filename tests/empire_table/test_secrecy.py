"""EMPIRE §13 at the table: two matches that differ only in what one seat hides (its hand,
money, Resources, a sealed bid, standing orders) show the other seats and a spectator the
same buttons (labels and decisions), lists, narration, standings, alt text and picture."""

from __future__ import annotations

from typing import Any

import engine.empire as empire
from bot.empire.game import EMPIRE
from bot.empire.presenter import EMPIRE_PRESENTER
from bot.empire.table.teller import sealed_kind, sealed_seats
from bot.games.presenter import Choice, Private
from engine.empire import DecisionKind, PlayerSpec


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
    out: list[Any] = [
        EMPIRE_PRESENTER.standings(state),
        EMPIRE_PRESENTER.alt_text(state, events),
        EMPIRE_PRESENTER.picture(state, events),
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
                out.append((s, item.decision, item.label, item.reason))
            elif isinstance(item, Private) and s != 0:
                out.append((s, item.group, item.label))
            elif isinstance(item, Private):
                out.append((s, "button", item.label))
    if seat is not None:
        for item in EMPIRE_PRESENTER.menu(state, seat):
            if isinstance(item, Private):
                out.append(EMPIRE_PRESENTER.private(state, seat, item.group))
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
