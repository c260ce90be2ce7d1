"""Each game's side of the table, through the registry: the platform names no game."""

from __future__ import annotations

from bot.discord_app.teller import AtTheTable, TableView, Teller
from bot.registry import GAMES, table_of


def at_the_table(key: str | None) -> AtTheTable:
    """What the game stored or asked for under `key` brings to the table."""
    side: AtTheTable = table_of(key)
    return side


def teller_for(table: TableView) -> Teller:
    """The teller of the table's game."""
    return at_the_table(table.record.settings.get("game")).teller(table)


def every_game() -> list[AtTheTable]:
    """Every game's side of the table, in the registry's order."""
    return [at_the_table(key) for key in GAMES]
