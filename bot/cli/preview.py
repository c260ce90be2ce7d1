"""`chicago-bot preview`: play a match in your browser, no Discord token needed.

The real bot runs against an offline Discord (simcord) and its channel is served as a
local page on 127.0.0.1: click the buttons as a player would. Seats not taken by the
people named with --players are computer players; with several people, "Viewing as"
switches between them (hot seat). `--game` picks any game of the registry, its table
sized by the option its seating names (`--game turf --seats 4`). Needs the optional
`preview` extra.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import signal
import socket
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli import count as whole_count
from bot.cli import positive_int, seconds_up_to, seed_number
from bot.cli.output import CommandError, reason
from bot.clocks.pace import DAYS, DEFAULT_BANK_DAYS, LIVE, MAX_BANK_DAYS, MIN_BANK_DAYS, PACES
from bot.games import Game
from bot.games.seating import Count
from bot.preview_extra import INSTALL_PREVIEW, PREVIEW_MODULES, missing
from bot.registry import DEFAULT_GAME, GAMES, game_named

if TYPE_CHECKING:
    from bot.preview import OfflineServer
    from bot.preview_clock import ClockControl

MAX_NAME = 32


def levels() -> tuple[str, ...]:
    """Every computer level some game offers, in the games' order."""
    return tuple(dict.fromkeys(level for g in GAMES.values() for level in g.levels))


def lengths() -> tuple[str, ...]:
    """Every match length some game lets the host choose."""
    return tuple(dict.fromkeys(x.value for g in GAMES.values() for x in g.seating.lengths))


def length_help() -> str:
    """Each game's lengths in words ("Bootleg: secret or open"): a length another game
    offers falls back to the game's first, as in `/chicago new`."""
    return "; ".join(
        f"{g.title}: {' or '.join(x.value for x in g.seating.lengths)}"
        for g in GAMES.values()
        if g.seating.lengths
    )


def counts() -> list[Count]:
    """Each game's table-size option once, in the games' order."""
    found: dict[str, Count] = {}
    for game in GAMES.values():
        found.setdefault(game.seating.count.flag, game.seating.count)
    return list(found.values())


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
    others = " or ".join(key for key in GAMES if key != DEFAULT_GAME)
    parser.add_argument(
        "--game", choices=tuple(GAMES), default=DEFAULT_GAME,
        help=f"which game: {DEFAULT_GAME} ({game_named(None).title}, the default) or {others}",
    )  # fmt: skip
    parser.add_argument(
        "--players",
        type=names,
        default=["guest"],
        metavar="NAMES",
        help="the people at the table, comma-separated: boss seats first, then the police "
        "(default: guest). Computer players take the other seats",
    )
    for count in counts():
        parser.add_argument(
            f"--{count.flag}", type=whole_count, choices=range(count.low, count.high + 1),
            default=count.default, metavar=f"{count.low}..{count.high}", help=count.flag_help,
        )  # fmt: skip
    parser.add_argument(
        "--level", choices=levels(), default="normal",
        help="computer players' level (default normal)",
    )  # fmt: skip
    parser.add_argument(
        "--length", choices=lengths(), default=lengths()[0],
        help=f"the lobby's length, by game: {length_help()} (default: each game's first)",
    )  # fmt: skip
    limits = "".join(
        f"; {g.title}'s round limit (default {g.default_rounds})"
        for g in GAMES.values()
        if not g.seating.lengths
    )
    parser.add_argument(
        "--rounds", type=positive_int, default=None, metavar="N",
        help=f"with --length rounds: the final count after N rounds (default "
        f"{game_named(None).default_rounds}){limits}",
    )  # fmt: skip
    from bot.settings import MAX_COMPUTER_DELAY, MAX_TURN_TIMER, MIN_TURN_TIMER

    parser.add_argument(
        "--pace", choices=PACES, default=LIVE,
        help="live: a timer per decision (default); days: a time bank per player, with "
        "buttons in the channel that move the clock on an hour or a day",
    )  # fmt: skip
    parser.add_argument(
        "--bank", type=whole_count, choices=range(MIN_BANK_DAYS, MAX_BANK_DAYS + 1),
        default=None, metavar=f"{MIN_BANK_DAYS}..{MAX_BANK_DAYS}",
        help=f"with --pace days: days in each player's bank (default {DEFAULT_BANK_DAYS})",
    )  # fmt: skip
    parser.add_argument(
        "--timer", type=positive_int, default=300, metavar="SECONDS",
        help=f"seconds per decision before the safe choice is made, {MIN_TURN_TIMER}-"
        f"{MAX_TURN_TIMER} (default 300)",
    )  # fmt: skip
    parser.add_argument(
        "--computer-delay", type=seconds_up_to(MAX_COMPUTER_DELAY), default=1.5,
        metavar="SECONDS",
        help=f"pause before computer players' moves are shown, 0-{MAX_COMPUTER_DELAY:g} "
        "(default 1.5)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=seed_number, default=None, help="match seed (default: random)"
    )
    parser.add_argument(
        "--port", type=whole_count, default=None,
        help="port on 127.0.0.1 to serve the page on (default: a free one)",
    )  # fmt: skip
    parser.add_argument(
        "--db", type=Path, default=None, metavar="FILE",
        help="SQLite file for the match (default: a temporary file, removed at the end)",
    )  # fmt: skip


