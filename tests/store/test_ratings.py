"""Ratings: places from the stored result, OpenSkill updates that reward strong tables,
the incremental table in the store, and the rebuild that must reproduce it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot import rating_board, ratings
from bot.store import MatchStatus, ResultRecord, SeatRecord, SideResult
from bot.store.interface import PlayerRating, RatingChange, Skill
from tests.store.helpers import Store


def side(
    seat: int,
    user: int | None,
    won: bool = False,
    score: int | None = 0,
    computer: str | None = None,
    role: str = "boss",
) -> SideResult:
    facts = {"character": "Queen Bee", "marks": 0, "raids_lost": 0, "raids_won": 0, "role": role}
    return SideResult(0, seat, "chicago", f"P{user or computer}", user, computer, won,
                      1 if won else seat + 2, score, facts)  # fmt: skip


def test_places_winner_then_final_count_then_eliminated_tied_last() -> None:
    sides = [
        side(0, 1, score=9000),
        side(1, 2, won=True, score=5000),
        side(2, 3, score=None),
        side(3, 4, score=9000),
        side(4, None, score=None, computer="normal", role="police"),
    ]
    assert ratings.standings(sides) == {1: 1, 0: 2, 3: 2, 2: 4, 4: 4}


def test_beating_a_hard_table_gains_more_than_beating_an_easy_one() -> None:
    strong = Skill(32.0, 3.0)
    weak = Skill(18.0, 3.0)
    tables = {}
    for level, skill in (("hard", strong), ("easy", weak)):
        key = f"computer:{level}"
        current = {key: PlayerRating(0, "chicago", key, level, None, skill, 100)}
        sides = [side(0, 7, won=True), *(side(i, None, computer=level) for i in (1, 2, 3))]
        change = ratings.rate_match(1, None, sides, current)[0]
        assert change.player == "user:7" and change.place == 1
        tables[level] = change.delta
    assert tables["hard"] > tables["easy"] > 0


def test_a_seat_finished_by_a_computer_counts_for_the_person_who_left_it() -> None:
    # The store keeps the person's id on a seat a computer took over (controller changes).
    left = side(0, 42, score=None)
    changes = ratings.rate_match(1, 5, [left, side(1, 43, won=True)], {})
    assert [c.player for c in changes] == ["user:42", "user:43"]
    assert changes[0].delta < 0 < changes[1].delta


async def _finished_match(store: Store, guild: int, channel: int, sides: list[SideResult]) -> int:
    seats = [SeatRecord(s.facts["role"], s.name, s.user_id, s.computer) for s in sides]
    record = await store.create_match(guild, channel, 1, {}, 0)
    await store.set_seats(record.match_id, seats)
    winner = next(s.seat for s in sides if s.won)
    scores = [s.score for s in sides]
    await store.finish(
        record.match_id,
        MatchStatus.FINISHED,
        ResultRecord("chicago", winner, "marks", scores, 20, 300),
    )
    await store.record_sides(record.match_id, [replace(s, match_id=record.match_id) for s in sides])
    return record.match_id


def _random_sides(rng: random.Random) -> list[SideResult]:
    bosses = rng.randint(2, 4)
    people = rng.sample(range(1, 9), rng.randint(1, bosses + 1))
    sides = []
    for seat in range(bosses + 1):
        user = people[seat] if seat < len(people) else None
        level = None if user else rng.choice(["easy", "normal", "hard"])
        score = None if rng.random() < 0.3 else rng.randrange(0, 60_000, 500)
        role = "police" if seat == bosses else "boss"
        sides.append(side(seat, user, score=score, computer=level, role=role))
    winner = rng.randrange(bosses + 1)
    sides[winner] = side(winner, sides[winner].user_id, True, 50_000, sides[winner].computer,
                         sides[winner].facts["role"])  # fmt: skip
    return sides


async def test_rebuilt_ratings_equal_the_ones_kept_as_matches_finished(
    store: Store,
) -> None:
    rng = random.Random(23)
    ids = []
    first: list[RatingChange] = []
    for n in range(40):
        guild = 100 + n % 2
        match_id = await _finished_match(store, guild, 1000 + n, _random_sides(rng))
        ids.append(match_id)
        changes = await store.rate_match(match_id, ratings.rated)
        first = first or changes
    abandoned = await store.create_match(100, 5000, 1, {}, 0)
    await store.finish(abandoned.match_id, MatchStatus.ABANDONED)

    incremental = await store.all_ratings()
    assert await store.rate_match(ids[0], ratings.rated) == first  # rated once only
    assert await store.all_ratings() == incremental

    matches = await store.rated_matches()
    assert [m.match_id for m in matches] == ids  # the abandoned match is not there
    rows, history = ratings.rebuild(matches)
    await store.replace_ratings(rows, history)
    assert await store.all_ratings() == incremental


async def test_leaderboard_ranks_people_with_enough_matches_by_rating(
    store: Store,
) -> None:
    # Player 1 always wins, 2 always second, 3 plays too few matches to be ranked.
    for n in range(ratings.MIN_RANKED_MATCHES):
        sides = [side(0, 1, won=True, score=9000), side(1, 2, score=5000),
                 side(2, None, score=100, computer="hard", role="police")]  # fmt: skip
        if n == 0:
            sides.append(side(3, 3, score=None))
        match_id = await _finished_match(store, 9, 2000 + n, sides)
        await store.rate_match(match_id, ratings.rated)
    page = await rating_board.leaderboard_page(store, 9, "chicago", 0, 10)
    assert page.ranked == 2 and page.provisional == 1 and len(page.lines) == 3
    assert "P1" in page.lines[0] and "P2" in page.lines[1]
    assert f"{ratings.MIN_RANKED_MATCHES} matches" in page.lines[0]
    # Who played too few matches is listed after the ranked, marked provisional.
    assert "P3" in page.lines[2] and page.lines[2].endswith("1 match · provisional")
    text = await rating_board.player_rating(store, 9, 3, "chicago")
    assert f"ranked after {ratings.MIN_RANKED_MATCHES} matches" in text
    assert text.count("\n") == 1  # the rating, then one change


@pytest.mark.parametrize("guild", [None, 0])
async def test_matches_outside_a_server_share_one_table(store: Store, guild: int | None) -> None:
    match_id = await _finished_match(store, guild or 0, 3000, [side(0, 1, won=True), side(1, 2)])
    changes = await store.rate_match(match_id, ratings.rated)
    assert {c.guild_id for c in changes} == {0}
    assert await store.player_rating(guild, "chicago", "user:1") is not None


async def test_the_board_lists_everyone_who_played_ranked_first_page_by_page(
    store: Store,
) -> None:
    """Ranked people first, then the provisional, each group best first, across pages;
    the final message says where each person now stands."""
    for n in range(ratings.MIN_RANKED_MATCHES):
        sides = [side(0, 1, won=True, score=9000), side(1, 2, score=5000)]
        if n == ratings.MIN_RANKED_MATCHES - 1:  # two newcomers join the last match
            sides += [side(2, 3, score=4000), side(3, 4, score=100)]
        match_id = await _finished_match(store, 7, 4000 + n, sides)
        told = await rating_board.rate_finished(store, match_id)
    lines = told.splitlines()
    assert lines[0].startswith("P1: ") and lines[0].endswith(" · 1st of 2 ranked")
    assert lines[1].startswith("P2: ") and lines[1].endswith(" · 2nd of 2 ranked")
    left = ratings.MIN_RANKED_MATCHES - 1
    assert lines[2].endswith(f" · provisional, ranked after {left} more matches")
    first = await rating_board.leaderboard_page(store, 7, "chicago", 0, 3)
    second = await rating_board.leaderboard_page(store, 7, "chicago", 1, 3)
    assert (first.ranked, first.provisional, first.pages) == (2, 2, 2)
    names = [line.split(" — ")[0] for line in first.lines + second.lines]
    assert names == ["**1.** P1", "**2.** P2", "**3.** P3", "**4.** P4"]
    assert [line.endswith("provisional") for line in first.lines + second.lines] == [
        False, False, True, True,
    ]  # fmt: skip
    assert "2 ranked · 2 provisional" in first.footer
