"""Two identical actions in a row are told as one line said twice, never as an echo:
in every game's narration of a batch, at the table for any game (the session tells
every game's lines through one fold), and in the demos' transcripts across decisions."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from bot.cli import main
from bot.session import MatchSession
from bot.telling import NOBODY, Line, TellOnce, told_once
from bot.turf.narration import narrate_turf
from engine.common.seats import PlayerSpec
from engine.turf.events import CardDrawn
from tests.race_game.show.game import GAME as RACE_GAME

A = Line(0, "ann draws a card.")
B = Line(1, "bob draws a card.")


def echoes(lines: Sequence[str]) -> list[str]:
    return [line for before, line in itertools.pairwise(lines) if line == before]


def test_runs_are_told_once_and_counted() -> None:
    assert told_once([A, A, B, A, A, A]) == [
        Line(0, "ann draws a card, twice."),
        B,
        Line(0, "ann draws a card, 3 times."),
    ]
    assert told_once([A, Line(0, "ann draws a card.", by=0)]) == [A, Line(0, A.text, by=0)]
    assert told_once([Line(0, "— Round 2 —"), Line(0, "— Round 2 —")]) == [
        Line(0, "— Round 2 —, twice")
    ]


def test_a_run_carries_across_batches_until_another_line() -> None:
    once = TellOnce()
    assert once.add([B, A]) == [B]
    assert once.add([A]) == []
    assert once.add([B]) == [Line(0, "ann draws a card, twice.")]
    assert once.flush() == [B] and once.flush() == []


def test_turf_tells_two_draws_once() -> None:
    lines = narrate_turf(["ann", "bob"], [CardDrawn(seat=0, drawn=5), CardDrawn(seat=0, drawn=9)])
    assert [line.text for line in lines] == [
        "ann sends 2 thugs for word on the street and draws a card, twice."
    ]


class Echoing:
    """The toy game, told as a game whose narration says every move the same way."""

    def __getattr__(self, name: str) -> Any:
        return getattr(RACE_GAME, name)

    def narrate(self, state: Any, events: Sequence[Any]) -> list[Line]:
        return [Line(NOBODY, "The count goes up.") for _ in events]


def test_the_table_folds_every_games_lines() -> None:
    game: Any = Echoing()
    players = [PlayerSpec("ann", "easy"), PlayerSpec("bob", "easy")]
    session, step = MatchSession.new(game.make_setup(3, players, None), game=game)
    texts = [line.text for line in step.lines]
    assert session.over and texts and not echoes(texts)
    assert texts[0].startswith("The count goes up, ") and texts[0].endswith(" times."), texts


@pytest.mark.parametrize(
    "args",
    [
        *(["demo", "--game", "turf", "--seed", str(seed)] for seed in (1, 2)),
        *(["demo", "--bosses", "2", "--seed", str(seed)] for seed in (1, 7)),
    ],
)
def test_the_demos_never_echo_a_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 0
    told = capsys.readouterr().out.splitlines()
    assert not echoes(told), echoes(told)
    if "turf" in args:  # these seeds draw twice in a row
        assert any(line.endswith("draws a card, twice.") for line in told)
