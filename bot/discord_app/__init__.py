"""The Discord layer: slash commands, buttons, timers and posting, on top of the match
session. `create_bot(settings)` builds the client; `chicago-bot run` connects it."""

from bot.discord_app.app import ChicagoBot, create_bot

__all__ = ["ChicagoBot", "create_bot"]
