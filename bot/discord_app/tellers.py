"""Each game's teller: a game with a Discord layer of its own names it here; every other
game is told from its `Presenter`, with nothing to add."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_app.chicago_publisher import TurnPublisher
from bot.discord_app.presented import PresentedTeller
from bot.discord_app.teller import TableView, Teller
from bot.games.presenters import PRESENTERS
from bot.registry import game_named

OWN_TELLERS: dict[str, Callable[[TableView], Teller]] = {"chicago": TurnPublisher}


def teller_for(table: TableView) -> Teller:
    """The teller of the table's game."""
    key = game_named(table.record.settings.get("game")).key
    own = OWN_TELLERS.get(key)
    if own is not None:
        return own(table)
    return PresentedTeller(table, PRESENTERS[key], table.ctx)
