"""`chicago-bot demo --game empire`: an all-computer Empire match played here, told as
the channel would read it, with the phone picture of every turn written as a PNG when
--out is given."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.cli.output import write_file
from bot.empire import pictures
from bot.empire.game import EMPIRE
from bot.empire.played import Played
from bot.games.seating import COMPUTER_NAMES
from bot.session import MatchSession
from engine.empire import EmpireOptions, EmpireSetup, PlayerSpec, player_view, visible_to
from engine.empire.events import TurnStarted


def play_empire_demo(
    seed: int,
    players: int = 4,
    level: str = "normal",
    out: Path | None = None,
    write: Callable[[str], None] = print,
    delay: float = 0.0,
    save: Path | None = None,
    cap: int = 12,
) -> Played:
    """Play and tell one all-computer Empire match through the table's own session;
    returns the finished match. `save`: where to write its replay file."""
    specs = [PlayerSpec(name, level) for name in COMPUTER_NAMES[:players]]
    setup = EmpireSetup(seed, EmpireOptions(sequences=cap), specs)
    session, first = MatchSession.new(setup, autoplay=False, game=EMPIRE)
    write(f"Empire — a demo match, seed {seed}. Every seat is a {level} computer player.")
    for line in first.lines:
        write(line.text)
    pictures_written = 0
    turn: list[object] = []
    while not session.over:
        step = session.play_computer()
        for event in step.events:
            if isinstance(event, TurnStarted) and out is not None and turn:
                pictures_written += 1
                view = player_view(session.state.match, None)
                png = pictures.phone_png(view, visible_to(turn, None))  # type: ignore[arg-type]
                write_file(out / f"empire-{pictures_written:04d}.png", png)
                turn = []
            turn.append(event)
        for line in step.lines:
            write(line.text)
        if delay > 0:
            time.sleep(delay)
    write("")
    write(f"Final standings ({EMPIRE.ending(session.state)})")
    presenter = EMPIRE.presenter
    assert presenter is not None
    for standing in presenter.standings(session.state):
        write(f"  {standing}")
    if save is not None:
        from bot.replay_file import export

        decisions = [(a.seat, a.decision) for a in session.log]
        write_file(save, export(setup, decisions, game=EMPIRE))
        write(f"replay file written to {save} (`chicago-bot replay {save}` verifies it)")
    if out is not None:
        write(f"{pictures_written} pictures written to {out}")
    played: Played = session.state
    return played
