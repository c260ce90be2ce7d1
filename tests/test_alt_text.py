"""Alt text for board pictures: whose turn, where everyone stands, cash, people and
marks, within Discord's 1,024 characters."""

from __future__ import annotations

from bot.chicago.render.alt_text import MAX_ALT, alt_text
from bot.chicago.render.sample import moment_after
from tests.test_render import scene


def test_a_mid_game_scene_is_told_side_by_side() -> None:
    text = alt_text(*scene())
    assert len(text) <= MAX_ALT
    assert text.startswith("Chicago 1927 board, round 9, Nora's turn; waiting for Nora to roll.")
    assert (
        "Nora moved to Drake Supper Club: Dining business, run by Sal Moretti, fine $3,500 "
        "(whole block)." in text
    )
    assert (
        "Nora (The Don, powered): $18,450, 50 soldiers, 2 of 4 marks, on Drake Supper Club." in text
    )
    assert "Sal Moretti (Queen Bee): $9,300, 37 soldiers, 3 of 4 marks" in text
    assert "$4,150, 50 soldiers, 1 of 4 marks, detained on Detention." in text
    assert "Ada (The Fixer): out of the match, 0 of 4 marks." in text
    assert "Chicago Police (Warrant): $12,000, 28 officers, 1 of 4 marks" in text
    assert text.endswith("Latest: Sal Moretti takes control of Gold Coast Cabaret for $3,200.")
    assert "·" not in text


def test_a_finished_match_names_the_winner_and_the_final_counts() -> None:
    final = moment_after(4, 10_000, 3)
    text = alt_text(final.state, final.events)
    result = final.state.result
    assert result is not None
    winner = final.state.sides[result.winner].name
    assert text.startswith(f"Chicago 1927 board after round {final.state.round}: {winner} wins")
    assert text.count("final count $") == sum(1 for s in result.scores if s is not None)


def test_five_long_names_still_fit_and_keep_every_figure() -> None:
    state, events = scene()
    for side in state.sides:
        side.name = f"{side.seat}" + "W" * 31  # Discord names run to 32 characters
    text = alt_text(state, events)
    assert len(text) <= MAX_ALT
    for side in state.sides:
        assert f"{side.marks} of 4 marks" in text
        if not side.eliminated:
            assert f"${side.cash:,}" in text and f"{side.people} " in text


def test_names_are_shortened_only_when_nothing_else_makes_room() -> None:
    state, events = scene()
    for side in state.sides:
        side.name = f"{side.seat}" + "W" * 99
    text = alt_text(state, events)
    assert len(text) <= MAX_ALT
    assert "Latest:" not in text and "(The Don" not in text  # the news and characters went
    assert "W" * 16 not in text and "0" + "W" * 14 + "…: $18,450" in text
    plain = alt_text(*scene())
    assert "Big Jim Colosimo" in plain and "…" not in plain
