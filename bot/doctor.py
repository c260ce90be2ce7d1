"""`chicago-bot doctor`: everything a server admin should check before (or instead of)
reading a traceback — the settings, the token's shape, the database, the bundled
assets, the versions — each problem told with its fix in one line.

Read-only: it never connects to Discord, never changes the database (an older schema
is reported, not upgraded) and never prints the token.
"""

from __future__ import annotations

import base64
import binascii
import platform
import re
import shutil
import sqlite3
from collections.abc import Callable
from importlib import metadata
from importlib.resources import files
from pathlib import Path

from pydantic import ValidationError

from bot.findings import Finding as Finding
from bot.settings import Settings, SettingsFileError, load_settings
from bot.store import SCHEMA_VERSION, StoreError
from bot.store.diagnose import RESTORE_HINT, check_file, describe, foreign
from bot.store.instance_lock import holder as bot_holding
from bot.store.read_only import may_write, open_to_read

# Below this much free space next to the database, commits may soon fail.
MIN_FREE_BYTES = 200 * 1024 * 1024
# How long the checks wait for a database another process is writing.
BUSY_TIMEOUT = 2.0
TOKEN_PART = re.compile(r"[A-Za-z0-9_-]+")
DISTRIBUTIONS = ("chicago-1927", "discord.py", "pillow", "aiosqlite", "asyncpg", "pydantic")
FONTS = ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf")
PORTAL = "https://discord.com/developers/applications"


def token_problem(token: str, settings_file: Path | None = Path(".env")) -> tuple[str, str] | None:
    """What is wrong with a token's shape, and the fix (naming the settings file that
    was read); None when it looks like a bot token. The token itself never appears in
    either."""
    raw = token
    token = token.strip()
    if not token:
        where = settings_file or "the environment"
        return "DISCORD_TOKEN is not set", f"put the bot's token in {where} (Bot page at {PORTAL})"
    if token != raw:
        return "DISCORD_TOKEN has spaces around it", "remove the spaces or line breaks"
    if token[0] in "\"'" or token[-1] in "\"'":
        return "DISCORD_TOKEN is wrapped in quotes", "remove the quotes around the value"
    if token.lower().startswith("bot "):
        return "DISCORD_TOKEN starts with 'Bot '", "keep only the token, without 'Bot '"
    if token.isdigit():
        return (
            "DISCORD_TOKEN is a number: that is the application id, not the token",
            f"copy the token from the Bot page (Reset Token) at {PORTAL}",
        )
    parts = token.split(".")
    if len(parts) != 3 or not all(TOKEN_PART.fullmatch(p) for p in parts):
        hint = (
            "the client secret (OAuth2 page) is not the token"
            if len(parts) == 1 and len(token) == 32
            else "a bot token has three parts separated by dots"
        )
        return (
            f"DISCORD_TOKEN does not look like a bot token ({hint})",
            f"copy the token from the Bot page (Reset Token) at {PORTAL}",
        )
    if application_id(token) is None:
        return (
            "DISCORD_TOKEN's first part is not a bot id (a truncated copy?)",
            f"copy the whole token again from the Bot page at {PORTAL}",
        )
    return None


