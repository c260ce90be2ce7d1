"""Every option the Empire table offers is legal, and every list fits Discord's limits
(EMPIRE §14, §16): played through seeded computer matches at 2 to 6 seats."""

from __future__ import annotations

import pytest

import engine.empire as empire
from bot.empire import choices
from bot.empire.game import EMPIRE
from bot.empire.presenter import EMPIRE_PRESENTER
from bot.games.presenter import Choice, Private
from engine.empire import DecisionKind, PlayerSpec


def offered(state: object, seat: int) -> tuple[list[Choice], list[Private]]:
    menu = EMPIRE_PRESENTER.menu(state, seat)
    public = [c for c in menu if isinstance(c, Choice) and c.reason is None]
    groups = [g for g in menu if isinstance(g, Private)]
    return public, groups


def all_choices(state: object, seat: int) -> list[Choice]:
    public, groups = offered(state, seat)
    found = list(public)
    for group in [*groups, Private("offer", "")]:
        listed = EMPIRE_PRESENTER.private(state, seat, group.group)
        assert len(listed) <= choices.MAX_CHOICES
        assert all(len(c.label) <= 100 for c in listed)
        found += listed
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_offered_choice_is_legal(players: int) -> None:
    specs = [PlayerSpec(f"P{i}", "normal" if i % 2 else "easy") for i in range(players)]
    setup = empire.EmpireSetup(players * 7, empire.EmpireOptions(sequences=4), specs)
    state, _ = EMPIRE.replay(setup, ())
    kinds: set[DecisionKind] = set()
    steps = 0
    while not EMPIRE.finished(state) and steps < 4000:
        for asked in EMPIRE.asked(state):
            menu = EMPIRE_PRESENTER.menu(state, asked.seat)
            assert len(menu) <= 20, "a prompt holds at most 20 of a seat's buttons"
            listed = all_choices(state, asked.seat)
            for choice in listed:
                empire.check(state.match, asked.seat, choice.decision)  # raises if illegal
            if asked.kind != "offer_answer":
                assert listed, f"no way to answer {asked.kind}"
            kinds.add(DecisionKind(asked.kind))
        seat = EMPIRE.asked(state)[0].seat
        EMPIRE.apply(state, seat, EMPIRE.choose(state, seat, "normal"))
        steps += 1
    assert EMPIRE.finished(state)
    assert {DecisionKind.BID, DecisionKind.PLACE, DecisionKind.ACTION} <= kinds


def test_bid_amounts_cover_every_step_while_they_fit() -> None:
    assert choices.bid_amounts(1200) == [50 * i for i in range(25)]
    ladder = choices.bid_amounts(5000)
    assert len(ladder) <= 25 and ladder[0] == 0 and ladder[-1] == 5000
    assert ladder == sorted(set(ladder)) and all(a % 50 == 0 for a in ladder)
