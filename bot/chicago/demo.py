"""Chicago 1927's demo: an all-computer match played here, told turn by turn, with the
board picture of every turn when asked (`chicago-bot demo`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.chicago.narration import narrate, standings
from bot.cli.output import (
    write_file,
)
from bot.session import MatchSession
from bot.telling import TellOnce
from engine.chicago import MatchOptions, MatchState, PlayerSpec, new_match
from engine.chicago.characters import CHARACTERS
from engine.chicago.events import Event, TurnStarted

BOSS_NAMES = ("Vito Marchetti", "Mae Kowalski", "Frankie Doyle", "Nell Brennan")
POLICE_NAME = "Chicago Police"

Renderer = Callable[[MatchState, Sequence[Event]], bytes]
Write = Callable[[str], None]


def load_renderer() -> Renderer | None:
    """The board picture, if this install can draw it (it needs Pillow and the assets)."""
    try:
        from bot.chicago.render import render_png
    except ImportError:
        return None
    return render_png


def progress(state: MatchState, turns: int, decisions: int, round_: int | None = None) -> str:
    """One line: where the match stands, marks first since they decide it. `round_` is
    the round of the turn just told: after a round's last turn the state has already
    moved on to the next one."""
    goal = state.setup.options.marks_to_win
    sides = ", ".join(
        f"{'Police' if s.is_police else s.name.split()[0]} "
        f"{'out' if s.eliminated else f'{s.marks}/{goal}'}"
        for s in state.sides
    )
    shown = state.round if round_ is None else round_
    return f"  [round {shown} · turn {turns} · {decisions} decisions] {sides}"


def article(word: str) -> str:
    """The article a word takes: "an easy", "a normal" (by its first letter)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def play_demo(
    seed: int,
    bosses: int = 4,
    level: str = "normal",
    options: MatchOptions | None = None,
    out: Path | None = None,
    renderer: Renderer | None = None,
    write: Write = print,
    delay: float = 0.0,
    save: Path | None = None,
) -> MatchState:
    """Play and tell one all-computer match; returns the finished state. `save`: where
    to write its replay file."""
    players = [PlayerSpec(name, level) for name in BOSS_NAMES[:bosses]]
    setup = new_match(bosses, seed, options, players, PlayerSpec(POLICE_NAME, level)).setup
    session, _ = MatchSession.new(setup, autoplay=False)
    state = session.state
    write(
        f"Chicago, 1927 — a demo match, seed {seed}. "
        f"Every seat is {article(level)} {level} computer player."
    )
    for side in state.sides:
        role = "the police" if side.is_police else CHARACTERS[side.character].name
        write(f"  {side.name} plays {role}.")
    write("")
    write(f"— Round {state.round}: {state.sides[state.turn.seat].name}'s turn —")
    turn_events: list[Event] = []
    turns = 0
    pictures = 0
    turn_round = state.round

    once = TellOnce()  # identical lines in a row, across batches, told once

    def close_turn() -> None:
        nonlocal turns, pictures
        for line in once.flush():
            write(line.text)
        turns += 1
        write(progress(state, turns, session.seq, turn_round))
        if out is not None and renderer is not None:
            pictures += 1
            write_file(out / f"turn-{turns:04d}.png", renderer(state, turn_events))
        if delay > 0:
            time.sleep(delay)

    def tell(events: Sequence[Event]) -> None:
        for line in once.add(narrate(state, events)):
            write(line.text)

    while state.result is None:
        events = session.play_computer().events
        start = 0
        for index, event in enumerate(events):
            if isinstance(event, TurnStarted):
                tell(events[start:index])
                turn_events.extend(events[start:index])
                if turn_events:
                    close_turn()
                turn_events = []
                turn_round = event.round
                start = index
        tell(events[start:])
        turn_events.extend(events[start:])
    close_turn()
    if out is not None and renderer is not None:
        write_file(out / "final.png", renderer(state, turn_events))
    write("")
    write("Final standings")
    for line in standings(state):
        write("  " + line)
    if save is not None:
        from bot.replay_file import export

        write_file(save, export(setup, [(a.seat, a.decision) for a in session.log]))
        write(f"replay file written to {save} (`chicago-bot replay {save}` verifies it)")
    if out is not None:
        if renderer is None:
            write(f"(no board pictures: the board renderer is not available here; {out} is empty)")
        else:
            write(f"{pictures} board pictures and final.png written to {out}")
    final: MatchState = state
    return final
