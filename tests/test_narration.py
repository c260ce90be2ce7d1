"""Narration (bot/narration.py): every engine event reads as a short English line."""

from __future__ import annotations

from bot.narration import Narrator, standings
from engine import DecisionKind, PlayerSpec, apply, new_match
from engine.computer import choose
from engine.events import Event
from engine.testing import give, place
from tests.engine.scenes import decide, match, turn


def test_every_event_of_whole_matches_is_told_or_deliberately_left_out() -> None:
    kinds: set[str] = set()
    for seed in range(1, 8):
        players = [PlayerSpec(f"Boss {i}", "random") for i in range(4)]
        state = new_match(4, seed, None, players, PlayerSpec("Police", "random"))
        narrator = Narrator()
        told: list[str] = []
        while state.result is None:
            pending = state.pending
            assert pending is not None
            events: list[Event] = apply(state, pending.seat, choose(state, pending.seat))
            for line in narrator.lines(state, events):
                assert line and "\n" not in line and len(line) < 200
                assert "None" not in line and "{" not in line
                told.append(line)
            kinds.update(e.kind for e in events)
        assert "wins the match" in told[-1]
        assert len(standings(state)) == 5
    assert {"raid_ended", "mark_earned", "card_drawn", "control_changed"} <= kinds


def test_a_raid_is_summed_up_with_both_sides_losses() -> None:
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 0, 10)
    narrator = Narrator()
    lines = narrator.lines(state, turn(state, 0, 1, 1))
    assert "Boss 1 rolls 1 + 1 to Bridgeport Chop House." in lines
    lines = narrator.lines(state, decide(state, 0, "raid", *([6, 1] * 20)))
    while state.pending is not None and state.pending.kind is DecisionKind.FIGHT_OR_WITHDRAW:
        lines += narrator.lines(state, apply(state, state.pending.seat, "fight"))
    assert lines[0] == "Boss 1 raids Boss 2 at Bridgeport Chop House!"
    assert "Boss 1 beats Boss 2 (Boss 1 lost 0, Boss 2 lost 20)." in lines
    assert "Boss 1 earns an Empire Mark (1 of 4)." in lines
