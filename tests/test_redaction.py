"""The token is never printed, whichever setting it hides in and whichever message
quotes that setting: `doctor` and `run` report the setting's problem with the token
hidden, for a token of a bot's shape and for one of any other shape."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.redaction import REDACTED, RedactingStream, hide_token

BOT_SHAPED = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.hiddenhiddenhiddenhidden42"
ODD_SHAPED = "plainsecretwithoutdots"  # no token shape to catch: only its value can
SETTINGS = ("DISCORD_TOKEN", "CHICAGO_DB", "CHICAGO_HEARTBEAT_FILE", "CHICAGO_SHARD_IDS")


def hiding_places(token: str) -> dict[str, dict[str, str]]:
    """Settings that carry the token into a message `doctor` or `run` prints."""
    return {
        "database path": {"CHICAGO_DB": f"/nonexistent/{token}.db"},
        "database folder": {"CHICAGO_DB": f"/nonexistent/{token}/c.db"},
        "heartbeat file": {"CHICAGO_HEARTBEAT_FILE": f"/nonexistent/{token}"},
        "shard list": {"CHICAGO_SHARD_COUNT": "2", "CHICAGO_SHARD_IDS": token},
    }


# (command, token, where it hides): each stops on that setting before connecting and
# prints a message quoting it. `run` checks a token's shape first, so only a bot-shaped
# token reaches its other checks; `--alive` alone reads the heartbeat file.
CASES = [
    *((["doctor"], token, place) for token in (BOT_SHAPED, ODD_SHAPED) for place in
      ("database path", "database folder", "shard list")),
    *((["run"], BOT_SHAPED, place) for place in ("database path", "database folder", "shard list")),
    *((["doctor", "--alive"], token, "heartbeat file") for token in (BOT_SHAPED, ODD_SHAPED)),
]  # fmt: skip


@pytest.mark.parametrize(("command", "token", "place"), CASES)
def test_the_token_is_never_printed(
    command: list[str],
    token: str,
    place: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    for name in (*SETTINGS, "CHICAGO_SHARD_COUNT", "CHICAGO_SHARDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    for name, value in hiding_places(token)[place].items():
        monkeypatch.setenv(name, value)
    code = main(command)
    out = capsys.readouterr()
    shown = out.out + out.err
    assert code != 0, shown  # the setting is wrong, so the message quoting it is printed
    assert token not in shown and REDACTED in shown, shown


def test_a_token_from_the_settings_file_is_hidden_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    secret = "anothersecretfromafile"
    (tmp_path / "bot.env").write_text(
        f"DISCORD_TOKEN={secret}\nCHICAGO_DB=/nonexistent/{secret}.db\n", encoding="utf-8"
    )
    assert main(["doctor", "--env-file", "bot.env"]) == 2
    shown = capsys.readouterr().out
    assert secret not in shown and f"/nonexistent/{REDACTED}.db" in shown


def test_the_stream_hides_what_is_written_and_passes_the_rest() -> None:
    hide_token("  spacedsecret123  ")
    target = io.StringIO()
    stream = RedactingStream(target)
    stream.writelines(["a spacedsecret123 b\n", "short ok\n"])
    assert target.getvalue() == f"a {REDACTED} b\nshort ok\n"
    assert stream.getvalue() == target.getvalue()  # anything else is the wrapped stream's
