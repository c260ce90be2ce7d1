"""`chicago-bot preview` serves the real bot's channel on loopback: started as a user
would start it, its page fetched without a browser, and stopped with a signal."""

from __future__ import annotations

import asyncio
import json
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request
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
    assert process.stdout is not None
    deadline = time.monotonic() + STARTUP
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([process.stdout], [], [], left)
        if not ready:
            break
        line = process.stdout.readline()
        if " open http://127.0.0.1:" in line:
            return line.split(" open ", 1)[1].strip()
        if not line and process.poll() is not None:
            break
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


def test_preview_serves_the_channel_with_the_lobby(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "preview.db"
    options = ["--bosses", "2", "--players", "alice,bob", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "preview", *options, "--seed", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = read_url(process)
        assert url.startswith(f"http://127.0.0.1:{port}/#")
        with urllib.request.urlopen(url.split("#")[0], timeout=10) as answer:
            assert answer.status == 200
            assert "<html" in answer.read().decode().lower()
        text = json.dumps(page_state(url), ensure_ascii=False)
        assert "a new match is forming" in text
        assert "Join as boss" in text and "Start" in text
        assert "alice" in text and "bob" in text
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert "preview ended" in out
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
            body = {
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
