"""The container image and the deployment examples: the Dockerfile is parsed and its
essentials checked (slim base, non-root user, data volume, health check, no secrets,
the project installed from pyproject.toml), hadolint finds nothing, and its install
step is replayed in a fresh venv; `docker build` runs where a Docker daemon answers,
and says why it is skipped where none does. The systemd unit against the exit codes."""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from bot.cli import SUBCOMMANDS, exit_codes

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
    # The PostgreSQL example: its own service and volume, and the address to switch to.
    for needed in ("image: postgres:", 'profiles: ["postgres"]', "chicago-postgres:/var/lib"):
        assert needed in compose, needed
    assert re.search(r"CHICAGO_DB: postgresql://\S+@postgres:5432/chicago", compose)
    service = unit_service()
    assert service["ExecStart"].endswith("chicago-bot run")
    assert service["User"] != "root" and service["KillSignal"] == "SIGTERM"
    assert "EnvironmentFile" in service and "Restart" in service


def test_compose_has_a_two_process_example() -> None:
    """Two bot services on the `postgres` service's database, with the same shard count
    and shards 0 and 1 (README, "Several bot processes")."""
    compose = (ROOT / "deploy" / "compose.yaml").read_text()
    services = re.split(r"\n  (?=[a-z][\w-]*:)", compose.split("\nservices:\n", 1)[1])
    shards = {s.split(":", 1)[0]: s for s in services if "CHICAGO_SHARD_IDS" in s}
    assert sorted(shards) == ["chicago-shard-0", "chicago-shard-1"]
    for number, (name, body) in enumerate(sorted(shards.items())):
        assert 'profiles: ["shards"]' in body, name
        assert re.search(r"CHICAGO_DB: postgresql://\S+@postgres:5432/chicago", body), name
        assert "CHICAGO_SHARD_COUNT: 2" in body, name
        assert f'CHICAGO_SHARD_IDS: "{number}"' in body, name
        assert "condition: service_healthy" in body, name


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


def test_hadolint_finds_nothing() -> None:
    """hadolint comes with the dev extra (`.ci/run` installs it and runs it too)."""
    hadolint = Path(sys.executable).with_name("hadolint")
    assert hadolint.exists(), "hadolint is missing: pip install -e '.[dev]'"
    done = subprocess.run([hadolint, ROOT / "Dockerfile"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"$venv/bin/hadolint" Dockerfile' in (ROOT / ".ci" / "run").read_text()


def unit_service() -> configparser.SectionProxy:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(ROOT / "deploy" / "chicago-bot.service")
    return unit["Service"]


def test_the_unit_restarts_exactly_on_what_may_pass() -> None:
    """The exit codes of `bot.cli.exit_codes` against the unit: a failure that may pass
    is restarted, something a person must fix is not, and no ExecStartPre= can fail
    (systemd would restart it whatever its exit code)."""
    service = unit_service()
    assert service["Restart"] == "on-failure"
    prevented = {int(code) for code in service["RestartPreventExitStatus"].split()}
    assert prevented == {exit_codes.MUST_FIX}
    assert exit_codes.FAILED not in prevented and exit_codes.OK not in prevented
    pre = [v for k, v in service.items() if k == "ExecStartPre"]
    assert all(command.startswith("-") for command in pre), pre
    readme = (ROOT / "README.md").read_text()
    for code in (exit_codes.OK, exit_codes.FAILED, exit_codes.MUST_FIX):
        assert f"| `{code}` |" in readme, f"exit code {code} is not in the README's table"


def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip(
            "systemd-analyze is not installed here (no systemd); the unit's restart rules "
            "are still checked by test_the_unit_restarts_exactly_on_what_may_pass"
        )
    installed = Path(sys.executable).with_name("chicago-bot")
    text = (ROOT / "deploy" / "chicago-bot.service").read_text()
    unit = tmp_path / "chicago-bot.service"
    unit.write_text(text.replace("/opt/chicago-bot/bin/chicago-bot", str(installed)))
    done = subprocess.run([analyze, "verify", unit], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), done.stderr


def dependency_closure(project: str = "chicago-1927") -> list[metadata.Distribution]:
    """The installed distributions `project` needs to run, and those they need."""
    found: dict[str, metadata.Distribution] = {}
    wanted = [project]
    while wanted:
        name = re.sub(r"[-_.]+", "-", wanted.pop()).lower()
        if name in found:
            continue
        try:
            found[name] = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # only needed on another Python or platform
        for requirement in found[name].requires or []:
            if "extra ==" not in requirement:
                wanted.append(re.split(r"[^A-Za-z0-9._-]", requirement, maxsplit=1)[0])
    del found[project]
    return list(found.values())


def lend_dependencies(venv: Path, folder: Path) -> None:
    """Make the runtime dependencies importable in `venv` through a .pth file that
    names a folder of links to exactly their files in this venv."""
    folder.mkdir()
    for dist in dependency_closure():
        for top in {f.parts[0] for f in dist.files or [] if f.parts[0] != ".."}:
            link = folder / top
            if not link.exists():
                link.symlink_to(Path(str(dist.locate_file(top))))
    (site_packages,) = venv.glob("lib/python3*/site-packages")
    (site_packages / "lent-dependencies.pth").write_text(f"{folder}\n")


def test_installing_as_the_dockerfile_does_gives_a_working_command(tmp_path: Path) -> None:
    """No Docker daemon here: the image's install step is replayed instead — the same
    files copied, the same pip command in a fresh venv — and the installed command run.
    The project's runtime dependencies are lent from this venv, so pip installs the
    project alone without fetching them again (a dependency missing from pyproject.toml
    is then missing there too)."""
    steps = instructions()
    install = next(args for word, args in steps if word == "RUN" and "pip install" in args)
    pip_command = install.split("&&")[0].split()
    assert pip_command[:2] == ["pip", "install"], install
    source = tmp_path / "src"
    source.mkdir()
    for word, args in steps[: steps.index(("RUN", install))]:
        if word == "COPY":
            *sources, target = shlex.split(args)
            for name in sources:
                place = source / (name if target.endswith("/") else target)
                if (ROOT / name).is_dir():
                    shutil.copytree(
                        ROOT / name, place, ignore=shutil.ignore_patterns("__pycache__")
                    )
                else:
                    shutil.copy2(ROOT / name, place)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=120)
    lend_dependencies(venv, tmp_path / "dependencies")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CHICAGO_", "DISCORD_"))}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--quiet", *pip_command[1:]]
    done = subprocess.run(pip, cwd=source, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    command = venv / "bin" / "chicago-bot"
    version = subprocess.run([command, "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("chicago-bot 0."), version
    heartbeat = tmp_path / "alive.json"
    env["CHICAGO_HEARTBEAT_FILE"] = str(heartbeat)
    alive: list[str | Path] = [command, "doctor", "--alive"]
    down = subprocess.run(alive, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert down.returncode == 1 and "no heartbeat" in down.stderr, down
    heartbeat.write_text(json.dumps({"time": time.time(), "ready": True, "matches": 0}))
    up = subprocess.run(alive, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert up.returncode == 0 and "alive: connected" in up.stdout, up


def test_docker_build() -> None:
    reason = docker_answers()
    if reason is not None:
        pytest.skip(
            f"docker build not run: {reason}; hadolint checks the Dockerfile and "
            "test_installing_as_the_dockerfile_does_gives_a_working_command runs its steps"
        )
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
