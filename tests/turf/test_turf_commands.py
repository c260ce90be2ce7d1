"""`--game turf` on the offline commands: simulate, bench engine, demo."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main


def test_simulate_turf_prints_endings_and_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "turf", "--matches", "4", "--seats", "normal,random"]) == 0
    out = capsys.readouterr().out
    assert "Turf: 4 matches, 2 players (normal, random)" in out
    for words in ("10 buildings", "last standing", "stalemate", "round limit", "× even"):
        assert words in out


def test_simulate_turf_refuses_a_mismatched_seat_list(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "turf", "--matches", "1", "--seats", "normal,random"]
    assert main([*args, "--players", "3"]) == 2
    assert main(["simulate", "--matches", "1", "--players", "3"]) == 2
    assert main(["simulate", "--game", "turf", "--matches", "1", "--seats", "hard"]) == 2
    assert "--players is for --game turf" in capsys.readouterr().err


def test_bench_engine_turf_prints_apply_and_picture_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "engine", "--game", "turf", "--matches", "3", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "apply median" in out and "Turf engine benchmark" in out
    assert main(["bench", "render", "--game", "turf", "--matches", "1"]) == 2


def test_demo_turf_tells_a_match_and_writes_its_pictures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["demo", "--game", "turf", "--players", "2", "--seed", "5", "--out", str(tmp_path)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("Turf — a demo match, seed 5.") and "Final count" in out
    pictures = sorted(tmp_path.glob("turf-*.png"))
    assert pictures and pictures[0].read_bytes()[:4] == b"\x89PNG"
    turns = out.count("— Round ")
    assert len(pictures) == turns


def test_demo_turf_saves_a_replay_file_that_replay_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.registry import TURF
    from bot.replay_file import load

    file = tmp_path / "m.turf.json"
    args = ["demo", "--game", "turf", "--players", "2", "--seed", "5", "--save", str(file)]
    assert main(args) == 0
    assert "replay file written to" in capsys.readouterr().out
    loaded = load(file.read_bytes())
    assert loaded.game is TURF and loaded.state.result is not None
    assert main(["demo", "--game", "turf", "--level", "hard"]) == 2
