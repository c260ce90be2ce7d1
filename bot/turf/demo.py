"""`chicago-bot demo --game turf`: an all-computer Turf match played here, told turn by
turn, with the picture of every turn written as a PNG when --out is given."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bot.cli.output import write_file
from bot.telling import TellOnce
from bot.turf.narration import narrate_turf
from bot.turf.render import render_turf_png, turf_alt_text
from engine.turf import PlayerSpec, TurfOptions, TurfState, apply, new_match, player_view
from engine.turf.computer import choose
from engine.turf.events import Event, TurnStarted

TURF_NAMES = ("Vito Marchetti", "Mae Kowalski", "Frankie Doyle", "Nell Brennan", "Sal Russo",
              "Ada Quinn")  # fmt: skip


def play_turf_demo(
    seed: int,
    players: int = 4,
    level: str = "normal",
    round_limit: int | None = None,
    out: Path | None = None,
    write: Callable[[str], None] = print,
    delay: float = 0.0,
    save: Path | None = None,
) -> TurfState:
    """Play and tell one all-computer Turf match; returns the finished state. `save`:
    where to write its replay file."""
    specs = [PlayerSpec(name, level) for name in TURF_NAMES[:players]]
    options = TurfOptions(round_limit) if round_limit else TurfOptions()
    state = new_match(specs, seed, options)
    names = [p.name for p in state.players]
    write(f"Turf — a demo match, seed {seed}. Every seat is a {level} computer player.")
    write("  Seats in order: " + ", ".join(names) + ".")
    write(f"— Round 1: {names[0]}'s turn —")  # new_match opened it: no event tells it
    turn: list[Event] = []
    pictures = 0
    decisions: list[tuple[int, str]] = []

    # Identical lines in a row, across decisions (and the turn a decision closes), are
    # told once: the latest line waits until a different one follows.
    once = TellOnce()

    def close_turn() -> None:
        nonlocal pictures, turn
        if out is not None and turn:
            pictures += 1
            view = player_view(state)
            write_file(out / f"turf-{pictures:04d}.png", render_turf_png(view, turn))
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
        for line in once.add(narrate_turf(names, events)):
            write(line.text)
    for line in once.flush():
        write(line.text)
    close_turn()
    write("")
    write("Final count")
    result = state.result
    for place, seat in enumerate(result.ranking, start=1):
        p = state.players[seat]
        write(
            f"  {place}. {p.name}: {len(state.guards(seat))} buildings, "
            f"{state.thugs(seat)} thugs, {len(p.hand)} cards"
        )
    if save is not None:
        from bot.registry import TURF
        from bot.replay_file import export

        write_file(save, export(state.setup, decisions, game=TURF))
        write(f"replay file written to {save} (`chicago-bot replay {save}` verifies it)")
    if out is not None:
        write(f"{pictures} pictures written to {out}")
        write("Alt text of the last: " + turf_alt_text(player_view(state), []))
    return state
