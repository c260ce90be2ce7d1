"""Replay files: export, replay and the same final state; any tampering refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.replay_file import ReplayRefused, export, load, log_digest
from bot.session import MatchSession
from engine import Setup, new_match, replay


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
