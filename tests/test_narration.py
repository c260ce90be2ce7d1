"""Narration (bot/chicago/narration.py): every engine event reads as a short English line."""

from __future__ import annotations

from bot.chicago.narration import Narrator, standings
from engine.chicago import DecisionKind, PlayerSpec, apply, new_match
from engine.chicago.computer import choose
from engine.chicago.events import Event
from engine.chicago.testing import give, place
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


def test_every_card_says_what_it_does() -> None:
    from bot.chicago.narration import card_effect
    from engine.chicago.cards import CONTACTS, POLICE_FILE, STREET_LIFE_ENTRIES

    for drawn in (CONTACTS, *STREET_LIFE_ENTRIES, *POLICE_FILE):
        effect = card_effect(drawn)
        assert effect and "{" not in effect, drawn.title


def test_a_card_that_finds_nothing_to_act_on_says_why() -> None:
    from engine.chicago.events import CardDrawn, ContactsChanged, ContactsReason

    state = match(bosses=2)
    drawn = CardDrawn(0, "police_file", "Defense attorney")
    (line,) = Narrator().lines(state, [drawn])
    assert line.startswith("Boss 1 draws Police File “Defense attorney”: take a Contacts")
    assert line.endswith("— there is none to take.")
    taken = ContactsChanged(0, 2, ContactsReason.DISCARD)
    lines = Narrator().lines(state, [drawn, taken])
    assert "none to take" not in lines[0] and lines[1] == "Boss 1 now holds 2 Contacts."


def test_whole_matches_tell_every_card_and_no_empty_turn_endings() -> None:
    for seed in (2, 5, 11):
        players = [PlayerSpec(f"Boss {i}", "random") for i in range(3)]
        state = new_match(3, seed, None, players, PlayerSpec("Police", "random"))
        narrator = Narrator()
        while state.result is None:
            pending = state.pending
            assert pending is not None
            events = apply(state, pending.seat, choose(state, pending.seat))
            lines = narrator.lines(state, events)
            assert not any("sits tight" in line for line in lines)
            cards = sum(1 for e in events if e.kind == "card_drawn")
            told = [line for line in lines if " draws " in line]
            assert len(told) == cards and all("”: " in line for line in told)
            for line in lines:
                if "bribe" in line:
                    assert "runs into" in line and "rolled" in line, line


def test_final_standings_show_the_final_count_of_every_side_still_in() -> None:
    from bot.chicago.narration import FINAL_COUNT

    state = match(bosses=2)
    state.sides[1].marks = 3
    give(state, 1, 12)
    place(state, 0, 10)
    while state.result is None:
        pending = state.pending
        assert pending is not None
        apply(state, pending.seat, choose(state, pending.seat))
    result = state.result
    lines = standings(state)
    for place_, seat in enumerate(result.ranking):
        score = result.scores[seat]
        if score is None:
            assert lines[place_].endswith(" · eliminated")
        else:
            assert lines[place_].endswith(f"businesses · {FINAL_COUNT} ${score:,}") or lines[
                place_
            ].endswith(f"business · {FINAL_COUNT} ${score:,}")


def test_police_landing_on_a_card_space_is_told_it_draws_nothing() -> None:
    """RULES §2.4, §4.2: police never draws; the story says so instead of going quiet."""
    from bot.chicago.narration import narrate
    from engine.chicago.board import SPACES, SpaceKind
    from engine.chicago.events import Moved, MoveKind

    state = match(bosses=2)
    card_space = next(s.index for s in SPACES if s.kind is SpaceKind.CARD)
    police = state.police_seat
    lines = narrate(state, [Moved(police, 0, card_space, (card_space,), MoveKind.DICE)])
    assert lines[0].text.endswith("(police draw no cards).")
    boss = narrate(state, [Moved(0, 0, card_space, (card_space,), MoveKind.DICE)])
    assert "draw no cards" not in boss[0].text
