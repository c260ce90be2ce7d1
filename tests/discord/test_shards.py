"""Which shards a bot process runs (`CHICAGO_SHARD_IDS`, `CHICAGO_SHARD_COUNT`, the older
`CHICAGO_SHARDS`), which servers' matches it owns, and the settings it refuses: a share
of the shards needs the count, and a database other processes can share (PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bot.cli import main
from bot.discord_app import create_bot
from bot.discord_app.shards import Shards, shard_of
from bot.settings import Settings, parse_shard_ids, shard_list
from bot.store import SqliteStore
from tests.discord.harness import make_settings

PG = "postgresql://chicago@db-host:5432/chicago"
SECRET = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret-token-value"


def settings(**env: str) -> Settings:
    """Settings as the environment would give them (names, text values)."""
    values: dict[str, Any] = dict(env)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("text", "ids"),
    [("0,1", (0, 1)), ("2-3", (2, 3)), ("0-1, 4", (0, 1, 4)), ("3,1,1", (1, 3)), ("", None)],
)
def test_shard_ids_are_numbers_and_ranges(text: str, ids: tuple[int, ...] | None) -> None:
    assert parse_shard_ids(text) == ids
    if ids is not None:
        assert parse_shard_ids(shard_list(ids)) == ids


@pytest.mark.parametrize("text", ["a", "3-1", "-1", "1-x"])
def test_malformed_shard_ids_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="shard"):
        parse_shard_ids(text)


def test_a_process_runs_the_shards_it_is_given_of_the_count() -> None:
    given = settings(CHICAGO_SHARD_IDS="2-3", CHICAGO_SHARD_COUNT="4", CHICAGO_DB=PG)
    assert given.shard_ids == (2, 3) and given.total_shards == 4
    # The older name of the count still works, alone or with the ids.
    assert settings(CHICAGO_SHARDS="3").total_shards == 3
    older = settings(CHICAGO_SHARD_IDS="1", CHICAGO_SHARDS="2", CHICAGO_DB=PG)
    assert older.shard_ids == (1,) and older.total_shards == 2


@pytest.mark.parametrize(
    ("env", "said"),
    [
        (
            {"CHICAGO_SHARD_IDS": "0", "CHICAGO_DB": PG},
            "CHICAGO_SHARD_IDS needs CHICAGO_SHARD_COUNT",
        ),
        (
            {"CHICAGO_SHARD_IDS": "4", "CHICAGO_SHARD_COUNT": "4", "CHICAGO_DB": PG},
            "numbers them 0 to 3",
        ),
        ({"CHICAGO_SHARD_IDS": "1", "CHICAGO_SHARD_COUNT": "2"}, "PostgreSQL database"),
        ({"CHICAGO_SHARDS": "2", "CHICAGO_SHARD_COUNT": "4"}, "disagree"),
    ],
)
def test_shard_settings_that_cannot_work_are_refused(env: dict[str, str], said: str) -> None:
    with pytest.raises(ValidationError, match=said):
        settings(**env)


def test_processes_on_one_machine_keep_their_own_heartbeat() -> None:
    one = settings(CHICAGO_SHARD_IDS="0-1", CHICAGO_SHARD_COUNT="4", CHICAGO_DB=PG)
    other = settings(CHICAGO_SHARD_IDS="2-3", CHICAGO_SHARD_COUNT="4", CHICAGO_DB=PG)
    assert one.heartbeat_path.name == "chicago-bot-shards-0-1.alive"
    assert other.heartbeat_path.name == "chicago-bot-shards-2-3.alive"
    assert settings(CHICAGO_DB=PG).heartbeat_path.name == "chicago-bot.alive"


def test_an_sqlite_bot_may_name_every_shard() -> None:
    every = settings(CHICAGO_SHARD_IDS="0-1", CHICAGO_SHARD_COUNT="2")
    assert every.shard_ids == (0, 1)


def test_a_server_belongs_to_one_shard_and_dms_to_shard_0() -> None:
    guild = (123456789 << 22) | 4095  # the shard is read from the id's timestamp bits
    assert shard_of(guild, 4) == 123456789 % 4 == 1
    assert shard_of(None, 4) == 0
    mine = Shards.of([1], 4)
    assert mine.owns(guild) and not mine.owns(guild + (1 << 22)) and not mine.owns(None)
    assert Shards.of([0], 4).owns(None)
    assert Shards.of([0, 1], 2).every and Shards.of(None, None).owns(guild)
    assert str(Shards.of([1, 2, 3], 8)) == "shards 1-3 of 8"


def test_the_bot_runs_only_its_shards(tmp_path: Path) -> None:
    values = make_settings(tmp_path / "c.db").model_dump(by_alias=False)
    values.update(db=PG, shards=None, shard_count=4, shard_ids=(2, 3))
    bot = create_bot(Settings(_env_file=None, **values), SqliteStore(tmp_path / "c.db"))  # type: ignore[call-arg]
    assert bot.shard_ids == [2, 3] and bot.shard_count == 4
    assert str(bot.owned) == "shards 2-3 of 4"
    assert bot.listener is None  # SQLite carries no news between processes


def test_run_refuses_a_share_of_shards_on_sqlite(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "c.db"))
    monkeypatch.setenv("CHICAGO_SHARD_IDS", "0")
    monkeypatch.setenv("CHICAGO_SHARD_COUNT", "2")
    assert main(["run"]) == 2
    out = capsys.readouterr()
    assert "invalid settings" in out.err and "an SQLite file takes one bot process" in out.err
    assert len(out.err.strip().splitlines()) == 1
