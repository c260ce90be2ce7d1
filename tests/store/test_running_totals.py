"""The totals kept as matches finish read the same as counting every stored row would:
history pages and counts by each result's number, and each player's statistics from
their tallies (on SQLite and on PostgreSQL)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from bot.store import MatchStatus, ResultRecord, SeatRecord, SideResult
from tests.store.helpers import Store, execute_sql, fetch_sql

CHARACTERS = ("Queen Bee", "Big Al", "The Fixer")


async def _finished(store: Store, guild: int | None, channel: int, users: list[int]) -> int:
    record = await store.create_match(guild, channel, users[0], {}, channel)
    seats = [SeatRecord("boss", f"U{u}", u) for u in users]
    await store.set_seats(record.match_id, [*seats, SeatRecord("police", "Police", None, "easy")])
    result = ResultRecord("chicago", 0, "marks", [1] * (len(users) + 1), 3, 30)
    await store.finish(record.match_id, MatchStatus.FINISHED, result)
    return record.match_id


async def test_history_pages_and_counts_read_as_the_full_ordering(store: Store) -> None:
    for n in range(27):
        await _finished(store, 1 if n % 4 else None, 100 + n, [1, 2])
    await _finished(store, 2, 999, [1, 2])
    for guild in (1, None, 2, 3):
        where = "guild_id IS NULL" if guild is None else f"guild_id = {guild}"
        everything = [
            r[0]
            for r in await fetch_sql(
                store,
                f"SELECT match_id FROM results WHERE {where} "
                "ORDER BY finished_at DESC, match_id DESC",
            )
        ]
        assert await store.finished_count(guild) == len(everything)
        for offset in (0, 3, 10, 19, 20, len(everything) - 1, len(everything), 40):
            page = await store.finished_matches(guild, 10, offset)
            assert [m.match_id for m in page] == everything[offset : offset + 10], (guild, offset)
            assert all(m.guild_id == guild for m in page)
        assert [m.match_id for m in await store.finished_matches(guild, 100)] == everything


def _sides(match_id: int, users: list[int], rng: random.Random) -> list[SideResult]:
    winner = rng.randrange(len(users) + 1)
    sides = []
    for seat, user in enumerate([*users, None]):
        police = user is None or rng.random() < 0.2
        facts: dict[str, Any] = {
            "role": "police" if police else "boss",
            "character": rng.choice(CHARACTERS),
            "marks": rng.randint(0, 9),
            "raids_won": rng.randint(0, 3),
            "raids_lost": rng.randint(0, 3),
            "said": [rng.randint(1, 9)],  # a list: not part of any tally
        }
        name = f"U{user}-{rng.randint(0, 2)}"
        sides.append(SideResult(match_id, seat, "chicago", name, user, None if user else "easy",
                                seat == winner, 1 if seat == winner else 2, 5, facts))  # fmt: skip
    return sides


async def test_a_players_tallies_add_up_their_side_rows(store: Store) -> None:
    rng = random.Random(5)
    recorded: dict[int, list[SideResult]] = {}
    for n in range(30):
        guild = None if n % 5 == 0 else 1
        users = rng.sample([1, 2, 3, 4], rng.randint(1, 3))
        match_id = await _finished(store, guild, 200 + n, users)
        recorded[match_id] = _sides(match_id, users, rng)
        await store.record_sides(match_id, recorded[match_id])
    for match_id in rng.sample(sorted(recorded), 8):  # recorded again: replaced, not added
        seats = [s.user_id for s in recorded[match_id] if s.user_id is not None]
        recorded[match_id] = _sides(match_id, seats, rng)
        await store.record_sides(match_id, recorded[match_id])
    for guild in (1, None, 7):
        for user in (1, 2, 3, 4, 5):
            rows = await store.side_results(guild, user)
            expected: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
            for row in rows:
                totals = expected[(row.facts["role"], row.facts["character"])]
                counted = (1, int(row.won), row.facts["marks"], row.facts["raids_won"],
                           row.facts["raids_lost"])  # fmt: skip
                for i, value in enumerate(counted):
                    totals[i] += value
            tallies = await store.player_tallies(guild, user)
            found = {
                (str(t.kind["role"]), str(t.kind["character"])): [
                    t.played, t.won, t.sums["marks"], t.sums["raids_won"], t.sums["raids_lost"]
                ]
                for t in tallies
            }  # fmt: skip
            assert found == dict(expected), (guild, user)
            assert all(set(t.kind) == {"role", "character"} for t in tallies)
            if rows:
                latest = max(tallies, key=lambda t: t.last_at)
                assert latest.name == rows[-1].name


async def test_a_match_finished_again_keeps_its_number_and_is_counted_once(store: Store) -> None:
    first = await _finished(store, 1, 300, [1])
    second = await _finished(store, 1, 301, [2])
    # As if it had been reopened (a restored backup): finishing it again replaces its result.
    await execute_sql(store, "UPDATE matches SET status = 'running' WHERE id = ?", (first,))
    result = ResultRecord("chicago", 1, "marks", [1, 2], 4, 40)
    await store.finish(first, MatchStatus.FINISHED, result)
    assert await store.finished_count(1) == 2
    assert [m.match_id for m in await store.finished_matches(1, 10)] == [second, first]
    assert (await store.finished_matches(1, 10))[1].result.winner == 1
