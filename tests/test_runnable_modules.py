"""Every module that can be run answers `--help` with its usage and does nothing else;
every `python -m MODULE` the code's docstrings or the README tell of names such a
module (a library module run by mistake would print nothing and exit 0)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUARD = re.compile(r'^if __name__ == "__main__":', re.M)
TOLD = re.compile(r"python -m ((?:bot|engine)(?:\.[a-z_]+)*)")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] in ("__init__", "__main__") else parts)


def sources() -> list[Path]:
    return sorted(p for top in ("bot", "engine") for p in (ROOT / top).rglob("*.py"))


def runnable(path: Path) -> bool:
    """A module with a `__main__` guard, or a package's `__main__.py` (`python -m pkg`)."""
    return path.name == "__main__.py" or (
        path.name != "__init__.py" and bool(GUARD.search(path.read_text(encoding="utf-8")))
    )


RUNNABLE = sorted({module_name(p) for p in sources() if runnable(p)})


def test_the_runnable_modules_are_found() -> None:
    assert {"bot", "bot.preview_shots", "bot.turf.preview_shots"} <= set(RUNNABLE)


def test_no_package_has_a_guard_it_cannot_run() -> None:
    """`python -m pkg` runs `pkg/__main__.py`, never a guard in `pkg/__init__.py`."""
    dead = [p for p in sources() if p.name == "__init__.py" and GUARD.search(p.read_text())]
    assert not dead, dead


@pytest.mark.parametrize("module", RUNNABLE)
def test_every_runnable_module_answers_help(module: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: "), result.stdout or result.stderr
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.iterdir()), "--help wrote files"


def test_every_module_told_to_run_can_run() -> None:
    told: dict[str, str] = {}
    for path in [*sources(), ROOT / "README.md"]:
        for name in TOLD.findall(path.read_text(encoding="utf-8")):
            told.setdefault(name, str(path.relative_to(ROOT)))
    assert "bot.preview_shots" in told
    for name, where in told.items():
        assert name in RUNNABLE, f"{where} tells to run {name}, which has no __main__"
