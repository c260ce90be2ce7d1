"""The computer levels' strength (EMPIRE §14): easy plays sensibly (it beats random
play and wins a fair part of its matches against normal), normal is clearly better,
placements guard every Business, random play always ends by the cap, and the
tournament command prints its figures. The full figures (1,000 matches) are printed
by `python -m engine.empire.computer.tournament`, not asserted here."""

from __future__ import annotations

import pytest

from engine.common.seats import PlayerSpec
from engine.empire import apply, new_match
from engine.empire.computer import choose
from engine.empire.computer.reading import guarded_arrangement
from engine.empire.computer.tournament import main, play_matches
from engine.empire.decisions import DecisionKind
from engine.empire.flow import check
from engine.empire.random_play import play_random
from engine.empire.state import EmpireOptions, Phase
from engine.empire.testing import mobsters, refresh, scene
from engine.empire.view import player_view


def test_easy_beats_random_play() -> None:
    figures = play_matches(["easy", "random", "random"], 12, seed=700)
    assert figures.share("easy") >= 2.0


def test_normal_is_clearly_better_than_easy_yet_easy_wins_some() -> None:
    figures = play_matches(["normal", "easy", "easy"], 40, seed=500)
    assert figures.share("normal") >= 1.6
    assert figures.wins["easy"] >= 5  # a fair opponent, not a punching bag


def test_guarded_placement_is_legal_and_leaves_no_business_empty() -> None:
    state = scene(2, seed=3)
    lot = next(lot for lot, b in state.lots.items() if b.owner == 0)
    men = ["M03", "M09", "M26", "M32"]
    mobsters(state, 0, dict.fromkeys(men, "unplaced"))
    state.phase, state.turn = Phase.PLACE, None
    refresh(state)
    view = player_view(state, 0)
    decision = guarded_arrangement(view, car_keep=3)
    check(state, 0, decision)
    car, *lots = decision.args
    assert len(car.split(".")) == 3
    assert lots == [f"{lot}={lots[0].split('=')[1]}"] and lots[0].split("=")[1] != "-"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_level_answers_every_decision_legally(players: int) -> None:
    levels = ["normal", "easy", "random"]
    state = new_match([PlayerSpec(f"c{i}", levels[i % 3]) for i in range(players)], players)
    kinds: set[DecisionKind] = set()
    while state.result is None:
        asked = state.pending[0]
        kinds.add(asked.kind)
        d = choose(player_view(state, asked.seat), state.players[asked.seat].computer or "")
        check(state, asked.seat, d)
        apply(state, asked.seat, d)
    assert {DecisionKind.ACTION, DecisionKind.BID, DecisionKind.PLACE} <= kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_play_always_ends_by_the_cap(players: int) -> None:
    for seed in range(3):
        state = new_match(players, seed, EmpireOptions(4))
        play_random(state, seed)
        assert state.result is not None
        assert state.sequence <= 4


def test_the_tournament_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--seats", "3", "--matches", "2", "--seed", "5"])
    out = capsys.readouterr().out
    assert "3 seats (normal easy easy), 2 matches" in out
    assert "x even" in out and "ended by 10 PP" in out and "median" in out
