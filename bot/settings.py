"""The bot's settings: read once from the environment and an optional `.env` file.

Every setting has one typed home here, so `run`, `doctor`, `backup` and the tests agree
on names and defaults. The token is a `SecretStr`: it never shows in a repr or a log.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.database_url import is_postgres
from bot.redaction import hide_token

DEFAULT_DB = Path("chicago.db")
# The ranges of the settings the command line also takes as options (`preview`).
MIN_TURN_TIMER, MAX_TURN_TIMER = 30, 86_400
MAX_COMPUTER_DELAY = 30.0
MAX_SHARDS = 1024


class Settings(BaseSettings):
    """`DISCORD_TOKEN` is required to connect; everything else has a default."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
        env_ignore_empty=True,  # `CHICAGO_DEV_GUILD=` in a copied .env.example means unset
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    # An SQLite file (a Path), or a PostgreSQL address `postgresql://…` (kept as text).
    db: Path | str = Field(default=DEFAULT_DB, alias="CHICAGO_DB")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", alias="CHICAGO_LOG_LEVEL"
    )
    dev_guild: int | None = Field(default=None, alias="CHICAGO_DEV_GUILD")
    turn_timer: int = Field(
        default=300, alias="CHICAGO_TURN_TIMER", ge=MIN_TURN_TIMER, le=MAX_TURN_TIMER
    )
    computer_delay: float = Field(
        default=1.5, alias="CHICAGO_COMPUTER_DELAY", ge=0, le=MAX_COMPUTER_DELAY
    )
    log_format: Literal["text", "json"] = Field(default="text", alias="CHICAGO_LOG_FORMAT")
    # Worker processes drawing board pictures; None: one per core (a thread on one core).
    render_workers: int | None = Field(default=None, alias="CHICAGO_RENDER_WORKERS", ge=0, le=64)
    # Gateway shards in all; None: as many as Discord recommends for the bot's server
    # count. `CHICAGO_SHARDS` is the older name of `CHICAGO_SHARD_COUNT`.
    shards: int | None = Field(default=None, alias="CHICAGO_SHARDS", ge=1, le=MAX_SHARDS)
    shard_count: int | None = Field(default=None, alias="CHICAGO_SHARD_COUNT", ge=1, le=MAX_SHARDS)
    # The shards this process runs ("0,1", "2-3"); None: all of them. A process owns the
    # matches of its shards' servers: several processes share one PostgreSQL database.
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, alias="CHICAGO_SHARD_IDS"
    )
    # A running match untouched this long is dropped from memory until its next click
    # or timer, when it is reloaded from the store.
    idle_after: int = Field(default=900, alias="CHICAGO_IDLE_AFTER", ge=60, le=86_400)
    # Written every half minute while connected; `chicago-bot doctor --alive` reads it.
    heartbeat_file: Path | None = Field(default=None, alias="CHICAGO_HEARTBEAT_FILE")

    @property
    def heartbeat_path(self) -> Path:
        """The heartbeat file: beside an SQLite database (in the temporary folder with
        PostgreSQL, one per share of the shards) unless set."""
        if self.heartbeat_file is not None:
            return self.heartbeat_file
        if isinstance(self.db, str):
            # Processes sharing the database on one machine each keep their own.
            name = (
                "chicago-bot"
                if self.shard_ids is None
                else f"chicago-bot-shards-{shard_list(self.shard_ids)}"
            )
            return Path(tempfile.gettempdir()) / f"{name}.alive"
        return self.db.with_name(self.db.name + ".alive")

    @field_validator("db", mode="before")
    @classmethod
    def _database(cls, value: object) -> object:
        """A PostgreSQL address stays text; anything else names a file."""
        if isinstance(value, str) and not is_postgres(value):
            return Path(value)
        return value

    @property
    def total_shards(self) -> int | None:
        """The shard count of the whole bot (None: as Discord recommends)."""
        return self.shard_count or self.shards

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_ids(cls, value: object) -> object:
        """ "0,1", "2-3" or "0-1,4" as shard numbers, in order, each once."""
        if not isinstance(value, str):
            return value
        return parse_shard_ids(value)

    @model_validator(mode="after")
    def _shards_agree(self) -> Self:
        """A process running some shards must know how many there are in all, and
        share its database with the processes running the others (PostgreSQL)."""
        if self.shard_count and self.shards and self.shard_count != self.shards:
            raise ValueError(
                f"CHICAGO_SHARD_COUNT={self.shard_count} and CHICAGO_SHARDS={self.shards} "
                "disagree; set only CHICAGO_SHARD_COUNT"
            )
        if self.shard_ids is None:
            return self
        count = self.total_shards
        if count is None:
            raise ValueError("CHICAGO_SHARD_IDS needs CHICAGO_SHARD_COUNT (shards in all)")
        beyond = [i for i in self.shard_ids if i >= count]
        if beyond:
            raise ValueError(
                f"CHICAGO_SHARD_IDS names shard {beyond[0]}, but CHICAGO_SHARD_COUNT={count} "
                f"numbers them 0 to {count - 1}"
            )
        if len(self.shard_ids) < count and not isinstance(self.db, str):
            raise ValueError(
                "CHICAGO_SHARD_IDS runs some of the shards, so other processes run the rest: "
                "they must share a PostgreSQL database (CHICAGO_DB=postgresql://…); an "
                "SQLite file takes one bot process"
            )
        return self

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.lower() if isinstance(value, str) else value


def parse_shard_ids(text: str) -> tuple[int, ...] | None:
    """Shard numbers from "0,1", "2-3" or "0-1,4" (empty: None, every shard)."""
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        first, dash, last = part.partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(
                f"shard ids are numbers or ranges like 0,1 or 2-3, not {part!r}"
            ) from None
        if low < 0 or high < low or high >= MAX_SHARDS:
            raise ValueError(f"shard range {part!r} is not from low to high within 0-1023")
        ids.extend(i for i in range(low, high + 1) if i not in ids)
    return tuple(sorted(ids)) if ids else None


def shard_list(shards: Sequence[int]) -> str:
    """Shard numbers as the setting writes them, runs joined: "0-3,6"."""
    runs: list[list[int]] = []
    for shard in sorted(set(shards)):
        if runs and runs[-1][-1] == shard - 1:
            runs[-1].append(shard)
        else:
            runs.append([shard])
    return ",".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


class SettingsFileError(ValueError):
    """The settings file cannot be read as text; the message names it and where."""


class _TokenOnly(BaseSettings):
    """The token alone, read from the same places as `Settings`, so it is hidden from
    every message before any other setting (which may quote it) is checked."""

    model_config = Settings.model_config

    discord_token: str | None = Field(default=None, alias="DISCORD_TOKEN")


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Settings from the environment, then `env_file` if it exists (environment wins)."""
    if env_file is not None:
        check_settings_file(Path(env_file))
    hide_token(_TokenOnly(_env_file=env_file).discord_token)  # type: ignore[call-arg]
    return Settings(_env_file=env_file)  # type: ignore[call-arg]


def check_settings_file(path: Path) -> None:
    """Refuse a settings file that is not UTF-8 text, saying where, before the settings
    library fails on it with a traceback. A missing file is fine (the environment
    alone may hold every setting)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise SettingsFileError(f"settings file {path} is a directory") from None
    except OSError as exc:
        raise SettingsFileError(f"settings file {path} cannot be read: {exc.strerror}") from None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SettingsFileError(
            f"settings file {path} is not UTF-8 text: byte {exc.start} (line "
            f"{line}) is 0x{data[exc.start]:02x}; save it as UTF-8"
        ) from None
