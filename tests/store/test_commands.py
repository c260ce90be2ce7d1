"""`chicago-bot backup` and `chicago-bot prune` on both stores: consistent copies while
the bot writes (a PostgreSQL backup is an SQLite file), pruning that keeps results,
one-line errors with exit codes 2 (bad input) and 1."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.store import SqliteStore, StoreError, backup_database, load_state
from bot.store.location import open_store
from tests.store.helpers import fetch_sql, finish, play, start


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


async def fill(location: str | Path, matches: int = 2, days_ago: float = 0.0) -> list[int]:
    def clock() -> float:
        return time.time() - days_ago * 86_400

    ids = []
    async with open_store(location, clock=clock) as store:
        for n in range(matches):
            match_id, state = await start(store, n, seed=n)
            await play(store, match_id, state, random.Random(n), 10_000)
            await finish(store, match_id, state)
            ids.append(match_id)
    return ids


async def test_backup_is_consistent_while_the_bot_writes(
    location: str | Path, tmp_path: Path
) -> None:
    copy = tmp_path / "copy.db"
    async with open_store(location) as store:
        match_id, state = await start(store, 1, seed=5)
        rng = random.Random(5)
        await play(store, match_id, state, rng, 75)
        # The backup starts once the writer has committed again, and the writer goes
        # on committing while the copy is made.
        committed = asyncio.Event()
        append = store.append_decisions

        async def append_and_tell(*args: Any, **kwargs: Any) -> None:
            await append(*args, **kwargs)
            committed.set()

        store.append_decisions = append_and_tell  # type: ignore[method-assign]
        writing = asyncio.create_task(play(store, match_id, state, rng, 75))
        await committed.wait()
        await store.backup(copy)
        await writing
    with sqlite3.connect(copy) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    raw.close()
    assert not (tmp_path / "copy.db-wal").exists()
    async with SqliteStore(copy) as restored:
        stored = await restored.load(match_id)
        seqs = [d.seq for d in stored.full_log]
        assert seqs == list(range(len(seqs))) and 76 <= len(seqs) <= 150
        await load_state(restored, match_id)  # replays without a warning or an error


def test_backup_command(
    location: str | Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ids = asyncio.run(fill(location))
    dest = tmp_path / "backup.db"
    assert main(["backup", str(dest), "--db", str(location)]) == 0
    assert f"backed up {location} to {dest}" in capsys.readouterr().out
    with sqlite3.connect(dest) as raw:
        assert raw.execute("SELECT count(*) FROM results").fetchone() == (2,)
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    raw.close()
    assert not (tmp_path / "backup.db-wal").exists()

    async def replays() -> None:
        async with SqliteStore(dest) as copy:
            for match_id in ids:
                assert (await load_state(copy, match_id)).result is not None

    asyncio.run(replays())
    assert main(["backup", str(dest), "--db", str(location)]) == 2
    assert "already exists" in one_line_error(capsys)


def test_backup_command_refuses_what_it_cannot_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "chicago.db"
    asyncio.run(fill(db, matches=1))
    dest = tmp_path / "backup.db"
    assert main(["backup", str(dest), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["backup", str(dest), "--db", str(db)]) == 2
    assert "already exists" in one_line_error(capsys)
    assert main(["backup", str(tmp_path / "b2.db"), "--db", str(tmp_path / "none.db")]) == 2
    assert "does not exist" in one_line_error(capsys)
    assert main(["backup", str(tmp_path / "no" / "b.db"), "--db", str(db)]) == 2
    one_line_error(capsys)

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 100)
    assert main(["backup", str(tmp_path / "b3.db"), "--db", str(junk)]) == 1
    assert "damaged" in one_line_error(capsys)
    assert not (tmp_path / "b3.db").exists()
    assert not (tmp_path / "b3.db.partial").exists()


def test_backup_reads_the_database_from_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "elsewhere.db"
    asyncio.run(fill(db, matches=1))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHICAGO_DB", str(db))
    assert main(["backup", "copy.db"]) == 0
    assert f"backed up {db}" in capsys.readouterr().out


def test_prune_command(location: str | Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = asyncio.run(fill(location, matches=2, days_ago=40))
    assert main(["prune", "--older-than", "30", "--db", str(location)]) == 0
    out = capsys.readouterr().out
    assert "removed 2 finished match(es)" in out and "2 result(s) kept" in out
    assert main(["prune", "--older-than", "30", "--db", str(location)]) == 0
    assert "removed 0 finished match(es)" in capsys.readouterr().out

    async def left() -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
        async with open_store(location) as store:
            matches = await fetch_sql(store, "SELECT count(*) FROM matches")
            kept = await fetch_sql(store, "SELECT match_id FROM results ORDER BY 1")
        return matches, kept

    matches, kept = asyncio.run(left())
    assert matches == [(0,)]
    assert [r[0] for r in kept] == old


@pytest.mark.parametrize("days", ["soon", "-1", "nan"])
def test_prune_rejects_bad_days(days: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["prune", "--older-than", days])
    assert info.value.code == 2
    one_line_error(capsys)


def test_prune_reports_a_missing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["prune", "--older-than", "1", "--db", str(tmp_path / "none.db")]) == 2
    assert "does not exist" in one_line_error(capsys)


def test_backup_and_prune_on_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["backup", str(tmp_path / "copy.db"), "--db", str(tmp_path)]) == 2
    assert "is a directory" in one_line_error(capsys)
    assert main(["prune", "--older-than", "1", "--db", str(tmp_path)]) == 2
    assert "is a directory" in one_line_error(capsys)


def hold(db: Path, *statements: str) -> subprocess.Popen[str]:
    """Another process with `db` open, having run `statements`, until told to stop."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "for statement in sys.argv[2:]:\n"
            "    db.execute(statement).fetchall()\n"
            "print('holding', flush=True); sys.stdin.read()",
            str(db),
            *statements,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
    return holder


@pytest.mark.parametrize(
    "statements",
    [
        ("PRAGMA locking_mode = EXCLUSIVE", "BEGIN EXCLUSIVE", "SELECT * FROM results"),
        ("PRAGMA journal_mode = DELETE", "BEGIN EXCLUSIVE", "DELETE FROM results"),
    ],
    ids=["exclusive-locking-mode", "exclusive-transaction"],
)
def test_backup_of_a_locked_database_gives_up(tmp_path: Path, statements: tuple[str, ...]) -> None:
    db = tmp_path / "chicago.db"
    asyncio.run(fill(db, matches=1))
    holder = hold(db, *statements)
    try:
        with pytest.raises(StoreError, match="locked by another process"):
            backup_database(db, tmp_path / "copy.db", busy_timeout=0.2)
    finally:
        holder.communicate("")
    assert not (tmp_path / "copy.db").exists()
    assert not (tmp_path / "copy.db.partial").exists()


@pytest.mark.parametrize("writable_by_us", [True, False])
def test_backup_of_a_read_only_database_leaves_nothing_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writable_by_us: bool
) -> None:
    if not writable_by_us:  # as for anyone but root
        monkeypatch.setattr("bot.store.read_only.may_write", lambda _path: False)
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "chicago.db"
    asyncio.run(fill(db, matches=1))
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    raw.close()
    db.chmod(0o444)
    try:
        backup_database(db, tmp_path / "copy.db")
    finally:
        db.chmod(0o644)
    assert sorted(p.name for p in folder.iterdir()) == ["chicago.db"]
    assert (tmp_path / "copy.db").stat().st_size > 0
