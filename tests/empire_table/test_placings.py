"""Empire's placings, as history and ratings read them: one place per seat, 1 for the
winner, in the rules' order of EMPIRE §11 and §12 — most Power Points, then most money
(then most Turf at the cap), then the earlier seat: so equal Power Points never share a
place and the ranking never contradicts the Power Points."""

from __future__ import annotations

import engine.empire as empire
from bot.empire.game import EMPIRE
from engine.empire import EmpireOptions, EmpireSetup, PlayerSpec
from engine.empire.gang import turf_count


def finished(seed: int, players: int, cap: int) -> object:
    specs = [PlayerSpec(f"P{i}", ("normal", "easy")[i % 2]) for i in range(players)]
    state, _ = EMPIRE.replay(EmpireSetup(seed, EmpireOptions(sequences=cap), specs), ())
    while not EMPIRE.finished(state):
        seat = state.match.pending[0].seat
        EMPIRE.apply(state, seat, EMPIRE.choose(state, seat, "normal"))
    return state


def test_every_seat_has_its_own_place_in_the_rules_order() -> None:
    reasons = set()
    for seed, players, cap in ((1, 3, 4), (2, 6, 4), (3, 2, 12), (4, 4, 12), (5, 5, 6)):
        state = finished(seed, players, cap)
        match = state.match  # type: ignore[attr-defined]
        result = match.result
        reasons.add(result.reason)
        placings = EMPIRE.placings(state)
        assert sorted(p.place for p in placings) == list(range(1, players + 1))
        assert [p.seat for p in placings if p.won] == [result.winner]
        assert next(p for p in placings if p.place == 1).seat == result.winner
        by_place = sorted(placings, key=lambda p: p.place)
        assert [p.score for p in by_place] == sorted((p.score for p in placings), reverse=True)
        assert [p.score for p in by_place] == [result.power[p.seat] for p in by_place]
        order = match.seat_order()
        at_cap = result.reason is empire.EndReason.CAP
        keys = [
            (
                -result.power[p.seat],
                -match.players[p.seat].money,
                -turf_count(match, p.seat) if at_cap else 0,
                order.index(p.seat),
            )
            for p in by_place
        ]
        assert keys == sorted(keys), "a tie broken against EMPIRE §11-§12"
        if result.reason is empire.EndReason.POWER:
            assert result.power[result.winner] >= empire.WIN_POWER
    assert len(reasons) == 2, f"both endings met: {reasons}"
