"""`chicago-bot demo`: an all-computer match played here, told turn by turn.

The way to see a game work without a Discord token: every seat is a computer player,
the narration is the one the bot posts, and with --out the picture of every turn is
written as a PNG, the same picture the channel would show. The game's own demo is
reached through the registry.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli import (
    add_bosses_option,
    add_game_options,
    add_match_options,
    seconds,
    seed_number,
)
from bot.cli.output import (
    check_output_file,
    path_text,
    prepare_folder,
    remove_files,
)
from bot.game_keys import default_cli_options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=seed_number, default=1927, help="match seed (default 1927)")
    parser.add_argument(
        "--out",
        type=path_text,
        default=None,
        metavar="DIR",
        help=(
            "write the board picture after every turn to DIR (created if missing; "
            "the pictures of an earlier demo there are replaced)"
        ),
    )
    add_bosses_option(parser)
    parser.add_argument(
        "--level",
        choices=default_cli_options().levels,
        default="normal",
        help="computer level (default normal)",
    )
    add_match_options(parser)
    add_game_options(parser)
    parser.add_argument(
        "--save",
        type=path_text,
        default=None,
        metavar="FILE",
        help="also write the match as a replay file (.chicago.json; .turf.json for Turf) "
        "for `chicago-bot replay`",
    )
    parser.add_argument(
        "--delay",
        type=seconds,
        default=0.0,
        metavar="SECONDS",
        help="pause after each turn, to watch it unfold: 0 to 3600 (default 0)",
    )


def frame_files(folder: Path) -> list[Path]:
    """The pictures a demo writes into its folder: `turn-NNNN.png` and `final.png`."""
    found = [
        p
        for prefix in ("turn-", "turf-")
        for p in folder.glob(f"{prefix}*.png")
        if p.stem[5:].isdigit()
    ]
    final = folder / "final.png"
    return sorted(found) + ([final] if final.is_file() else [])


def run(args: argparse.Namespace) -> int:

    from bot.registry import offline_of

    offline = offline_of(args.game)
    offline.check_demo(args)
    if args.save is not None:
        check_output_file(args.save)
    drawing = False
    if args.out is not None:
        prepare_folder(args.out)
        drawing = offline.can_draw()
        if not drawing:
            print("note: the board renderer is not available; playing without pictures")
        old = remove_files(frame_files(args.out))
        if old:
            print(f"(removed {old} pictures of an earlier demo from {args.out})")

    def write(line: str) -> None:
        print(line, flush=args.delay > 0)

    offline.demo(args, write, drawing)
    return 0