def check(args: argparse.Namespace) -> None:
    """Every option a person must correct is told in one line before anything starts."""
    from bot.settings import MAX_TURN_TIMER, MIN_TURN_TIMER

    seats = table_seats(args)
    if len(args.players) > seats:
        raise CommandError(f"{len(args.players)} players, but the table has {seats} seats", 2)
    game = game_named(args.game)
    if args.level not in game.levels:
        levels = ", ".join(game.levels)
        raise CommandError(f"{game.title} has no {args.level} level yet; levels: {levels}", 2)
    if not MIN_TURN_TIMER <= args.timer <= MAX_TURN_TIMER:
        raise CommandError(
            f"--timer must be between {MIN_TURN_TIMER} and {MAX_TURN_TIMER} seconds", 2
        )
    if args.bank is not None and args.pace != DAYS:
        raise CommandError("--bank needs --pace days", 2)
    if args.port is not None:
        check_port(args.port)
    if args.db is not None:
        check_database(args.db)


def main_seats(args: argparse.Namespace) -> int:
    """The main seats asked for, by the option the game's seating names (--bosses)."""
    return int(getattr(args, game_named(args.game).seating.count.flag))


def table_seats(args: argparse.Namespace) -> int:
    """Seats at the table: the main ones and the game's one-off seats (the police)."""
    return main_seats(args) + len(game_named(args.game).seating.extras)


def match_options(args: argparse.Namespace) -> dict[str, object]:
    """The `/chicago new` options the host's lobby is opened with."""
    game: Game = game_named(args.game)
    options: dict[str, object] = {} if game.key == DEFAULT_GAME else {"game": game.key}
    if args.pace == DAYS:
        options["pace"] = DAYS
        if args.bank is not None:
            options["bank"] = args.bank
    length = game.seating.length(args.length)
    if not game.seating.lengths:
        if args.rounds is not None:
            options["rounds"] = args.rounds
        return options
    options["length"] = args.length
    if length is not None and length.round_limit:
        options["rounds"] = args.rounds or game.default_rounds
    return options


def check_port(port: int) -> None:
    """The port must be one this process can listen on, on 127.0.0.1."""
    if not 0 < port < 65_536:
        raise CommandError("--port must be between 1 and 65535", 2)
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise CommandError(f"--port {port}: cannot listen there ({reason(exc)})", 2) from None


def check_database(db: Path) -> None:
    """A --db the bot could not use: a missing folder, a file that is not SQLite."""
    from bot.store import StoreError
    from bot.store.diagnose import check_file

    try:
        check_file(db)
    except StoreError as exc:
        raise CommandError(str(exc), 2) from None


def run(args: argparse.Namespace) -> int:
    lacking = missing(PREVIEW_MODULES)
    if lacking:
        print(f"chicago-bot preview needs the preview extra: {INSTALL_PREVIEW}")
        return 1
    check(args)
    if args.db is not None:
        from bot.store import StoreError
        from bot.store.instance_lock import InstanceLock

        try:
            with InstanceLock(args.db, "chicago-bot preview"):
                return asyncio.run(serve(args, args.db))
        except StoreError as exc:  # another bot has it, or SQLite refused it
            raise CommandError(str(exc), 2) from None
    with tempfile.TemporaryDirectory(prefix="chicago-preview-") as folder:
        return asyncio.run(serve(args, Path(folder) / "preview.db"))


async def clock_control(server: OfflineServer, preview: Any) -> ClockControl:
    """The buttons that move the clock of a match over days, posted in the channel; a
    click from the page waits while the clock moves."""
    from bot.preview_clock import ClockControl, hold_page_actions

    control = ClockControl(server)
    await control.post()
    hold_page_actions(preview, control.lock)
    return control


async def serve(args: argparse.Namespace, db: Path) -> int:
    import simcord

    from bot.preview import OfflineServer, keep_current, release_pages_sooner, seats_for

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    server = OfflineServer(
        db,
        args.players,
        turn_timer=args.timer,
        computer_delay=args.computer_delay,
        seed=seed,
        game=args.game,
    )
    await server.start()
    try:
        size = main_seats(args)
        computers = seats_for(size, len(args.players), args.level, args.game)
        picked_up = await server.pick_up()  # a preview stopped earlier on this --db
        if not picked_up:
            try:
                await server.open_match(size, args.players, computers, **match_options(args))
            except LookupError as exc:  # the bot refused: said in its words
                raise CommandError(f"{db}: {exc}", 2) from None
        preview = server.page(port=args.port)
        release_pages_sooner(preview)
        clock = await clock_control(server, preview) if args.pace == DAYS else None
        async with contextlib.AsyncExitStack() as entered:
            try:
                await entered.enter_async_context(preview)
            except simcord.SetupError as exc:  # the port was taken since it was checked
                raise CommandError(f"--port {args.port}: {exc}", 2) from None
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signum, lambda: asyncio.ensure_future(preview.close()))
            host = args.players[0]
            game = game_named(args.game)
            if picked_up:
                print(f"The match left open in {db} is picked up again.", flush=True)
            print(f"{game.title} preview (seed {seed}): open {preview.url}", flush=True)
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
            if game.seating.preview_hint:
                print(game.seating.preview_hint, flush=True)
            if clock is not None:
                print(
                    "  Over days: the ⏩ buttons under 'Preview clock' move the clock on an "
                    "hour or a day, to see banks, notices and running out of time.",
                    flush=True,
                )
            print(
                "  After many reloads in a row the page may say 'Unavailable channel': "
                "wait a minute and reload (pages left behind are released after 90 s).",
                flush=True,
            )
            keepers = [asyncio.create_task(keep_current(server, preview), name="chicago-preview")]
            if clock is not None:
                keepers.append(asyncio.create_task(clock.run(), name="chicago-preview-clock"))
            try:
                await preview.wait_closed()
            finally:
                for keeper in keepers:
                    keeper.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await keeper
                for signum in (signal.SIGINT, signal.SIGTERM):
                    loop.remove_signal_handler(signum)
    finally:
        await server.close()
    print("preview ended", flush=True)
    return 0
