"""`chicago-bot preview` serves the real bot's channel on loopback: started as a user
would start it, its page fetched without a browser, and stopped with a signal."""

from __future__ import annotations

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
