"""The pictures in the README: a moment of the demo match, drawn by today's code as the
full board and as the phone picture. Regenerate them after changing a picture or the
narration:

    python -m bot.chicago.render.readme            # writes assets/readme/board.png and phone.png

tests/test_render.py and tests/test_phone_picture.py check that the committed pictures
still match what this draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.chicago.demo import BOSS_NAMES, POLICE_NAME
from bot.session import MatchSession
from engine.chicago import MatchState, PlayerSpec, new_match
from engine.chicago.events import Event, RaidEnded, TurnStarted

README_PICTURE = Path(__file__).resolve().parents[3] / "assets" / "readme" / "board.png"
README_PHONE_PICTURE = README_PICTURE.with_name("phone.png")
SEED = 1927
FROM_ROUND = 6  # late enough that the board is busy


def readme_moment(seed: int = SEED) -> tuple[MatchState, list[Event]]:
    """The demo match (normal computer players, four bosses) at the end of the first
    turn from round FROM_ROUND on that ended in a raid: a busy board with a story."""
    players = [PlayerSpec(name, "normal") for name in BOSS_NAMES]
    setup = new_match(4, seed, None, players, PlayerSpec(POLICE_NAME, "normal")).setup
    session, _ = MatchSession.new(setup, autoplay=False, narrated=False)
    state = session.state
    turn: list[Event] = []
    while state.result is None:
        for event in session.play_computer().events:
            if isinstance(event, TurnStarted):
                raided = any(isinstance(e, RaidEnded) for e in turn)
                if raided and event.round >= FROM_ROUND:
                    return state, turn
                turn = []
            turn.append(event)
    return state, turn


def render_readme_picture(path: Path = README_PICTURE, phone: bool = False) -> bytes:
    from bot.chicago.render import render_phone_png, render_png

    data = (render_phone_png if phone else render_png)(*readme_moment())
    path.write_bytes(data)
    return data


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m bot.chicago.render.readme", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=README_PICTURE.parent,
        help=f"where to write {README_PICTURE.name} and {README_PHONE_PICTURE.name} "
        "(default assets/readme)",
    )
    folder: Path = parser.parse_args(argv).folder
    for name, phone in ((README_PICTURE.name, False), (README_PHONE_PICTURE.name, True)):
        data = render_readme_picture(folder / name, phone)
        print(f"wrote {folder / name} ({len(data) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
