"""EMPIRE §13 in the pictures: two matches that differ only in a hidden thing — a hand,
where Mobsters sit, a sealed bid, a standing order, money, a folder — draw byte-identical
public pictures (full city and phone) and the same alt text, whichever seat's view
they are drawn from."""

from __future__ import annotations

from collections.abc import Callable

from bot.empire.render import empire_alt_text, render_empire_phone_png, render_empire_png
from bot.empire.render.sample import played
from engine.empire import apply
from engine.empire.state import EmpireState, Phase
from engine.empire.testing import hand, mobsters, scene
from engine.empire.view import player_view
from tests.pictures import decoded

Change = Callable[[EmpireState], None]


def shown(state: EmpireState, seat: int | None) -> tuple[object, ...]:
    view = player_view(state, seat)
    return (
        decoded(render_empire_png(view)),
        decoded(render_empire_phone_png(view)),
        empire_alt_text(view),
    )


def _twins(first: Change, second: Change) -> tuple[EmpireState, EmpireState]:
    a, b = scene(3, seed=4), scene(3, seed=4)
    first(a)
    second(b)
    return a, b


def _lot_of(state: EmpireState, seat: int) -> str:
    return next(lot for lot, b in state.lots.items() if b.owner == seat)


def _placed(car_man: str, lot_man: str) -> Change:
    def change(state: EmpireState) -> None:
        mobsters(state, 1, {car_man: "car", lot_man: _lot_of(state, 1)})

    return change


def _money(amount: int) -> Change:
    def change(state: EmpireState) -> None:
        state.players[1].money = amount

    return change


def _folder(res: list[int]) -> Change:
    def change(state: EmpireState) -> None:
        state.players[1].res = list(res)

    return change


def _first_aid(order: str) -> Change:
    def change(state: EmpireState) -> None:
        state.players[1].orders.first_aid = order

    return change


def _hand(*cards: str) -> Change:
    def change(state: EmpireState) -> None:
        hand(state, 1, *cards)

    return change


TWINS = {
    "hand": (_hand("E15", "J3"), _hand("E05", "E10")),
    "placement": (_placed("M03", "M26"), _placed("M26", "M03")),
    "money": (_money(1000), _money(3450)),
    "folder": (_folder([2, 1, 0]), _folder([0, 1, 2])),
    "standing order": (_first_aid("first"), _first_aid("never")),
}


def test_hidden_things_never_reach_a_picture() -> None:
    for what, (first, second) in TWINS.items():
        a, b = _twins(first, second)
        for seat in (None, 0, 2):
            assert shown(a, seat) == shown(b, seat), (what, seat)


def test_a_sealed_bid_never_reaches_a_picture() -> None:
    def bidding(state: EmpireState) -> bool:
        return state.phase is Phase.BID and state.pending[0].facts["max"] >= 50

    state = played(3, 8, 5000, until=bidding).state
    assert bidding(state)
    bidder = state.pending[0].seat
    top = state.pending[0].facts["max"]
    low, high = (played(3, 8, 5000, until=bidding).state for _ in range(2))
    apply(low, bidder, "bid:0")
    apply(high, bidder, f"bid:{top // 50 * 50}")
    assert low.phase is Phase.BID and low.sealed != high.sealed
    for seat in (None, *(s for s in range(3) if s != bidder)):
        assert shown(low, seat) == shown(high, seat), seat
