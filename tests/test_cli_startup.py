"""`chicago-bot COMMAND --help` loads no game: no rules beyond a game's `limits`, nothing
of a game's package in `bot/` but the default game's declared option words
(`cli_options`, read from those limits), no pictures, no Discord, no database driver. Each command's
heavy imports wait until it runs, so asking for help stays as quick as plain `--help`.
The time is printed (a figure to read, never asserted: the machine may be busy)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import SUBCOMMANDS
from bot.game_keys import GAME_PACKAGES

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = {package.rpartition(".")[2] for package in GAME_PACKAGES} | {"bootleg", "empire"}
# `preview --help` lists every game's levels, match lengths and seat counts, which it
# reads from the games themselves.
READS_THE_GAMES = {"preview"}

PROBE = """
import json, sys, time
from bot.cli import main
start = time.perf_counter()
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "modules": sorted(sys.modules)}),
      file=sys.stderr)
"""


def heavy(module: str) -> bool:
    """A module `--help` has no need of."""
    parts = module.split(".")
    if parts[0] in ("discord", "PIL", "pydantic", "aiosqlite", "asyncpg"):
        return True
    if parts[0] == "engine" and len(parts) > 1:
        # A game's rules package may be opened for its `limits`, and nothing more.
        return parts[1] == "common" or parts[2:] not in ([], ["limits"])
    if parts[0] == "bot" and len(parts) > 1 and parts[1] in GAME_NAMES:
        return parts[2:] not in ([], ["cli_options"])
    return parts[0] == "bot" and len(parts) > 1 and parts[1] == "pictures"


def loaded_by(args: list[str]) -> tuple[float, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    found = json.loads(result.stderr.strip().splitlines()[-1])
    return found["ms"], found["modules"]


def test_the_probe_sees_a_heavy_import() -> None:
    assert heavy("engine.chicago.flow") and heavy("bot.chicago.game") and heavy("discord")
    assert heavy("engine.common.events") and heavy("bot.pictures.text")
    assert not heavy("engine.chicago.limits") and not heavy("bot.cli.demo")
    _, modules = loaded_by(["preview", "--help"])
    assert any(heavy(m) for m in modules)  # the probe would see it


@pytest.mark.parametrize(
    "command", [name for name, _, _ in SUBCOMMANDS if name not in READS_THE_GAMES]
)
def test_help_loads_no_game(command: str) -> None:
    ms, modules = loaded_by([command, "--help"])
    plain_ms, _ = loaded_by(["--help"])
    print(f"{command} --help: {ms:.1f} ms in the command line (plain --help {plain_ms:.1f} ms)")
    assert [m for m in modules if heavy(m)] == []
