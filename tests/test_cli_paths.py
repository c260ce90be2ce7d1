"""Every subcommand against output it cannot write: one line, the right exit code, no
traceback, nothing half-written.

Kinds of bad output: a missing folder, a directory where a file is expected (or a file
where a folder is), a place nothing can be created in (/proc and /sys refuse even
root), a full disk (/dev/full), and standard output itself on a full disk.

Most cases run in this process through `main` (fast); a few run as real processes,
for what only a process shows: its exit status, and what Python prints as it exits.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import SUBCOMMANDS, main

FULL = "/dev/full"
Expected = int | tuple[int, ...]
needs_linux = pytest.mark.skipif(
    not (Path(FULL).exists() and Path("/proc/self").exists()),
    reason="needs Linux's /dev/full (a full disk) and /proc (open files) to build the case",
)


def run_cli(args: list[str], cwd: Path, stdout_path: str | None = None) -> tuple[int, str]:
    """Exit code and stderr of `python -m bot ARGS`, without a Discord token or .env."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CHICAGO_"))}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    if stdout_path is None:
        result = subprocess.run(
            [sys.executable, "-m", "bot", *args],
            capture_output=True, text=True, timeout=120, cwd=cwd, env=env,
        )  # fmt: skip
        return result.returncode, result.stderr
    with open(stdout_path, "w") as out:
        result = subprocess.run(
            [sys.executable, "-m", "bot", *args],
            stdout=out, stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd, env=env,
        )  # fmt: skip
    return result.returncode, result.stderr


Call = Callable[..., tuple[int, str]]


