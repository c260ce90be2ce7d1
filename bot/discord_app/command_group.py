"""The one way commands are made and registered: every part of the `/chicago` group
builds its commands with `command()` and hands them to `chicago_group()`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from discord import app_commands

Command = app_commands.Command[Any, ..., Any]
GROUP = "chicago"


def new_group() -> app_commands.Group:
    return app_commands.Group(
        name=GROUP,
        description="Chicago 1927: a 1920s gangland board game, played in this channel",
        guild_only=True,
    )


def command(
    group: app_commands.Group, name: str, description: str, callback: Any, **params: str
) -> Command:
    """A command of `group` calling `callback`, with its parameters described."""
    made: Command = app_commands.Command(
        name=name, description=description, callback=callback, parent=group
    )
    if params:
        app_commands.describe(**params)(made)
    return made


def fill(group: app_commands.Group, *parts: Iterable[Command]) -> app_commands.Group:
    for part in parts:
        for made in part:
            group.add_command(made)
    return group