def application_id(token: str) -> int | None:
    """The bot's user id, which the token's first part encodes (not a secret)."""
    first = token.split(".")[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(decoded) if decoded.isdigit() and 15 <= len(decoded) <= 20 else None


def check_settings(env_file: Path | None) -> tuple[Settings | None, list[Finding]]:
    try:
        settings = load_settings(env_file)
    except SettingsFileError as exc:
        detail, fix = split_advice(str(exc))
        return None, [Finding("settings", False, detail, fix or "rewrite the file as UTF-8")]
    except ValidationError as exc:
        findings = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "settings"
            findings.append(
                Finding(
                    "settings",
                    False,
                    f"{where}: {error['msg']}",
                    f"correct {where} in the environment or {env_file or '.env'} "
                    "(see .env.example)",
                )
            )
        return None, findings
    source = f"environment and {env_file}" if env_file and env_file.exists() else "environment"
    return settings, [Finding("settings", True, f"read from the {source}")]


def check_token(settings: Settings, settings_file: Path | None = Path(".env")) -> Finding:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    problem = token_problem(token, settings_file)
    if problem is not None:
        return Finding("token", False, *problem)
    return Finding(
        "token", True, f"looks like a bot token (bot id {application_id(token)}), not shown"
    )


def check_database(
    location: Path | str, free_bytes: Callable[[Path], int] | None = None
) -> list[Finding]:
    """Writable place, a readable SQLite file of a known schema, intact, room to grow;
    or a PostgreSQL database that is reachable, known and durable."""
    if isinstance(location, str):
        from bot.doctor_postgres import check_postgres

        return check_postgres(location)
    path = location
    findings: list[Finding] = []
    try:
        check_file(path)
    except StoreError as exc:
        return [store_finding(exc)]
    if not path.exists():
        findings.append(Finding("database", True, f"{path} will be created at the first start"))
    else:
        findings.extend(_inspect(path))
    folder = path.parent
    free = (free_bytes or (lambda p: shutil.disk_usage(p).free))(folder)
    if free < MIN_FREE_BYTES:
        findings.append(
            Finding(
                "disk",
                False,
                f"only {free // 2**20} MB free in {folder}",
                "free some space (or `chicago-bot prune --older-than 90`), "
                "or move CHICAGO_DB to a bigger disk",
            )
        )
    else:
        findings.append(Finding("disk", True, f"{free // 2**20} MB free in {folder}"))
    return findings


def _inspect(path: Path) -> list[Finding]:
    holder = bot_holding(path)
    if holder is not None:
        return [
            Finding(
                "database",
                False,
                f"{path} is in use by {holder}",
                "only one bot may use a database: stop that one before starting another, "
                "or set CHICAGO_DB to another file",
            )
        ]
    try:
        db = open_to_read(path, BUSY_TIMEOUT)
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            tables = int(db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0])
            integrity = [str(r[0]) for r in db.execute("PRAGMA quick_check").fetchall()]
            if may_write(path):
                # Whether a writer holds the database: take the write lock, write nothing.
                db.execute("BEGIN IMMEDIATE")
                db.rollback()
        finally:
            db.close()
    except sqlite3.Error as exc:
        return [store_finding(describe(path, exc))]
    if version == 0 and tables and integrity == ["ok"]:
        return [store_finding(foreign(path))]
    findings = []
    if version > SCHEMA_VERSION:
        findings.append(
            Finding(
                "database",
                False,
                f"schema {version} is from a newer release (this one knows {SCHEMA_VERSION})",
                "upgrade the bot, or restore a backup made by this release",
            )
        )
    elif version < SCHEMA_VERSION:
        findings.append(
            Finding(
                "database",
                True,
                f"schema {version}; upgraded to {SCHEMA_VERSION} at the next start "
                "(a copy of the old file is kept)",
            )
        )
    else:
        findings.append(Finding("database", True, f"{path}, schema {version}"))
    if integrity != ["ok"]:
        findings.append(
            Finding(
                "integrity",
                False,
                f"{path} is damaged: {_first_errors(integrity)}",
                RESTORE_HINT,
            )
        )
    else:
        findings.append(Finding("integrity", True, "the database checks out"))
    return findings


def _first_errors(integrity: list[str]) -> str:
    """SQLite's check report on one line: its first few errors."""
    lines = [x.strip() for r in integrity for x in r.splitlines() if not x.startswith("***")]
    return "; ".join(x for x in lines if x)[:300]


def split_advice(message: str) -> tuple[str, str]:
    """The store's and the settings' messages end with what to do after the last "; ":
    (what is wrong, what to do), each said once."""
    detail, _, advice = message.rpartition("; ")
    return (detail, advice) if detail else (message, "")


def store_finding(exc: StoreError) -> Finding:
    detail, fix = split_advice(str(exc))
    return Finding("database", False, detail, fix or "see the README, 'Your data'")


def check_growth(settings: Settings) -> Finding:
    """How the bot will use the machine: picture workers and gateway shards."""
    from bot.registry import DEFAULT_GAME, offline_of
    from bot.settings import shard_list

    drawn_by = offline_of(DEFAULT_GAME).picture_workers(settings.render_workers)
    shards: object = settings.total_shards or "as Discord recommends"
    if settings.shard_ids is not None:
        shards = f"{shard_list(settings.shard_ids)} of {shards} (the others run elsewhere)"
    return Finding("growth", True, f"pictures drawn by {drawn_by}; shards: {shards}")


def check_assets() -> Finding:
    """The bundled fonts, and one board picture drawn with them."""
    try:
        folder = files("chicago_assets") / "fonts"
        missing = [name for name in FONTS if not (folder / name).is_file()]
    except ModuleNotFoundError:
        missing = list(FONTS)
    if missing:
        return Finding(
            "assets",
            False,
            f"missing bundled fonts: {', '.join(missing)}",
            "reinstall the bot (`pip install --force-reinstall .`, or rebuild the image)",
        )
    try:
        from bot.registry import DEFAULT_GAME, offline_of

        png = offline_of(DEFAULT_GAME).sample_picture()
    except Exception as exc:
        return Finding(
            "assets",
            False,
            f"the board picture cannot be drawn ({type(exc).__name__}: {exc})",
            "reinstall the bot with its dependencies (`pip install --force-reinstall .`)",
        )
    return Finding("assets", True, f"fonts bundled; a board picture draws ({len(png) // 1024} KB)")


def versions() -> list[str]:
    found = [f"Python {platform.python_version()}", f"SQLite {sqlite3.sqlite_version}"]
    for name in DISTRIBUTIONS:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return found


def examine(
    env_file: Path | None = Path(".env"),
    free_bytes: Callable[[Path], int] | None = None,
) -> list[Finding]:
    """Every check, in the order an admin would fix them."""
    settings, findings = check_settings(env_file)
    if settings is not None:
        findings.append(check_token(settings, env_file))
        findings.extend(check_database(settings.db, free_bytes))
        findings.append(check_growth(settings))
    findings.append(check_assets())
    return findings
