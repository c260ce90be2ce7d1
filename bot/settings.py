"""The bot's settings: read once from the environment and an optional `.env` file.

Every setting has one typed home here, so `run`, `doctor`, `backup` and the tests agree
on names and defaults. The token is a `SecretStr`: it never shows in a repr or a log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DB = Path("chicago.db")


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
    db: Path = Field(default=DEFAULT_DB, alias="CHICAGO_DB")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", alias="CHICAGO_LOG_LEVEL"
    )
    dev_guild: int | None = Field(default=None, alias="CHICAGO_DEV_GUILD")
    turn_timer: int = Field(default=300, alias="CHICAGO_TURN_TIMER", ge=30, le=86_400)
    computer_delay: float = Field(default=1.5, alias="CHICAGO_COMPUTER_DELAY", ge=0, le=30)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Settings from the environment, then `env_file` if it exists (environment wins)."""
    return Settings(_env_file=env_file)  # type: ignore[call-arg]
