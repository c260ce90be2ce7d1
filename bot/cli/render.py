"""`chicago-bot render`: draw the board picture (or the phone picture) of a seeded random
match to a PNG file."""

from __future__ import annotations

import argparse

from bot.cli import add_bosses_option, count
from bot.cli.output import check_output_file, path_text, write_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument(
        "--decisions",
        type=count,
        default=0,
        metavar="K",
        help="random decisions to play first (default 0)",
    )
    add_bosses_option(parser)
    parser.add_argument(
        "--phone",
        action="store_true",
        help="draw the phone picture (570 px wide, read at 360) instead of the full board",
    )
    parser.add_argument(
        "--out",
        type=path_text,
        default="board.png",
        metavar="FILE",
        help="PNG file to write (default board.png)",
    )


def run(args: argparse.Namespace) -> int:
    check_output_file(args.out)
    from bot.chicago.render import render_phone_png, render_png
    from bot.chicago.render.sample import moment_after

    moment = moment_after(args.seed, args.decisions, args.bosses)
    draw = render_phone_png if args.phone else render_png
    data = draw(moment.state, moment.events)
    write_file(args.out, data)
    state = moment.state
    status = "match over" if state.result is not None else f"round {state.round}"
    print(
        f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, "
        f"{moment.decisions} decisions, {status}"
    )
    return 0
