"""`chicago-bot run`: one clear line and a non-zero exit for a missing or refused token,
never a traceback and never the token; `create_bot` builds without connecting."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.cli import main
from bot.discord_app import ChicagoBot, create_bot
from tests.discord.harness import make_settings

SECRET = "MTIz.secret-token.value"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "CHICAGO_DB", "CHICAGO_DEV_GUILD", "CHICAGO_LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_no_token_says_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run"]) == 2
    out = capsys.readouterr()
    assert "no Discord token" in out.err and "DISCORD_TOKEN" in out.err
    assert "chicago-bot demo" in out.err
    assert "Traceback" not in out.err + out.out
    assert len(out.err.strip().splitlines()) == 1


def test_a_refused_token_is_one_line_and_never_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    async def refuse(self: ChicagoBot, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(ChicagoBot, "start", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "c.db"))
    assert main(["run"]) == 1
    out = capsys.readouterr()
    assert "Discord refused the token" in out.err
    assert SECRET not in out.err + out.out
    assert "Traceback" not in out.err


def test_bad_settings_are_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("CHICAGO_LOG_LEVEL", "LOUD")
    assert main(["run"]) == 2
    out = capsys.readouterr()
    assert "invalid settings" in out.err and SECRET not in out.err


def test_create_bot_builds_without_connecting(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "c.db", DISCORD_TOKEN=SECRET)
    bot = create_bot(settings)
    assert not bot.is_ready() and bot.intents.value == discord.Intents(guilds=True).value
    assert SECRET not in repr(settings)


def test_an_unusable_database_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "missing" / "dir" / "c.db"))
    assert main(["run"]) == 1
    out = capsys.readouterr()
    assert out.err.startswith("chicago-bot run: ") and "Traceback" not in out.err
    assert SECRET not in out.err + out.out
