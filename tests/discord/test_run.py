"""`chicago-bot run`: one clear line and a non-zero exit for a missing or refused token,
never a traceback and never the token; `create_bot` builds without connecting."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.cli import main
from bot.discord_app import ChicagoBot, create_bot
from tests.discord.harness import make_settings

SECRET = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret-token-value"


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
    assert main(["run"]) == 2
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
    assert main(["run"]) == 2
    out = capsys.readouterr()
    assert out.err.startswith("chicago-bot run: ") and "Traceback" not in out.err
    assert SECRET not in out.err + out.out


def never_connect(monkeypatch: pytest.MonkeyPatch) -> None:
    async def connect(self: ChicagoBot, token: str, *, reconnect: bool = True) -> None:
        raise AssertionError("the bot tried to connect")

    monkeypatch.setattr(ChicagoBot, "start", connect)


@pytest.mark.parametrize(
    ("token", "said"),
    [
        (f"Bot {SECRET}", "starts with 'Bot '"),
        ("abc", "does not look like a bot token"),
        ("123456789012345678", "application id"),
    ],
)
def test_a_token_of_the_wrong_shape_is_refused_before_connecting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], token: str, said: str
) -> None:
    never_connect(monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    assert main(["run"]) == 2
    out = capsys.readouterr()
    assert said in out.err and len(out.err.strip().splitlines()) == 1
    assert token not in out.err + out.out


def test_a_settings_file_that_is_not_utf8_names_the_byte(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    env = tmp_path / "latin1.env"
    data = b"CHICAGO_LOG_LEVEL=INFO\nDISCORD_TOKEN=caf\xe9\n"
    env.write_bytes(data)
    assert main(["run", "--env-file", str(env)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("chicago-bot run: error: ") and len(err.strip().splitlines()) == 1
    assert str(env) in err and f"byte {data.index(0xE9)} (line 2) is 0xe9" in err


def test_a_second_bot_on_the_same_database_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import subprocess
    import sys

    db = tmp_path / "c.db"
    first = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from bot.store.instance_lock import "
            "InstanceLock\nwith InstanceLock(Path(sys.argv[1]), 'chicago-bot run'):\n"
            "    print('held', flush=True); sys.stdin.read()",
            str(db),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert first.stdout is not None and first.stdout.readline() == "held\n"
        never_connect(monkeypatch)
        monkeypatch.setenv("DISCORD_TOKEN", SECRET)
        monkeypatch.setenv("CHICAGO_DB", str(db))
        assert main(["run"]) == 2
        err = capsys.readouterr().err
        assert f"is in use by chicago-bot run (pid {first.pid})" in err
        assert len(err.strip().splitlines()) == 1
    finally:
        first.communicate("")
    assert first.returncode == 0


@pytest.mark.parametrize("command", [["run"], ["doctor"], ["doctor", "--alive"]])
def test_a_named_settings_file_that_is_missing_is_said_so(
    command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A mistyped `--env-file` is named as missing (exit 2), not read as "no token in
    .env"; only the default `.env` may be absent."""
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--env-file", "missing.env"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "settings file missing.env does not exist" in err
    assert "no Discord token" not in err and len(err.strip().splitlines()) == 1


def test_no_token_names_the_settings_file_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "bot.env").write_text("CHICAGO_LOG_LEVEL=INFO\n", encoding="utf-8")
    assert main(["run", "--env-file", "bot.env"]) == 2
    err = capsys.readouterr().err
    assert "in the environment or in bot.env" in err and " .env " not in err
    assert main(["doctor", "--env-file", "bot.env"]) == 2
    assert "put the bot's token in bot.env" in capsys.readouterr().out
