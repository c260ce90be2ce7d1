"""The command line: help at every level, one-line errors with exit code 2."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from bot.chicago.bench.store_scale import run_at_scale
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
def test_bad_input_is_one_line_and_exit_code_2(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("chicago-bot")
    assert "Traceback" not in err


def test_help_and_version_load_nothing_of_the_game() -> None:
    """Start-up stays quick: only the named subcommand's module is imported, and
    neither the top-level help nor --version imports the engine or pydantic."""
    code = (
        "import sys, contextlib, io\n"
        "from bot.cli import main\n"
        "for args in (['--help'], ['--version']):\n"
        "    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "        main(args)\n"
        "print(sorted(m for m in ('engine', 'pydantic', 'bot.cli.demo') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_bench_help_names_every_target() -> None:
    from bot.cli.bench import TARGETS

    (help_text,) = [text for name, _, text in SUBCOMMANDS if name == "bench"]
    for target in TARGETS:
        assert target in help_text, target


def test_bench_engine_prints_figures() -> None:
    result = run_cli("bench", "engine", "--matches", "3", "--bosses", "2")
    assert result.returncode == 0, result.stderr
    for figure in ("matches/s", "apply median", "state JSON max", "JSON round trip"):
        assert figure in result.stdout


def test_the_version_is_the_installed_one() -> None:
    from importlib.metadata import version

    from bot.cli import package_version

    assert package_version() == version("chicago-1927")


def test_bench_store_at_scale_prints_each_figure_at_both_sizes_with_its_ratio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = argparse.Namespace(finished=40, running=6, bosses=2, seed=1)
    run_at_scale(tmp_path, args, small=20)
    out = capsys.readouterr().out
    for figure in (
        "open (closed cleanly)",
        "open after a crash",
        "history, last page",
        "one player's stats",
        "leaderboard, last page",
        "a player's rating",
        "load ",
        "start-up",
    ):
        line = next(line for line in out.splitlines() if figure in line)
        assert line.count(" ms") + line.count(" s ") >= 2, line
        assert "× (≤ 1.5×)" in line, line
    assert "≤ 10 ms" in next(line for line in out.splitlines() if "history, first" in line)
    assert "20 finished:" in out and "40 finished:" in out and "+ 6 running" in out
    assert list(tmp_path.iterdir()) == []
