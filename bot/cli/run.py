"""`chicago-bot run`: connect the bot to Discord and play matches until stopped (SIGTERM
or Ctrl-C stops it gracefully, with exit code 0).

Settings come from the environment and `.env` (see `.env.example`). Problems a person
can fix — no token, a token Discord refuses, an unusable database — end with one line
saying what to do and a non-zero exit code, never a traceback, and never the token.
"""

from __future__ import annotations

import argparse
import sys

from bot.cli import add_env_file_option

PROG = "chicago-bot run"
NO_TOKEN = (
    f"{PROG}: no Discord token. Set DISCORD_TOKEN in the environment or in .env "
    "(copy .env.example); the token is on your application's Bot page at "
    "https://discord.com/developers/applications. To play offline without one, "
    "try `chicago-bot demo`."
)
BAD_TOKEN = (
    f"{PROG}: Discord refused the token in DISCORD_TOKEN. Reset it on your application's "
    "Bot page at https://discord.com/developers/applications and set the new one."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_env_file_option(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    import discord
    from pydantic import ValidationError

    from bot.discord_app import create_bot
    from bot.discord_app.shutdown import install_signal_handlers, stopped
    from bot.logs import setup_logging
    from bot.settings import load_settings
    from bot.store import StoreError

    try:
        settings = load_settings(args.env_file)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'settings'}: {e['msg']}" for e in exc.errors()
        )
        print(f"{PROG}: invalid settings: {problems}", file=sys.stderr)
        return 2
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    handler = setup_logging(settings.log_level, settings.log_format, secrets=(token,))
    handler.addFilter(lambda r: "voice" not in r.getMessage())
    bot = create_bot(settings)

    async def main() -> None:
        # SIGTERM/SIGINT: finish the decisions in flight, commit, close, return (exit 0).
        install_signal_handlers(bot)
        async with bot:
            await bot.store.open()  # a database problem is told before connecting
            await bot.start(token)
            await stopped(bot)

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(f"{PROG}: Discord refused the bot's intents; see the README.", file=sys.stderr)
        return 1
    except StoreError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except (discord.GatewayNotFound, discord.ConnectionClosed, OSError) as exc:
        print(
            f"{PROG}: cannot reach Discord ({type(exc).__name__}); check the network.",
            file=sys.stderr,
        )
        return 1
    return 0
