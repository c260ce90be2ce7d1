"""`chicago-bot run`: connect the bot to Discord and play matches until stopped (SIGTERM
or Ctrl-C stops it gracefully, with exit code 0).

Settings come from the environment and `.env` (see `.env.example`). Everything a person
must fix — no token, a token of the wrong shape or one Discord refuses, an unusable
database or one another bot is using — is checked before connecting where it can be and
ends with one line saying what to do and exit code 2 (`bot.cli.exit_codes`), never a
traceback, and never the token. Failures that may pass (the network) exit with 1.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from bot.cli import add_env_file_option
from bot.cli.exit_codes import FAILED, MUST_FIX, OK

PROG = "chicago-bot run"


def no_token(settings_file: Path) -> str:
    """The message when no token is set, naming the settings file that was read."""
    return (
        f"{PROG}: no Discord token. Set DISCORD_TOKEN in the environment or in "
        f"{settings_file} (copy .env.example); the token is on your application's Bot page "
        "at https://discord.com/developers/applications. To play offline without one, "
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
    from bot.doctor import token_problem
    from bot.logs import setup_logging
    from bot.settings import load_settings
    from bot.store import StoreError
    from bot.store.instance_lock import InstanceLock
    from bot.store.postgres import PostgresStore

    try:
        settings = load_settings(args.env_file)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'settings'}: {e['msg']}" for e in exc.errors()
        )
        print(f"{PROG}: invalid settings: {problems}", file=sys.stderr)
        return MUST_FIX
    raw = settings.discord_token.get_secret_value() if settings.discord_token else ""
    if not raw.strip():
        print(no_token(args.env_file), file=sys.stderr)
        return MUST_FIX
    problem = token_problem(raw, args.env_file)
    if problem is not None:
        found, fix = problem
        print(f"{PROG}: {found}; {fix} (`chicago-bot doctor` checks it)", file=sys.stderr)
        return MUST_FIX
    token = raw
    handler = setup_logging(settings.log_level, settings.log_format, secrets=(token,))
    handler.addFilter(lambda r: "voice" not in r.getMessage())
    bot = create_bot(settings)
    bot.set_aside_after_load = True
    opened = False

    async def main() -> None:
        nonlocal opened
        # SIGTERM/SIGINT: finish the decisions in flight, commit, close, return (exit 0).
        install_signal_handlers(bot)
        async with bot:
            await bot.store.open()  # a database problem is told before connecting
            if isinstance(bot.store, PostgresStore):
                # As the lock file does for SQLite; processes sharing the database each
                # claim their own shards.
                await bot.store.claim(PROG, bot.owned.ids, bot.owned.count)
            opened = True
            await bot.start(token)
            await stopped(bot)

    try:
        # Held for the bot's whole life: a second bot on this database is refused.
        with (
            InstanceLock(settings.db, PROG)
            if isinstance(settings.db, Path)
            else contextlib.nullcontext()
        ):
            asyncio.run(main())
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return MUST_FIX
    except discord.PrivilegedIntentsRequired:
        print(f"{PROG}: Discord refused the bot's intents; see the README.", file=sys.stderr)
        return MUST_FIX
    except StoreError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return FAILED if opened else MUST_FIX
    except (discord.GatewayNotFound, discord.ConnectionClosed, OSError) as exc:
        print(
            f"{PROG}: cannot reach Discord ({type(exc).__name__}); check the network.",
            file=sys.stderr,
        )
        return FAILED
    return OK
