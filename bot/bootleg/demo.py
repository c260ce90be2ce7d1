"""`chicago-bot demo --game bootleg`: an all-computer Bootleg match played here, told
turn by turn as the channel would read it, with the picture of every turn written as a
PNG when --out is given."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.bootleg.game import BOOTLEG
from bot.bootleg.render import bootleg_alt_text, render_bootleg_png
from bot.cli.output import write_file
from engine.bootleg import BootlegState, PlayerSpec, apply, new_match, player_view, visible_events
from engine.bootleg.computer import choose
from engine.bootleg.events import Event, TurnStarted

BOOTLEG_NAMES = ("Vito Marchetti", "Mae Kowalski", "Frankie Doyle", "Nell Brennan")


def play_bootleg_demo(
    seed: int,
    players: int = 4,
    level: str = "normal",
    out: Path | None = None,
    write: Callable[[str], None] = print,
    delay: float = 0.0,
    save: Path | None = None,
) -> BootlegState:
    """Play and tell one all-computer Bootleg match; returns the finished state. `save`:
    where to write its replay file."""
    specs = [PlayerSpec(name, level) for name in BOOTLEG_NAMES[:players]]
    state = new_match(specs, seed)
    names = [p.name for p in state.players]
    write(f"Bootleg — a demo match, seed {seed}. Every seat is a {level} computer player.")
    write("  Seats in order: " + ", ".join(names) + ".")
    write(f"— Round 1: {names[0]}'s turn —")  # new_match opened it: no event tells it
    turn: list[Event] = []
    pictures = 0
    decisions: list[tuple[int, str]] = []

    def close_turn() -> None:
        nonlocal pictures, turn
        if out is not None and turn:
            pictures += 1
            shown = visible_events(turn, None)
            write_file(
                out / f"bootleg-{pictures:04d}.png", render_bootleg_png(player_view(state), shown)
            )
        turn = []
        if delay > 0:
            time.sleep(delay)

    while state.result is None:
        seat = state.pending[0].seat
        decision = str(choose(player_view(state, seat), level))
        events = apply(state, seat, decision)
        decisions.append((seat, decision))
        for event in events:
            if isinstance(event, TurnStarted):
                close_turn()
            turn.append(event)
        for line in BOOTLEG.narrate(state, events):
            write(line.text)
    close_turn()
    write("")
    write("Final count")
    presenter = BOOTLEG.presenter
    assert presenter is not None
    for standing in presenter.standings(state):
        write(f"  {standing}")
    if save is not None:
        from bot.replay_file import export

        write_file(save, export(state.setup, decisions, game=BOOTLEG))
        write(f"replay file written to {save} (`chicago-bot replay {save}` verifies it)")
    if out is not None:
        write(f"{pictures} pictures written to {out}")
        write("Alt text of the last: " + bootleg_alt_text(player_view(state), []))
    return state
