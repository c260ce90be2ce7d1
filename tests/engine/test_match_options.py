"""Match options for a shorter evening (RULES §1 with §11.3): marks to win and a round
limit after which the final count decides. The defaults play RULES.md exactly."""

from __future__ import annotations

import pytest

from engine.chicago import MatchOptions, apply, new_match
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import MatchEnded
from engine.chicago.state import EndReason
from engine.chicago.testing import give, place, script_dice
from tests.engine.scenes import asks, decide, of, turn

CHARACTERS = [Character.DON, Character.QUEEN_BEE]


def test_defaults_are_the_rules_as_written() -> None:
    options = new_match(2, seed=1).setup.options
    assert (options.marks_to_win, options.round_limit) == (4, None)


def test_rules_1_short_match_is_won_by_the_third_mark() -> None:
    """RULES §1 with marks_to_win=3: the raid earning a third mark ends the match."""
    state = new_match(
        2, 1, MatchOptions(marks_to_win=3), shuffle_seats=False, characters=CHARACTERS
    )
    state.police.position = 18
    state.sides[0].marks = 2
    give(state, 1, 12)
    state.sides[1].people = 1
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "raid", 6, 1)
    assert state.sides[0].marks == 3
    assert state.result is not None
    assert (state.result.reason, state.result.winner) == (EndReason.MARKS, 0)
    assert of(events, MatchEnded)[0].winner == 0


def test_rules_11_3_round_limit_ends_with_the_final_count_after_the_police_turn() -> None:
    """The limit ends the match once the last turn of round N is over; the final count
    of §11.3 ranks the sides ($10,000 a mark + cash + businesses + $100 a person)."""
    state = new_match(2, 1, MatchOptions(round_limit=1), shuffle_seats=False, characters=CHARACTERS)
    state.sides[1].marks = 1
    for seat in (0, 1):
        script_dice(state, 1, 2)  # Start -> Halsted Pawn Shop, merchant-run
        apply(state, seat, "roll")
        asks(state, DecisionKind.ACTION, seat)
        apply(state, seat, "pass")
    assert state.result is None
    asks(state, DecisionKind.ROLL, 2)
    script_dice(state, 1, 2)  # police: Start -> Arrested (27), no arrival effect
    apply(state, 2, "roll")
    asks(state, DecisionKind.ACTION, 2)
    events = apply(state, 2, "pass")
    assert state.result is not None
    assert state.result.reason is EndReason.ROUND_LIMIT
    assert state.result.scores == [
        12_000 + 100 * 50,
        10_000 + 12_000 + 100 * 50,
        12_000 + 100 * 28,
    ]
    assert state.result.winner == 1
    assert state.result.ranking == [1, 0, 2]
    assert of(events, MatchEnded)[0].reason is EndReason.ROUND_LIMIT


@pytest.mark.parametrize("options", [MatchOptions(marks_to_win=0), MatchOptions(round_limit=0)])
def test_nonsense_options_are_refused(options: MatchOptions) -> None:
    with pytest.raises(ValueError):
        new_match(2, 1, options)
