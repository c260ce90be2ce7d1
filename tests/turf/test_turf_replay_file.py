"""Turf replay files (TURF §9 replay): exported through the `Game` interface, verified
on reading like a Chicago 1927 file, refused with a reason when tampered with; and
`chicago-bot replay` tells a Turf match and draws it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine.turf as turf
from bot.cli import main
from bot.registry import TURF
from bot.replay_file import ReplayRefused, export, load, log_digest
from engine.turf.computer import choose
from tests.test_replay_file import played

Document = dict[str, Any]


def turf_played(players: int = 3, seed: int = 5, rounds: int = 30) -> tuple[Any, list[Any]]:
    """A Turf match of normal computer players, to its end: its setup and its log."""
    specs = [turf.PlayerSpec(f"Boss {n}", "normal") for n in range(players)]
    state = turf.new_match(specs, seed, turf.TurfOptions(rounds))
    decisions = []
    while state.result is None:
        seat = state.pending[0].seat
        decision = str(choose(turf.player_view(state, seat), "normal"))
        turf.apply(state, seat, decision)
        decisions.append((seat, decision))
    return state.setup, decisions


def edited(data: bytes, change: Callable[[Document], None], redigest: bool = False) -> bytes:
    document = json.loads(data)
    change(document)
    if redigest:  # as a forger would: the log digest made to fit the edit
        document["digests"]["log"] = log_digest(
            document["setup"], document["decisions"], document.get("game", "chicago")
        )
    return json.dumps(document).encode()


@pytest.fixture(scope="module")
def match() -> tuple[Any, list[Any], bytes]:
    setup, decisions = turf_played()
    return setup, decisions, export(setup, decisions, {"id": 4}, game=TURF)


def test_a_turf_file_names_its_game_and_replays_to_the_same_final_state(
    match: tuple[Any, list[Any], bytes],
) -> None:
    setup, decisions, data = match
    document = json.loads(data)
    assert document["game"] == "turf" and document["format"] == "chicago-1927-replay"
    loaded = load(data)
    direct, _ = turf.replay(setup, decisions)
    assert loaded.game is TURF
    assert loaded.state.to_json() == direct.to_json()
    assert loaded.decisions == decisions and loaded.match == {"id": 4}
    result = direct.result
    assert result is not None
    assert document["end"]["winner"] == result.winner
    assert document["end"]["buildings"] == result.buildings


def test_a_chicago_file_is_byte_for_byte_what_it_was_before_turf() -> None:
    """The digest of a Chicago 1927 export was taken before replay files went through
    the `Game` interface: no field moved, none was added."""
    setup, decisions = played(11)
    data = export(setup, decisions)
    assert b'"game"' not in data
    digest = hashlib.sha256(data).hexdigest()
    assert digest == "2540578d700b4349eaab9274dcf1ad357e5d1559b2e29e31a36f5287b6c177ad"
    assert load(data).game.key == "chicago"


def swap_decision(document: Document) -> None:
    document["decisions"][5][1] = "end"


def claim_chicago(document: Document) -> None:
    document["game"] = "chicago"


def crown_another(document: Document) -> None:
    document["end"]["winner"] = (document["end"]["winner"] + 1) % 3


def unknown_game(document: Document) -> None:
    document["game"] = "chess"


@pytest.mark.parametrize(
    ("change", "redigest", "said"),
    [
        (swap_decision, False, "changed after it was exported"),
        (claim_chicago, False, "changed after it was exported"),
        (claim_chicago, True, "setup cannot be read"),
        (crown_another, False, "recorded ending"),
        (unknown_game, False, "a game this release does not know"),
    ],
    ids=["decision", "game", "game-redigested", "winner", "unknown-game"],
)
def test_a_tampered_turf_file_is_refused_with_its_reason(
    match: tuple[Any, list[Any], bytes],
    change: Callable[[Document], None],
    redigest: bool,
    said: str,
) -> None:
    with pytest.raises(ReplayRefused, match=said):
        load(edited(match[2], change, redigest))


def test_a_forged_turf_log_does_not_replay_or_reach_the_final_state(
    match: tuple[Any, list[Any], bytes],
) -> None:
    def shorten(document: Document) -> None:
        document["decisions"] = document["decisions"][:-3]

    with pytest.raises(ReplayRefused, match="does not reach the final state"):
        load(edited(match[2], shorten, redigest=True))

    def illegal(document: Document) -> None:
        document["decisions"][0] = [0, "hit:1:2"]

    with pytest.raises(ReplayRefused, match="does not replay"):
        load(edited(match[2], illegal, redigest=True))


def too_many(setup: Document) -> None:
    setup["players"] = [{"name": f"p{n}", "computer": None} for n in range(40)]


def endless(setup: Document) -> None:
    setup["options"]["round_limit"] = 10**9


def strange_level(setup: Document) -> None:
    setup["players"][0]["computer"] = "grandmaster"


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (too_many, "Turf seats 2 to 6 players, not 40"),
        (endless, "round limit of 1000000000"),
        (strange_level, "unknown level 'grandmaster'"),
    ],
)
def test_a_turf_setup_outside_the_rules_is_refused(
    match: tuple[Any, list[Any], bytes], change: Callable[[Document], None], said: str
) -> None:
    def edit(document: Document) -> None:
        change(document["setup"])

    with pytest.raises(ReplayRefused, match=said):
        load(edited(match[2], edit, redigest=True))


def test_chicago_bot_replay_tells_a_turf_match_and_draws_it(
    tmp_path: Path, match: tuple[Any, list[Any], bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    setup, decisions, data = match
    state, _ = turf.replay(setup, decisions)
    assert state.result is not None
    winner = state.players[state.result.winner].name
    file = tmp_path / "m.turf.json"
    file.write_bytes(data)
    assert main(["replay", str(file)]) == 0
    out = capsys.readouterr().out
    assert "match 4, Turf, seed 5, 3 players" in out and f"{state.round} rounds" in out
    assert "verified" in out and f"winner: {winner}, " in out
    first = next(line for line in out.splitlines() if line.startswith("  1. "))
    assert first.startswith(f"  1. {winner}: ") and "buildings" in first

    gif = tmp_path / "m.gif"
    assert main(["replay", str(file), "--out", str(gif)]) == 0
    assert gif.read_bytes()[:6] == b"GIF89a"
    frames = tmp_path / "frames"
    assert main(["replay", str(file), "--out", str(frames)]) == 0
    assert (frames / "turn-0000.png").read_bytes()[:4] == b"\x89PNG"
    capsys.readouterr()

    file.write_bytes(edited(data, swap_decision))
    assert main(["replay", str(file)]) == 1
    assert "refused: the replay file was changed" in capsys.readouterr().err
