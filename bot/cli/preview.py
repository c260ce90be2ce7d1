"""`chicago-bot preview`: play a match in your browser, no Discord token needed.

The real bot runs against an offline Discord (simcord) and its channel is served as a
local page on 127.0.0.1: click the buttons as a player would. Seats not taken by the
people named with --players are computer players; with several people, "Viewing as"
switches between them (hot seat). Needs the optional `preview` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import tempfile
from pathlib import Path

from bot.cli import add_bosses_option, positive_int, seconds
from bot.cli.output import CommandError
from bot.preview_extra import INSTALL_PREVIEW, PREVIEW_MODULES, missing

LENGTHS = ("standard", "short", "rounds")
LEVELS = ("easy", "normal")
MAX_NAME = 32


def names(text: str) -> list[str]:
    """An argparse type: comma-separated player names."""
    found = [n.strip() for n in text.split(",") if n.strip()]
    if not found:
        raise argparse.ArgumentTypeError("name at least one player")
    if len(set(found)) != len(found):
        raise argparse.ArgumentTypeError("the names must differ")
    if any(len(n) > MAX_NAME or not n.replace("_", "").replace(".", "").isalnum() for n in found):
        raise argparse.ArgumentTypeError("names are letters, digits, '_' or '.', up to 32")
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=names,
        default=["guest"],
        metavar="NAMES",
        help="the people at the table, comma-separated: boss seats first, then the police "
        "(default: guest). Computer players take the other seats",
    )
    add_bosses_option(parser, 3, "number of bosses (default 3; the police is one more seat)")
    parser.add_argument(
        "--level", choices=LEVELS, default="normal", help="computer players' level (default normal)"
    )
    parser.add_argument(
        "--length", choices=LENGTHS, default="standard",
        help="standard (first to 4 Empire Marks), short (3 marks) or rounds (a round limit)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=positive_int, default=12, metavar="N",
        help="with --length rounds: the final count after N rounds (default 12)",
    )  # fmt: skip
    parser.add_argument(
        "--timer", type=positive_int, default=300, metavar="SECONDS",
        help="seconds per decision before the safe choice is made, 30-86400 (default 300)",
    )  # fmt: skip
    parser.add_argument(
        "--computer-delay", type=seconds, default=1.5, metavar="SECONDS",
        help="pause before computer players' moves are shown (default 1.5)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    parser.add_argument(
        "--port", type=int, default=None,
        help="port on 127.0.0.1 to serve the page on (default: a free one)",
    )  # fmt: skip
    parser.add_argument(
        "--db", type=Path, default=None, metavar="FILE",
        help="SQLite file for the match (default: a temporary file, removed at the end)",
    )  # fmt: skip


def check(args: argparse.Namespace) -> None:
    if len(args.players) > args.bosses + 1:
        raise CommandError(
            f"{len(args.players)} players, but the table has {args.bosses + 1} seats", 2
        )
    if not 30 <= args.timer <= 86_400:
        raise CommandError("--timer must be between 30 and 86400 seconds", 2)
    if args.computer_delay > 30:
        raise CommandError("--computer-delay must be at most 30 seconds", 2)
    if args.port is not None and not 0 < args.port < 65_536:
        raise CommandError("--port must be between 1 and 65535", 2)


def run(args: argparse.Namespace) -> int:
    lacking = missing(PREVIEW_MODULES)
    if lacking:
        print(f"chicago-bot preview needs the preview extra: {INSTALL_PREVIEW}")
        return 1
    check(args)
    if args.db is not None:
        return asyncio.run(serve(args, args.db))
    with tempfile.TemporaryDirectory(prefix="chicago-preview-") as folder:
        return asyncio.run(serve(args, Path(folder) / "preview.db"))


async def serve(args: argparse.Namespace, db: Path) -> int:
    from bot.preview import OfflineServer, keep_current, seats_for

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    server = OfflineServer(
        db, args.players, turn_timer=args.timer, computer_delay=args.computer_delay, seed=seed
    )
    await server.start()
    try:
        options: dict[str, object] = {"length": args.length}
        if args.length == "rounds":
            options["rounds"] = args.rounds
        computers = seats_for(args.bosses, len(args.players), args.level)
        await server.open_match(args.bosses, args.players, computers, **options)
        viewers = list(server.members.values())
        preview = server.env.preview(
            server.channel, viewers=viewers, layout="channel", port=args.port
        )
        async with preview:
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, lambda: asyncio.ensure_future(preview.close()))
            host = args.players[0]
            print(f"Chicago 1927 preview (seed {seed}): open {preview.url}", flush=True)
            print(
                f"  {host} hosts the lobby in #chicago: press Start there to play. "
                + (
                    "'Viewing as' switches between the players (hot seat). "
                    if len(args.players) > 1
                    else ""
                )
                + "Ctrl-C (or More > End preview session) ends it.",
                flush=True,
            )
            keeper = asyncio.create_task(keep_current(server, preview), name="chicago-preview")
            try:
                await preview.wait_closed()
            finally:
                keeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await keeper
                for signum in (signal.SIGINT, signal.SIGTERM):
                    loop.remove_signal_handler(signum)
    finally:
        await server.close()
    print("preview ended", flush=True)
    return 0
