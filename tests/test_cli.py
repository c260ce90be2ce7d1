"""The command line: help at every level, one-line errors with exit code 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.cli import SUBCOMMANDS, main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], capture_output=True, text=True, timeout=120
    )


def test_help_lists_every_subcommand() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    for name, _, _ in SUBCOMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", [name for name, _, _ in SUBCOMMANDS])
def test_every_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([name, "--help"])
    assert exit_info.value.code == 0
    assert "usage: chicago-bot" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["fly"],
        [],
        ["--colour"],
        ["bench"],
        ["bench", "engine", "--matches", "lots"],
        ["bench", "engine", "--bosses", "7"],
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("chicago-bot")
    assert "Traceback" not in result.stderr


def test_bench_engine_prints_figures() -> None:
    result = run_cli("bench", "engine", "--matches", "3", "--bosses", "2")
    assert result.returncode == 0, result.stderr
    for figure in ("matches/s", "apply median", "state JSON max", "JSON round trip"):
        assert figure in result.stdout
