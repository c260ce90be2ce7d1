"""The container image and the deployment examples: the Dockerfile is parsed and its
essentials checked (slim base, non-root user, data volume, health check, no secrets,
the project installed from pyproject.toml); `docker build` runs where a Docker daemon
answers, and says why it is skipped where none does."""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from bot.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[1]
SECRET_WORDS = re.compile(r"TOKEN|SECRET|PASSWORD|API_KEY", re.IGNORECASE)


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = (ROOT / "Dockerfile").read_text()
    joined = re.sub(r"\\\n", " ", text)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        found.append((word.upper(), rest.strip()))
    return found


def test_slim_base_and_non_root_user() -> None:
    steps = instructions()
    bases = [args for word, args in steps if word == "FROM"]
    assert bases and all("slim" in base for base in bases), bases
    users = [args for word, args in steps if word == "USER"]
    assert users and users[-1] not in ("root", "0", "0:0"), users
    last_user = max(i for i, (word, _) in enumerate(steps) if word == "USER")
    cmd = max(i for i, (word, _) in enumerate(steps) if word in ("CMD", "ENTRYPOINT"))
    assert last_user < cmd, "the bot must start as the non-root user"


def test_the_database_lives_on_a_volume() -> None:
    steps = instructions()
    volumes = [args for word, args in steps if word == "VOLUME"]
    assert volumes
    env = " ".join(args for word, args in steps if word == "ENV")
    db = re.search(r"CHICAGO_DB=(\S+)", env)
    assert db, "CHICAGO_DB must point into the volume"
    assert any(Path(db[1]).parent.as_posix() in v for v in volumes), (db[1], volumes)


def test_a_health_check_that_asks_the_bot() -> None:
    checks = [args for word, args in instructions() if word == "HEALTHCHECK"]
    assert len(checks) == 1 and "chicago-bot" in checks[0] and "--alive" in checks[0]
    assert "doctor" in dict(((n, m) for n, m, _ in SUBCOMMANDS))


def test_no_secrets_in_the_image() -> None:
    for word, args in instructions():
        if word in ("ENV", "ARG", "LABEL"):
            assert not SECRET_WORDS.search(args), f"{word} {args}"
        if word in ("COPY", "ADD"):
            assert ".env" not in shlex.split(args), f"{word} {args}"
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    for pattern in (".env", "*.db", ".venv", ".git"):
        assert pattern in ignored, pattern


def test_installs_the_project_from_pyproject() -> None:
    steps = instructions()
    copied = " ".join(args for word, args in steps if word == "COPY")
    assert "pyproject.toml" in copied
    runs = " ".join(args for word, args in steps if word == "RUN")
    assert re.search(r"pip install [^&]*\s\.(\s|$)", runs), runs
    assert "requirements" not in runs, "dependencies come from pyproject.toml only"
    # Every package pyproject.toml lists is copied into the build.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    setuptools = project["tool"]["setuptools"]
    where = setuptools.get("package-dir", {})
    folders = {where.get(p.split(".")[0], p.split(".")[0]) for p in setuptools["packages"]}
    for folder in folders:
        assert re.search(rf"\b{folder}\b", copied), f"{folder}/ is not copied"


def test_compose_and_systemd_examples() -> None:
    compose = (ROOT / "deploy" / "compose.yaml").read_text()
    for needed in ("build: ..", "env_file:", ":/data", "restart:", "stop_grace_period:"):
        assert needed in compose, needed
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(ROOT / "deploy" / "chicago-bot.service")
    service = unit["Service"]
    assert service["ExecStart"].endswith("chicago-bot run")
    assert service["User"] != "root" and service["KillSignal"] == "SIGTERM"
    assert "EnvironmentFile" in service and "Restart" in service


def test_the_procfile_runs_the_bot() -> None:
    lines = [
        line
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == ["worker: chicago-bot run"]


def docker_answers() -> str | None:
    """Why `docker build` cannot run here, or None when a daemon answers."""
    if shutil.which("docker") is None:
        return "no docker command on this machine"
    try:
        info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"docker does not answer ({exc})"
    if info.returncode != 0:
        return "the Docker daemon is not running here (docker info failed)"
    return None


def test_hadolint_if_installed() -> None:
    if shutil.which("hadolint") is None:
        pytest.skip("hadolint is not installed; the Dockerfile is checked by the tests above")
    done = subprocess.run(["hadolint", str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_docker_build() -> None:
    reason = docker_answers()
    if reason is not None:
        pytest.skip(f"docker build not run: {reason}")
    done = subprocess.run(
        ["docker", "build", "--quiet", "-t", "chicago-bot:test", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    user = subprocess.run(
        ["docker", "run", "--rm", "--entrypoint", "id", "chicago-bot:test", "-u"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert user.stdout.strip() not in ("", "0")
