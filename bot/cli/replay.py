"""`chicago-bot replay FILE`: replay and verify a match log exported by the bot, and
optionally draw it: `--out match.gif` writes the animation, `--out DIR` a PNG a turn.
Any game's file is read (Chicago 1927, Turf); the file says which game it is."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bot.cli import count, one_line
from bot.cli.output import (
    CommandError,
    check_output_file,
    path_text,
    prepare_folder,
    reason,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=path_text, metavar="FILE", help="a replay file (.json)")
    parser.add_argument(
        "--out",
        type=path_text,
        default=None,
        metavar="PATH",
        help="write the animation (a .gif file) or every turn's board (a folder of PNGs)",
    )
    parser.add_argument(
        "--jobs",
        type=count,
        default=0,
        metavar="N",
        help="processes drawing frames (default: one per CPU, up to 4)",
    )


def read_replay_file(path: Path) -> bytes:
    """The file's bytes, at most the cap and one more (so /dev/zero is refused, not read
    until memory runs out); a path that is not a file is bad input (exit 2)."""
    from bot.replay_file import MAX_BYTES

    if path.is_dir():
        raise CommandError(
            f"{path} is a directory; name a replay file (.chicago.json, .turf.json)", 2
        )
    try:
        with path.open("rb") as file:
            return file.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise CommandError(f"{path} does not exist", 2) from None
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {reason(exc)}", 2) from None


def shown_name(name: str) -> str:
    """A name from the file, safe and short enough for one terminal line."""
    return one_line(name, limit=40)


def run(args: argparse.Namespace) -> int:
    out: Path | None = args.out
    as_gif = out is not None and out.suffix.lower() == ".gif"
    if out is not None:
        check_output_file(out) if as_gif else prepare_folder(out)
    from bot.registry import offline_of
    from bot.replay_file import ReplayRefused, load

    data = read_replay_file(Path(args.file))
    try:
        replay = load(data)
    except ReplayRefused as exc:
        raise CommandError(f"{args.file} refused: {exc}", 1) from None
    offline = offline_of(replay.game.key)
    offline.replay_summary(str(args.file), replay)
    if out is not None:
        offline.draw_replay(replay, out, as_gif, args.jobs)
    return 0


VERIFIED = "verified: the log replays to the final state recorded in the file"


def match_title(match: dict[str, Any]) -> str:
    match_id = match.get("id")
    return f"match {match_id}" if type(match_id) is int and match_id >= 0 else "the match"


def summarise_other(file: str, replay: Any) -> None:
    """A game told through the `Game` interface and its presenter: its players, rounds,
    winner, how it ended and the final count, a line a seat in finishing order."""
    from bot.games.presenters import PRESENTERS

    game, state = replay.game, replay.state
    names = game.names(state)
    end = game.end_facts(state)
    print(
        f"{one_line(file)}: {match_title(replay.match)}, {game.title}, seed {replay.setup.seed}, "
        f"{len(names)} players, {end['decisions']} decisions, {end['round']} rounds"
    )
    print(VERIFIED)
    if not game.finished(state):
        print("the log stops before the match is over")
        return
    placings = game.placings(state)
    winner = next((p.seat for p in placings if p.won), None)
    who = "no winner" if winner is None else f"winner: {shown_name(names[winner])}"
    print(f"{who}, {game.ending(state)}")
    standings = PRESENTERS[game.key].standings(state)
    for placing in placings:
        name = names[placing.seat]
        line = standings[placing.seat]
        rest = line[len(name) :] if line.startswith(name) else f": {placing.score}"
        print(f"  {placing.place}. {shown_name(name)}{one_line(rest, limit=80)}")
