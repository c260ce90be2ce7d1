"""A decision id is read back by the default game's rules: a legal decision becomes a
click in the rules' text form, anything else (an old release's id, a forged one) is
refused as `Malformed` rather than raising."""

from __future__ import annotations

from bot.discord_app.custom_ids import (
    DecisionClick,
    LeaderboardClick,
    Malformed,
    decision_id,
    leaderboard_id,
    parse,
    sure_id,
)


def test_a_decision_id_reads_back_as_the_decision_it_offered() -> None:
    assert parse(decision_id(7, 3, "roll")) == DecisionClick(7, 3, "roll")
    trade = "trade:1:3.4:-:250"
    assert parse(sure_id(7, 3, trade)) == DecisionClick(7, 3, trade, sure=True)


def test_a_decision_the_rules_do_not_know_is_malformed() -> None:
    for forged in ("chicago:7:3:rolll", "chicago:7:3:trade:1:x:-:0", "chicago:7:sure:3:nope"):
        assert parse(forged) == Malformed(forged)


def test_a_leaderboard_page_id_names_its_game_and_an_older_one_is_chicago_1927s() -> None:
    """Leaderboard buttons posted while Chicago 1927 alone was rated still turn its
    pages; a new one turns the pages of the game it shows."""
    assert parse(leaderboard_id("bootleg", 2)) == LeaderboardClick(2, "bootleg")
    assert parse("chicago:leaderboard:3") == LeaderboardClick(3, "chicago")
    assert parse("chicago:leaderboard:-1") == LeaderboardClick(-1, "chicago")