@pytest.fixture
def call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> Call:
    """`main(ARGS)` here, as `chicago-bot ARGS` in `tmp_path` without a token or .env:
    (exit code, standard error). `stdout`: a file to take standard output instead."""
    for name in list(os.environ):
        if name.startswith(("DISCORD_", "CHICAGO_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)

    def run(args: list[str], stdout: str | None = None) -> tuple[int, str]:
        capsys.readouterr()
        with contextlib.ExitStack() as stack:
            if stdout is not None:
                out = stack.enter_context(open(stdout, "w"))
                stack.enter_context(contextlib.redirect_stdout(out))
            try:
                code = main(args)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
        return code, capsys.readouterr().err

    return run


def assert_one_line(code: int, stderr: str, expected: Expected) -> None:
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("chicago-bot"), stderr
    assert code in (expected if isinstance(expected, tuple) else (expected,)), (code, stderr)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "chicago.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE scratch (x)")
    return path


# Per subcommand: how to aim its output at PATH, and the exit code for each bad kind.
def output_cases(database: Path, tmp: Path) -> list[tuple[str, list[str], Expected]]:
    afile = tmp / "a-file.txt"
    afile.write_text("not a folder")
    db = ["--db", str(database)]
    return [
        ("render", ["render", "--out", "/nonexistent/dir/board.png"], 2),
        ("render", ["render", "--out", str(tmp)], 2),
        ("render", ["render", "--out", "/proc/chicago.png"], 2),
        ("render", ["render", "--out", "/sys/chicago.png"], 2),
        ("render", ["render", "--out", ""], 2),
        ("render", ["render", "--out", FULL], 1),
        ("demo", ["demo", "--out", "/proc/no/such/folder"], 2),
        ("demo", ["demo", "--out", str(afile)], 2),
        ("demo", ["demo", "--out", "/proc"], 2),
        ("demo", ["demo", "--out", "/proc/chicago"], 2),
        ("demo", ["demo", "--out", "/sys/chicago"], 2),
        ("demo", ["demo", "--out", ""], 2),
        ("demo", ["demo", "--out", FULL], 2),
        ("backup", ["backup", "/nonexistent/dir/copy.db", *db], 2),
        ("backup", ["backup", str(tmp), *db], 2),
        ("backup", ["backup", "/proc/chicago.db", *db], (1, 2)),
        ("backup", ["backup", FULL, *db], (1, 2)),
        ("prune", ["prune", "--older-than", "1", "--db", "/nonexistent/dir/x.db"], 2),
        ("prune", ["prune", "--older-than", "1", "--db", str(tmp)], 2),
        ("prune", ["prune", "--older-than", "1", "--db", "/proc/chicago.db"], 2),
        ("prune", ["prune", "--older-than", "1", "--db", FULL], 2),
        ("ratings", ["ratings", "--db", "/nonexistent/dir/x.db"], 2),
        ("rulebook", ["rulebook", "--out", "/proc/no/such/folder"], 2),
        ("rulebook", ["rulebook", "--out", str(afile)], 2),
        ("rulebook", ["rulebook", "--out", "/proc/chicago"], 2),
        ("rulebook", ["rulebook", "--out", "/sys/chicago"], 2),
        ("rulebook", ["rulebook", "--out", ""], 2),
        ("rulebook", ["rulebook", "--out", FULL], 2),
        ("replay", ["replay", "match.json", "--out", "/proc/no/such.gif"], 2),
        ("replay", ["replay", "match.json", "--out", "/proc/chicago.gif"], 2),
        ("replay", ["replay", "match.json", "--out", ""], 2),
        ("replay", ["replay", "match.json", "--out", FULL], 2),
    ]


@needs_linux
def test_bad_output_paths_are_one_line_with_the_right_exit_code(
    tmp_path: Path, database: Path, call: Call
) -> None:
    cases = output_cases(database, tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    for _, args, expected in cases:
        code, stderr = call(args)
        assert_one_line(code, stderr, expected)
    assert sorted(p.name for p in tmp_path.iterdir()) == before, "something was left behind"


# A small, quick run of each subcommand that prints on standard output; a subcommand
# not listed (or one that serves until stopped, like preview) prints its help.
QUICK: dict[str, list[str]] = {
    "doctor": ["doctor"],
    "replay": ["replay", "missing.json"],
    "rulebook": ["rulebook", "--out", "rulebook"],
    "run": ["run"],
    "demo": ["demo", "--bosses", "2", "--marks", "2", "--round-limit", "1"],
    "simulate": ["simulate", "--matches", "1", "--bosses", "2", "--round-limit", "2"],
    "render": ["render", "--out", "board.png"],
    "bench": ["bench", "engine", "--matches", "1", "--bosses", "2"],
    "backup": ["backup", "copy.db", "--db", "chicago.db"],
    "prune": ["prune", "--older-than", "1", "--db", "chicago.db"],
    "ratings": ["ratings", "--db", "chicago.db"],
}


# Run as real processes: Python's own flush of standard output at exit is part of it.
IN_A_PROCESS = ("doctor", "demo", "preview")


@needs_linux
@pytest.mark.parametrize("name", [name for name, _, _ in SUBCOMMANDS])
def test_every_subcommand_on_a_full_disk_stdout(
    name: str, tmp_path: Path, database: Path, call: Call
) -> None:
    args = QUICK.get(name, [name, "--help"])
    if name in IN_A_PROCESS:
        code, stderr = run_cli(args, tmp_path, stdout_path=FULL)
    else:
        code, stderr = call(args, stdout=FULL)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert len(stderr.strip().splitlines()) <= 1, stderr
    assert code != 0 or not stderr.strip(), (code, stderr)


def test_a_picture_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    from bot.cli.output import CommandError, write_file

    target = tmp_path / "board.png"
    write_file(target, b"first")
    assert target.read_bytes() == b"first"
    with pytest.raises(CommandError):
        write_file(tmp_path / "missing" / "board.png", b"x")
    if Path(FULL).exists():
        with pytest.raises(CommandError, match="No space left"):
            write_file(Path(FULL), b"x" * 100_000)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.png"]


def test_version_and_unknown_flags_are_one_line(tmp_path: Path) -> None:
    code, stderr = run_cli(["--bogus"], tmp_path)
    assert_one_line(code, stderr, 2)
    assert "unrecognized arguments: --bogus" in stderr
    result = subprocess.run(
        [sys.executable, "-m", "bot", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout.startswith("chicago-bot ") and "." in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["demo", "--delay", "inf", "--round-limit", "1"],
        ["demo", "--delay", "nan"],
        ["demo", "--delay", "-1"],
        ["render", "--decisions", "-5"],
        ["simulate", "--seats", "normal,random", "--bosses", "3"],
    ],
)
def test_bad_numbers_are_argparse_style_errors(args: list[str], call: Call) -> None:
    code, stderr = call(args)
    assert_one_line(code, stderr, 2)
    assert "error:" in stderr and "(try --help)" in stderr
