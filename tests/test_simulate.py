"""`chicago-bot simulate` and the simulation behind it (bot/simulation.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.benchmarks import percentile
from bot.chicago.narration import ENDING_NAMES
from bot.chicago.simulation import (
    SeatsError,
    format_summary,
    parse_seats,
    play_match,
    simulate,
)
from engine.chicago import MatchOptions
from engine.chicago.state import EndReason


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_parse_seats_reads_bosses_then_police() -> None:
    assert parse_seats("ai,random,random", None) == (["normal", "random"], "random")
    assert parse_seats("normal", 3) == (["normal"] * 3, "normal")
    assert parse_seats("Easy, random ,random,normal", 3) == (
        ["easy", "random", "random"],
        "normal",
    )


@pytest.mark.parametrize(
    ("text", "bosses", "message"),
    [
        ("normal,wizard", None, "unknown seat kind 'wizard'"),
        ("normal,random", 4, "need 5"),
        ("normal,random,random,random,random,random", None, "2 to 4 bosses"),
    ],
)
def test_parse_seats_explains_bad_input(text: str, bosses: int | None, message: str) -> None:
    with pytest.raises(SeatsError, match=message):
        parse_seats(text, bosses)


def test_play_match_records_the_match() -> None:
    record = play_match(3, 4, ["normal", "random", "easy"], "random", MatchOptions())
    assert sorted(record.labels) == ["easy boss", "normal boss", "random boss", "random police"]
    assert record.rounds >= 1 and record.decisions > 0
    assert set(record.timings) == {"normal", "easy", "random"}
    again = play_match(3, 4, ["normal", "random", "easy"], "random", MatchOptions())
    assert (again.winner, again.decisions, again.reason) == (
        record.winner,
        record.decisions,
        record.reason,
    )


def test_the_round_limit_ends_matches_with_the_final_count() -> None:
    summary = simulate(4, 2, ["easy", "easy"], "easy", MatchOptions(round_limit=1))
    assert {r.reason for r in summary.records} <= {
        EndReason.ROUND_LIMIT,
        EndReason.MARKS,
        EndReason.LAST_STANDING,
        EndReason.START_RAID,
    }
    assert all(r.rounds <= 2 for r in summary.records)


def test_summary_prints_every_figure() -> None:
    summary = simulate(6, 2, ["normal", "random"], "random", MatchOptions(marks_to_win=2))
    assert len(summary.records) == 6
    text = format_summary(summary)
    for figure in (
        "Wins by seat kind",
        "normal boss",
        "random police",
        "police won",
        "Wins by character",
        "How matches end",
        *ENDING_NAMES.values(),
        "rounds",
        "decisions",
        "p90",
        "p99",
        "matches per second",
    ):
        assert figure in text


def test_two_workers_play_the_same_matches_as_one() -> None:
    one = simulate(4, 2, ["normal", "random"], "easy", jobs=1)
    two = simulate(4, 2, ["normal", "random"], "easy", jobs=2)
    assert [(r.seed, r.winner, r.decisions) for r in one.records] == [
        (r.seed, r.winner, r.decisions) for r in two.records
    ]


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.9) == 90
    assert percentile(values, 0.99) == 99
    assert percentile([7.0], 0.99) == 7.0


def test_simulate_command_prints_the_table() -> None:
    result = run_cli("--matches", "3", "--seats", "ai,random,random", "--marks", "2")
    assert result.returncode == 0, result.stderr
    assert "3 matches, 2 bosses (normal, random + random police); 2 marks" in result.stdout
    assert "How matches end" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--matches", "0"],
        ["--seats", "normal,wizard"],
        ["--seats", "normal,random", "--bosses", "4"],
        ["--marks", "none"],
        ["--round-limit", "-3"],
        ["--jobs", "0"],
    ],
)
def test_simulate_bad_values_are_one_line_with_exit_code_2(args: list[str]) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("chicago-bot simulate: error:")
