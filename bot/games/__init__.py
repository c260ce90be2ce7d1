"""What the platform asks of a game (`Game`, `Presenter`) and the pieces games share to
fill it in. The games themselves are listed in `bot.registry`; nothing here names one."""

from bot.games.protocol import Asked, CardText, Game, Placing

__all__ = ["Asked", "CardText", "Game", "Placing"]
