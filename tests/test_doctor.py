"""`chicago-bot doctor` on a good setup and on each kind of broken one: every problem
is one line with its fix, the exit code is non-zero, and the token is never printed."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections import namedtuple
from pathlib import Path

import pytest

from bot import doctor
from bot.cli import main
from bot.store import SCHEMA_VERSION, SqliteStore

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"
SECRET_PART = "abcdefghijklmnopqrstuvwxyz0123"


@pytest.fixture(autouse=True)
def environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("DISCORD_TOKEN", "CHICAGO_DB", "CHICAGO_TURN_TIMER", "CHICAGO_HEARTBEAT_FILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    db = tmp_path / "chicago.db"
    monkeypatch.setenv("CHICAGO_DB", str(db))
    return db


def doctor_says(capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["doctor"])
    out = capsys.readouterr()
    text = out.out + out.err
    assert SECRET_PART not in text and TOKEN not in text
    assert "Traceback" not in text
    return code, text


def problems(text: str) -> list[str]:
    lines = [line for line in text.splitlines() if line.startswith("✗")]
    assert all(" — fix: " in line for line in lines), lines
    return lines


def make_database(path: Path) -> None:
    async def create() -> None:
        async with SqliteStore(path) as store:
            await store.create_match(1, 2, 3, {"bosses": 2}, 7)

    asyncio.run(create())


def test_a_good_setup(capsys: pytest.CaptureFixture[str], environment: Path) -> None:
    make_database(environment)
    code, text = doctor_says(capsys)
    assert code == 0, text
    assert not problems(text)
    assert f"schema {SCHEMA_VERSION}" in text and "the database checks out" in text
    assert "bot id 123456789012345678" in text
    assert "discord.py" in text and "Python" in text and "SQLite" in text
    assert "a board picture draws" in text


def test_a_new_database_is_fine(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = doctor_says(capsys)
    assert code == 0 and "will be created" in text


def test_no_token(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISCORD_TOKEN")
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("DISCORD_TOKEN is not set" in line for line in problems(text))


@pytest.mark.parametrize(
    ("token", "said"),
    [
        (f"Bot {TOKEN}", "starts with 'Bot '"),
        (f'"{TOKEN}"', "wrapped in quotes"),
        ("123456789012345678", "the application id"),
        ("a" * 32, "client secret"),
        ("MTIz.abc", "three parts"),
        (f"xx{TOKEN[2:]}", "not a bot id"),
    ],
)
def test_tokens_of_the_wrong_shape(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], token: str, said: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    code, text = doctor_says(capsys)
    assert code == 2
    found = problems(text)
    assert len(found) == 1 and said in found[0], found
    assert token not in text


def test_a_bad_setting(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CHICAGO_TURN_TIMER", "5")
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("CHICAGO_TURN_TIMER" in line for line in problems(text))


def test_a_missing_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "nowhere" / "chicago.db"))
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("does not exist" in line for line in problems(text))


def test_a_database_that_cannot_be_written(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    make_database(environment)
    monkeypatch.setattr("bot.store.diagnose.os.access", lambda *_args, **_kw: False)
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("not writable" in line for line in problems(text))


def test_a_file_that_is_not_a_database(
    capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    environment.write_bytes(b"hello, this is a text file and not a database" * 10)
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("damaged" in line for line in problems(text))


def test_a_damaged_database(capsys: pytest.CaptureFixture[str], environment: Path) -> None:
    with sqlite3.connect(environment) as db:
        db.execute("CREATE TABLE t (x TEXT)")
        db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        db.execute("CREATE INDEX t_x ON t(x)")
    db.close()
    data = bytearray(environment.read_bytes())
    page = 4096
    for start in range(2 * page, len(data) - page, 3 * page):
        data[start + 8 : start + 200] = b"\xff" * 192
    environment.write_bytes(bytes(data))
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("damaged" in line or "cannot be read" in line for line in problems(text))


def test_a_database_from_a_newer_release(
    capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    make_database(environment)
    with sqlite3.connect(environment) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("newer release" in line and "upgrade" in line for line in problems(text))


def test_a_full_disk(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr("bot.doctor.shutil.disk_usage", lambda _p: usage(10**9, 10**9, 5 * 2**20))
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("only 5 MB free" in line for line in problems(text))


def test_missing_assets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(doctor, "FONTS", (*doctor.FONTS, "Missing.ttf"))
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("Missing.ttf" in line and "reinstall" in line for line in problems(text))


def test_alive_reads_the_heartbeat(capsys: pytest.CaptureFixture[str], environment: Path) -> None:
    beat = environment.with_name("chicago.db.alive")
    assert main(["doctor", "--alive"]) == 1  # not running
    beat.write_text(json.dumps({"time": time.time(), "ready": True, "matches": 0}))
    assert main(["doctor", "--alive"]) == 0
    beat.write_text(json.dumps({"time": time.time() - 600, "ready": True, "matches": 0}))
    assert main(["doctor", "--alive"]) == 1
    beat.write_text(json.dumps({"time": time.time(), "ready": False, "matches": 0}))
    assert main(["doctor", "--alive"]) == 1
    assert "not connected" in capsys.readouterr().err


def test_each_fix_is_said_once(capsys: pytest.CaptureFixture[str], environment: Path) -> None:
    environment.write_bytes(b"hello, this is a text file and not a database" * 10)
    _, text = doctor_says(capsys)
    (line,) = problems(text)
    assert line.count("restore it from a backup") == 1, line


def test_a_settings_file_that_is_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "bad.env").write_bytes(b"DISCORD_TOKEN=\xff\n")
    code = main(["doctor", "--env-file", "bad.env"])
    out = capsys.readouterr()
    assert code == 2 and "Traceback" not in out.err
    (line,) = problems(out.out)
    assert "bad.env is not UTF-8 text: byte 14 (line 1) is 0xff" in line


def test_an_sqlite_file_of_another_program(
    capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    with sqlite3.connect(environment) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
    db.close()
    code, text = doctor_says(capsys)
    assert code == 2
    assert any("of another program" in line for line in problems(text))


def test_special_characters_in_the_path(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "x"
    folder.mkdir()
    db = folder / "a#b?c.db"
    make_database(db)
    monkeypatch.setenv("CHICAGO_DB", str(db))
    code, text = doctor_says(capsys)
    assert code == 0, text
    assert f"schema {SCHEMA_VERSION}" in text
    assert sorted(p.name for p in folder.iterdir()) == ["a#b?c.db"]


def test_no_wal_or_shm_left_behind(capsys: pytest.CaptureFixture[str], environment: Path) -> None:
    make_database(environment)
    before = sorted(p.name for p in environment.parent.iterdir())
    assert main(["doctor"]) == 0
    assert sorted(p.name for p in environment.parent.iterdir()) == before


def test_a_database_another_bot_is_using(
    capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    from bot.store.instance_lock import InstanceLock

    make_database(environment)
    with InstanceLock(environment, "chicago-bot run"):
        code, text = doctor_says(capsys)
    assert code == 2
    (line,) = problems(text)
    assert "in use by chicago-bot run (pid" in line and "restore" not in line


def test_a_database_another_process_is_writing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], environment: Path
) -> None:
    import subprocess
    import sys

    make_database(environment)
    monkeypatch.setattr(doctor, "BUSY_TIMEOUT", 0.2)
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "db.execute('BEGIN IMMEDIATE')\n"
            "print('writing', flush=True); sys.stdin.read()",
            str(environment),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
        code, text = doctor_says(capsys)
    finally:
        writer.communicate("")
    assert code == 2
    (line,) = problems(text)
    assert f"locked by another process (pid {writer.pid} (python" in line, line
    assert "restore" not in line
