"""The platform reaches a game only through `bot.games.Game` and the registry: every game
fills it in, and a toy game in the same two-package shape (`tests.race_game`: rules, and
what it shows) runs through the same session (verdicts, computer seats, timeouts,
rebuilding from its log) and the same CLI once installed, without any platform edit."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.games import Game
from bot.games.presenters import PRESENTERS
from bot.registry import GAME_PACKAGES, GAMES, install, uninstall
from bot.session import COMPUTER, TIMER, MatchSession
from bot.verdicts import Verdict
from engine.common import PlayerSpec
from tests.race_game.show.game import GAME as RACE_GAME

RACE: Game = RACE_GAME


def test_both_games_fill_in_the_interface_and_each_non_chicago_game_has_a_presenter() -> None:
    for key, game in GAMES.items():
        assert game.key == key
        for name in ("replay", "asked", "apply", "placings", "narrate", "make_setup"):
            assert callable(getattr(game, name)), (key, name)
        assert key == "chicago" or key in PRESENTERS


def test_a_third_game_runs_through_the_session_unchanged() -> None:
    setup = RACE.make_setup(1, [PlayerSpec("ann"), PlayerSpec("bot", "easy")], None)
    session, first = MatchSession.new(setup, game=RACE)
    assert first.lines == [] and session.asked_at(0) == 0
    step = session.decide(0, "add:2", 0, "ann")
    assert step.ok
    # The computer answered at once, by its own choice, and was narrated.
    assert [a.actor for a in step.applied] == ["ann", COMPUTER]
    assert [line.text for line in step.lines] == ["ann says 2.", "bot says 4."]
    assert session.check(0, "add:2", 0, "ann") is not None
    assert session.decide(0, "add:2", 0, "ann").verdict is Verdict.DUPLICATE
    assert session.decide(1, "add:1", 2, "x").verdict is Verdict.WRONG_SEAT
    assert session.decide(0, "add:7", 2, "ann").verdict is Verdict.ILLEGAL
    timed = session.expire(2)
    assert timed.ok and timed.applied[0].actor == TIMER
    while not session.over:
        asked = session.asked()
        session.decide(asked[0].seat, "add:1", session.seq, "ann")
    assert session.game.placings(session.state)[0].won
    rebuilt = MatchSession.replayed(RACE, setup, session.log, controllers=None)
    assert RACE.state_json(rebuilt.state) == RACE.state_json(session.state)


def test_an_unknown_game_is_refused_by_name() -> None:
    from bot.registry import game_named

    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_named("chess")
    assert game_named(None).key == "chicago"


RACE_PACKAGE = "tests.race_game.show"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def race_installed() -> Iterator[None]:
    install(RACE_PACKAGE)
    yield
    uninstall(RACE_GAME.key)


def test_an_installed_game_plays_through_the_cli_like_any_other(
    race_installed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert GAMES[RACE_GAME.key] is RACE_GAME
    assert main(["demo", "--game", "race", "--level", "easy", "--seed", "3"]) == 0
    told = capsys.readouterr().out.splitlines()
    assert told[-1] in ("ann says ten", "bob says ten")
    assert told[-2] == "the total is 10"
    assert main(["simulate", "--game", "race", "--matches", "4", "--seats", "easy"]) == 0
    assert capsys.readouterr().out.startswith("4 matches: first seat won ")


def test_uninstalling_takes_the_game_off_every_list(race_installed: None) -> None:
    uninstall(RACE_GAME.key)
    assert RACE_GAME.key not in GAMES
    with pytest.raises(SystemExit):
        main(["demo", "--game", "race"])
    install(RACE_PACKAGE)


def _platform_files() -> list[Path]:
    """Every platform source file: bot/ but the games' own packages, and the rules'
    common module."""
    games = {package.split(".")[1] for package in GAME_PACKAGES} | {"bootleg", "empire"}
    found = [p for p in (ROOT / "engine" / "common").rglob("*.py")]
    for path in (ROOT / "bot").rglob("*.py"):
        inside = path.relative_to(ROOT / "bot").parts
        if len(inside) > 1 and inside[0] in games:
            continue
        found.append(path)
    return found


def test_adding_a_game_needs_no_edit_to_any_platform_file() -> None:
    """The toy game's key, packages and names appear in no platform file: what made it
    playable above is its own two packages and the one `install` call."""
    names = re.compile(r"race_game|RaceToTen|Race to Ten|[\'\"]race[\'\"]")
    files = _platform_files()
    assert len(files) > 100
    assert [str(p) for p in files if names.search(p.read_text())] == []
    # The search would find such an edit.
    assert names.search('GAME_PACKAGES = ("bot.chicago", "tests.race_game.show")')
