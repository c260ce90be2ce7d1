"""`chicago-bot demo`: an all-computer match played and told here, with pictures."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.chicago.demo import play_demo
from engine.chicago import MatchOptions, MatchState
from engine.chicago.events import Event

PNG = b"\x89PNG\r\n\x1a\n"


def test_demo_plays_a_match_to_the_end_and_draws_every_turn(tmp_path: Path) -> None:
    lines: list[str] = []
    drawn: list[int] = []

    def renderer(state: MatchState, events: Sequence[Event]) -> bytes:
        drawn.append(len(events))
        return PNG

    state = play_demo(3, bosses=2, out=tmp_path, renderer=renderer, write=lines.append)
    assert state.result is not None
    turns = sum(1 for line in lines if line.startswith("— Round"))
    pictures = sorted(p.name for p in tmp_path.iterdir())
    assert pictures[-1] == f"turn-{turns:04d}.png"
    assert "final.png" in pictures and len(pictures) == turns + 1
    assert all(count > 0 for count in drawn)
    assert any("[round 1 · turn 1 ·" in line for line in lines)
    at = lines.index("Final standings")
    assert len(lines[at + 1 : at + 4]) == 3 and lines[at + 1].startswith("  1. ")
    assert any("wins the match" in line for line in lines)


def test_demo_without_a_renderer_says_so(tmp_path: Path) -> None:
    lines: list[str] = []
    play_demo(3, bosses=2, options=MatchOptions(marks_to_win=1), out=tmp_path, write=lines.append)
    assert list(tmp_path.iterdir()) == []
    assert "no board pictures" in lines[-1]


def test_demo_command_writes_real_board_pictures(tmp_path: Path) -> None:
    out = tmp_path / "frames"
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--seed", "3", "--bosses", "2", "--marks", "2",
         "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Final standings" in result.stdout
    assert (out / "final.png").read_bytes().startswith(PNG)
    assert (out / "turn-0001.png").read_bytes().startswith(PNG)


def test_demo_bad_values_are_one_line_with_exit_code_2(tmp_path: Path) -> None:
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    for args in (["--delay", "-1"], ["--out", str(afile)], ["--level", "grandmaster"]):
        result = subprocess.run(
            [sys.executable, "-m", "bot", "demo", *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1


def test_the_status_line_after_a_rounds_last_turn_names_that_round() -> None:
    lines: list[str] = []
    play_demo(3, bosses=2, level="easy", options=MatchOptions(round_limit=2), write=lines.append)
    assert "Every seat is an easy computer player." in lines[0]
    status = [line for line in lines if line.startswith("  [round")]
    headers = [line for line in lines if line.startswith("— Round")]
    # Each turn's status line carries the round of that turn's header.
    for header, line in zip(headers, status, strict=False):
        assert line.startswith(f"  [round {header.split()[2].rstrip(':')} ·"), (header, line)


def test_demo_out_replaces_an_earlier_demos_pictures_and_keeps_other_files(
    tmp_path: Path,
) -> None:
    for stale in ("turn-0001.png", "turn-0999.png", "final.png"):
        (tmp_path / stale).write_bytes(b"old")
    (tmp_path / "notes.txt").write_text("mine")
    result = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--seed", "3", "--bosses", "2", "--marks", "2",
         "--round-limit", "1", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "removed 3 pictures of an earlier demo" in result.stdout
    assert not (tmp_path / "turn-0999.png").exists()
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "turn-0001.png").read_bytes().startswith(PNG)
    assert (tmp_path / "final.png").read_bytes().startswith(PNG)


def test_save_writes_a_replay_file_that_replay_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main
    from bot.replay_file import load

    saved = tmp_path / "demo.chicago.json"
    args = ["demo", "--bosses", "2", "--round-limit", "2", "--seed", "4", "--save", str(saved)]
    assert main(args) == 0
    assert f"replay file written to {saved}" in capsys.readouterr().out
    replayed = load(saved.read_bytes())
    assert replayed.setup.seed == 4 and replayed.state.result is not None
    assert main(["replay", str(saved)]) == 0
    assert "verified" in capsys.readouterr().out
