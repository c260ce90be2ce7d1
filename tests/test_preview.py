"""`chicago-bot preview` serves the real bot's channel on loopback: started as a user
would start it, its page fetched without a browser, and stopped with a signal."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli import preview as preview_cli

STARTUP = 60.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def read_url(process: subprocess.Popen[str]) -> str:
    """The address the command prints, waiting for it as a user would."""
    return read_start(process)[0]


def read_start(process: subprocess.Popen[str]) -> tuple[str, list[str]]:
    """The address the command prints and the lines it printed before it. Read from the
    pipe itself, a chunk at a time: a buffered readline could hold the address line
    back while `select` waits for more."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    deadline = time.monotonic() + STARTUP
    pending = b""
    before: list[str] = []
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in (raw.decode() for raw in lines):
            if " open http://127.0.0.1:" in line:
                return line.split(" open ", 1)[1].strip(), before
            before.append(line)
    raise AssertionError(f"no address printed (exit {process.poll()})")


def page_state(url: str) -> dict[str, Any]:
    """What the page's script loads first: the channel as its first viewer sees it."""
    origin, capability = url.split("/#", 1)
    request = urllib.request.Request(
        f"{origin}/api/pages",
        data=json.dumps({}).encode(),
        headers={"Content-Type": "application/json", "X-Simcord-Capability": capability},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        state: dict[str, Any] = json.load(answer)
    return state


@contextlib.contextmanager
def running(*options: str) -> Iterator[subprocess.Popen[str]]:
    """`chicago-bot preview` started as a user would start it; killed if a test fails
    before `stop`."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "preview", *options, "--seed", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def stop(process: subprocess.Popen[str]) -> None:
    """Ctrl-C, as a user ends it: it ends cleanly and says so."""
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "preview ended" in out


def test_preview_serves_the_channel_with_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "preview.db"
    options = ["--bosses", "2", "--players", "alice,bob", "--port", str(port), "--db", str(db)]
    with running(*options) as process:
        url = read_url(process)
        assert url.startswith(f"http://127.0.0.1:{port}/#")
        with urllib.request.urlopen(url.split("#")[0], timeout=10) as answer:
            assert answer.status == 200
            assert "<html" in answer.read().decode().lower()
        text = json.dumps(page_state(url), ensure_ascii=False)
        assert "a new match is forming" in text
        assert "Join as boss" in text and "Start" in text
        assert "alice" in text and "bob" in text
        stop(process)
    assert db.exists()


def test_without_the_extra_one_line_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(preview_cli, "missing", lambda modules: ["aiohttp"])
    assert main(["preview"]) == 1
    out = capsys.readouterr().out
    assert out == "chicago-bot preview needs the preview extra: pip install '.[preview]'\n"


@pytest.mark.parametrize(
    "args",
    [["--players", "a,b,c", "--bosses", "2", "--players", "a,b,c,d"], ["--timer", "5"]],
)
def test_bad_options_are_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--computer-delay", "100"], "100 is not between 0 and 30 seconds"),
        (["--computer-delay", "-1"], "-1 is not between 0 and 30 seconds"),
        (["--db", "/nonexistent/dir/x.db"], "directory /nonexistent/dir does not exist"),
        (["--db", "{tmp}/notes.db"], "it is not an SQLite database"),
        (["--port", "{busy}"], "cannot listen there"),
    ],
)
def test_what_a_person_must_fix_is_one_line_and_exit_2(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.db").write_text("shopping: bread, milk\n" * 20)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        filled = [a.format(tmp=tmp_path, busy=port) for a in args]
        code: object
        try:
            code = main(["preview", *filled])
        except SystemExit as exit_:
            code = exit_.code  # argparse's own errors
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("chicago-bot preview: error: ") and err.count("\n") == 1, err
    assert said in err


async def test_clicks_while_computer_moves_arrive_are_answered(tmp_path: Path) -> None:
    """A click landing while the page is being republished used to get an HTTP error,
    which the page shows as "Action outcome uncertain" and never retries."""
    import aiohttp

    from bot.preview import OfflineServer, keep_current, seats_for

    server = OfflineServer(tmp_path / "p.db", ["guest"], computer_delay=0.05, seed=5)
    await server.start()
    operations: list[str | None] = []
    begin = server.env._begin_operation

    def watched(label: str) -> None:
        current = asyncio.current_task()
        operations.append(current.get_name() if current else None)
        begin(label)

    server.env._begin_operation = watched  # type: ignore[method-assign]
    try:
        await server.open_match(2, ["guest"], seats_for(2, 1, "normal"))
        viewers = list(server.members.values())
        async with server.env.preview(
            server.channel, viewers=viewers, layout="channel", port=0
        ) as preview:
            keeper = asyncio.create_task(keep_current(server, preview, tick=0.01), name="keeper")
            statuses = await click_through(aiohttp, preview.url, clicks=6)
            keeper.cancel()
    finally:
        await server.close()
    assert statuses and set(statuses) == {200}, statuses
    assert "keeper" not in operations


CHOICES = ("Start", "Roll", "Pass", "Pay", "Bribe", "Withdraw", "Reject", "Fight")


def enabled_controls(node: Any) -> list[tuple[str, str]]:
    """(label, control key) of every enabled control on the page, in page order."""
    if isinstance(node, list):
        return [c for item in node for c in enabled_controls(item)]
    if not isinstance(node, dict):
        return []
    own = []
    if node.get("control_key") and node.get("label") and not node.get("disabled"):
        own = [(str(node["label"]), str(node["control_key"]))]
    return own + [c for value in node.values() for c in enabled_controls(value)]


def click_body(page: dict[str, Any], key: str, sequence: int) -> dict[str, Any]:
    """The page's own request for a click on the control `key`."""
    return {
        "protocol_version": 3,
        "kind": "click",
        "sequence": sequence,
        "request_id": f"click-{sequence}",
        "generation": page["context"]["generation"],
        "bot_generation": page["botGeneration"],
        "published_revision": page["publishedRevision"],
        "control_key": key,
        "target_id": key.split(":")[1],
    }


async def click_through(aiohttp: Any, url: str, clicks: int) -> list[int]:
    """Click the page's choices as a player would, as fast as the page lets one;
    the HTTP status of every click."""
    origin, capability = url.split("/#", 1)
    statuses: list[int] = []
    async with aiohttp.ClientSession() as http:
        headers = {"X-Simcord-Capability": capability}
        async with http.post(f"{origin}/api/pages", json={}, headers=headers) as answer:
            headers["X-Simcord-Context"] = (await answer.json())["context"]["id"]
        sequence = 1
        deadline = time.monotonic() + 30
        while len(statuses) < clicks and time.monotonic() < deadline:
            async with http.get(f"{origin}/api/state", headers=headers) as answer:
                page = await answer.json()
            found = [c for c in enabled_controls(page) if c[0].startswith(CHOICES)]
            if not found:
                await asyncio.sleep(0.02)
                continue
            _, key = found[-1]
            body = click_body(page, key, sequence)
            async with http.post(f"{origin}/api/action", json=body, headers=headers) as answer:
                statuses.append(answer.status)
                if answer.status == 200:
                    sequence = (await answer.json()).get("expectedSequence", sequence) + 1
    return statuses


async def test_pages_the_browser_left_are_released_after_90_seconds(tmp_path: Path) -> None:
    """simcord serves 16 pages and keeps a left one for ten minutes: reloading often
    locked the page out ("Unavailable channel"). A page silent for 90 s is released."""
    import simcord

    from bot.preview import PAGE_LEASE_SECONDS, OfflineServer, release_pages_sooner

    server = OfflineServer(tmp_path / "p.db", ["guest"])
    await server.start()
    try:
        viewers = list(server.members.values())
        preview = server.env.preview(server.channel, viewers=viewers, layout="channel", port=0)
        release_pages_sooner(preview)
        async with preview:
            opened = [preview._open_page() for _ in range(16)]
            with pytest.raises(simcord.SetupError, match="page limit"):
                preview._open_page()
            for page in opened:  # as if the browser had left them that long ago
                page.last_activity -= PAGE_LEASE_SECONDS + 1
            preview._open_page()
    finally:
        await server.close()


async def click_label(aiohttp: Any, url: str, wanted: str, shows: str) -> str:
    """Through the page as its player would: wait for an enabled control labelled
    `wanted`, click it, and wait until the channel shows `shows`; the page's text then."""
    origin, capability = url.split("/#", 1)
    async with aiohttp.ClientSession() as http:
        headers = {"X-Simcord-Capability": capability}
        async with http.post(f"{origin}/api/pages", json={}, headers=headers) as answer:
            headers["X-Simcord-Context"] = (await answer.json())["context"]["id"]
        deadline = time.monotonic() + 30
        clicked = False
        while time.monotonic() < deadline:
            async with http.get(f"{origin}/api/state", headers=headers) as answer:
                page = await answer.json()
            text = json.dumps(page, ensure_ascii=False)
            if clicked and shows in text:
                return text
            found = [key for label, key in enabled_controls(page) if label == wanted]
            if clicked or not found:
                await asyncio.sleep(0.05)
                continue
            body = click_body(page, found[-1], 1)
            async with http.post(f"{origin}/api/action", json=body, headers=headers) as answer:
                assert answer.status == 200, await answer.text()
            clicked = True
    raise AssertionError(f"no {wanted!r} to click, or {shows!r} never shown")


async def test_preview_game_turf_opens_a_turf_table_and_plays_by_clicks(tmp_path: Path) -> None:
    """`--game turf`: a Turf lobby with a computer seat; Start and a legwork button,
    clicked through the page, play the match on."""
    import aiohttp

    port = free_port()
    with running(
        "--game", "turf", "--seats", "2", "--port", str(port), "--computer-delay", "0"
    ) as process:
        url = read_url(process)
        lobby = json.dumps(page_state(url), ensure_ascii=False)
        assert "Turf" in lobby and "Join as police" not in lobby, lobby[:2000]
        assert "Normal player" in lobby or "🤖" in lobby
        begun = await click_label(aiohttp, url, "Start", "legwork")
        assert "seats the players" in begun
        played = await click_label(
            aiohttp, url, "Word on the street", "guest sends 2 thugs for word on the street"
        )
        assert "draws a card" in played
        stop(process)


def test_preview_turf_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", "--game", "turf", "--seats", "2", "--players", "a,b,c"]) == 2
    assert "3 players, but the table has 2 seats" in capsys.readouterr().err
    assert main(["preview", "--game", "turf", "--level", "hard"]) == 2
    assert "Turf has no hard level" in capsys.readouterr().err


def test_a_preview_stopped_with_sigterm_is_picked_up_again(tmp_path: Path) -> None:
    """`preview --db FILE` again after the first was stopped (SIGTERM, as `kill` or a
    closed terminal does; also with the lock file left behind) shows the same lobby."""
    db = tmp_path / "p.db"
    options = ["--bosses", "2", "--players", "alice,bob", "--port", str(free_port()), "--db"]
    for run in range(2):
        with running(*options, str(db)) as process:
            url, before = read_start(process)
            assert any("picked up again" in line for line in before) == (run == 1), before
            text = json.dumps(page_state(url), ensure_ascii=False)
            assert "a new match is forming" in text and "Start" in text, run
            assert "alice" in text and "bob" in text
            process.send_signal(signal.SIGTERM)
            _, err = process.communicate(timeout=30)
            assert process.returncode == 0 and "Traceback" not in err, err
        options[-2] = str(free_port())


async def test_a_running_match_is_picked_up_with_its_prompt(tmp_path: Path) -> None:
    """A match started in a preview stopped with SIGTERM is played on in the next one on
    the same --db: its prompt is back, with its buttons."""
    import aiohttp

    db = tmp_path / "p.db"
    for run in range(2):
        options = ("--players", "guest", "--computer-delay", "0", "--port", str(free_port()))
        with running(*options, "--db", str(db)) as process:
            url = read_url(process)
            if run == 0:
                await click_label(aiohttp, url, "Start", "your turn")
            text = json.dumps(page_state(url), ensure_ascii=False)
            said = re.findall(r'"content": "([^"]*)"', text)
            assert "your turn" in text and "Full board" in text, (run, said)
            process.send_signal(signal.SIGTERM)
            _, err = process.communicate(timeout=30)
            assert process.returncode == 0 and "Traceback" not in err, err
