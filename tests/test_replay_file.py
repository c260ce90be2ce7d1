"""Replay files: export, replay and the same final state; any tampering refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.replay_file import ReplayRefused, export, load, log_digest
from bot.session import MatchSession
from engine.chicago import Setup, new_match, replay


def played(seed: int = 5, rounds: int | None = None) -> tuple[Setup, list[tuple[int, str]]]:
    setup = new_match(bosses=2, seed=seed).setup
    setup.options.round_limit = rounds
    for player in setup.players:
        player.computer = "easy"
    setup.police.computer = "easy"
    session, _ = MatchSession.new(setup, narrated=False)
    return setup, [(a.seat, a.decision) for a in session.log]


def test_round_trip_reaches_the_identical_final_state() -> None:
    setup, decisions = played()
    data = export(setup, decisions, {"id": 7})
    loaded = load(data)
    direct, _ = replay(setup, decisions)
    assert loaded.state.to_json() == direct.to_json()
    assert loaded.decisions == decisions and loaded.match == {"id": 7}
    assert loaded.state.result is not None


def _edited(data: bytes, change: object) -> bytes:
    document = json.loads(data)
    change(document)  # type: ignore[operator]
    return json.dumps(document).encode()


def test_an_edited_decision_is_refused_by_the_log_digest() -> None:
    setup, decisions = played()
    data = export(setup, decisions)

    def swap(document: dict) -> None:  # type: ignore[type-arg]
        document["decisions"][3][1] = "pass"

    with pytest.raises(ReplayRefused, match="changed after it was exported"):
        load(_edited(data, swap))


def test_a_forged_log_with_a_fresh_digest_is_refused_by_replaying_it() -> None:
    setup, decisions = played()
    data = export(setup, decisions)

    def forge(document: dict) -> None:  # type: ignore[type-arg]
        document["decisions"] = document["decisions"][:-4]
        document["digests"]["log"] = log_digest(document["setup"], document["decisions"])

    with pytest.raises(ReplayRefused, match="does not reach the final state"):
        load(_edited(data, forge))


def test_a_changed_winner_or_garbage_is_refused() -> None:
    setup, decisions = played()
    data = export(setup, decisions)

    def crown(document: dict) -> None:  # type: ignore[type-arg]
        document["end"]["winner"] = 1 - document["end"]["winner"]

    with pytest.raises(ReplayRefused, match="recorded ending"):
        load(_edited(data, crown))
    with pytest.raises(ReplayRefused, match="not JSON"):
        load(b"\x89PNG")
    with pytest.raises(ReplayRefused, match="format"):
        load(b'{"format": "chess"}')


def test_chicago_bot_replay_verifies_and_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup, decisions = played(rounds=3)
    file = tmp_path / "match.chicago.json"
    file.write_bytes(export(setup, decisions, {"id": 3}))
    gif = tmp_path / "match.gif"
    assert main(["replay", str(file), "--out", str(gif), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "verified" in out and "winner:" in out
    assert gif.read_bytes()[:6] == b"GIF89a"
    frames = tmp_path / "frames"
    assert main(["replay", str(file), "--out", str(frames), "--jobs", "1"]) == 0
    assert (frames / "turn-0000.png").exists()

    file.write_bytes(file.read_bytes().replace(b'"roll"', b'"pass"', 1))
    assert main(["replay", str(file)]) == 1
    assert "refused: the replay file was changed" in capsys.readouterr().err


def with_setup(data: bytes, change: object) -> bytes:
    """The file with its setup changed and the log digest recomputed, as a forger would."""

    def edit(document: dict) -> None:  # type: ignore[type-arg]
        change(document["setup"])  # type: ignore[operator]
        document["digests"]["log"] = log_digest(document["setup"], document["decisions"])

    return _edited(data, edit)


def many_players(setup: dict) -> None:  # type: ignore[type-arg]
    setup["players"] = [{"name": f"p{n}", "computer": None} for n in range(2000)]


def no_characters(setup: dict) -> None:  # type: ignore[type-arg]
    setup["characters"] = []


def many_marks(setup: dict) -> None:  # type: ignore[type-arg]
    setup["options"]["marks_to_win"] = 99


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (many_players, "a match has 2 to 4 bosses"),
        (no_characters, "one distinct boss character per seat"),
        (many_marks, "99 marks to win"),
    ],
)
def test_a_setup_outside_the_engines_limits_is_refused(change: object, said: str) -> None:
    setup, decisions = played()
    with pytest.raises(ReplayRefused, match=said):
        load(with_setup(export(setup, decisions), change))


@pytest.mark.parametrize(
    "data",
    [b"[" * 200_000 + b"]" * 200_000, b'{"a":' * 20 + b"1" + b"}" * 20, b"9" * 5000],
    ids=["200k-deep", "20-deep", "huge-number"],
)
def test_deep_or_strange_json_is_refused(data: bytes) -> None:
    with pytest.raises(ReplayRefused, match=r"nests too deeply|not JSON"):
        load(data)


def refused_by_the_command(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", *args]) == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chicago-bot replay: error: "), err
    return lines[0]


def test_an_oversized_file_or_an_endless_device_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.replay_file import MAX_BYTES

    big = tmp_path / "big.chicago.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    assert "larger than 8 MB" in refused_by_the_command([str(big)], capsys)
    if Path("/dev/zero").exists():
        assert "larger than 8 MB" in refused_by_the_command(["/dev/zero"], capsys)


def test_text_from_the_file_is_printed_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup, decisions = played()
    setup.players[0].name = "Evil\x1b[2J\x1b]0;owned\x07Boss"
    path = tmp_path / "match.chicago.json"
    path.write_bytes(export(setup, decisions, {"id": "\x1b[31m" + "9" * 10_000}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "the match, seed" in out and "9999" not in out

    forged = _edited(path.read_bytes(), lambda d: d["decisions"].__setitem__(0, [0, "x\x1b[2J"]))
    path.write_bytes(forged)
    assert "\x1b" not in refused_by_the_command([str(path)], capsys)


def test_a_directory_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
