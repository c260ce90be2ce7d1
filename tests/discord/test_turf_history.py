"""A Turf match finished by clicks, read back through the history commands: its line in
`/chicago history`, its replay file and animation from `/chicago replay` (verified by
replaying it), and statistics and the leaderboard that take Turf rows in their stride."""

from __future__ import annotations

import json

import pytest

from bot import ratings
from bot.registry import TURF
from bot.replay_file import ReplayRefused, load
from bot.store import SideResult
from bot.turf.narration import ENDING_NAMES
from tests.discord.harness import Table, private_text
from tests.discord.turf_driver import Plan, take_turn


async def turf_match_by_clicks(table: Table, rounds: int = 3) -> None:
    """alice and bob play a short Turf match to its result, by clicks."""
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2, rounds=rounds)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    plan = Plan()
    for _ in range(600):
        if await take_turn(table, plan) is None:
            break
        await table.env.advance_time(1.5)
    assert "The match is over" in table.history()[-1].content


async def test_a_turf_match_shows_in_history_and_replays_from_its_file(table: Table) -> None:
    await turf_match_by_clicks(table)
    stored = await table.bot.store.finished_match(1)
    assert stored is not None and stored.result.game == "turf"
    ending = TURF.ending_words(stored.result.reason)
    assert ending in ENDING_NAMES.values(), ending
    alice = table.members["alice"]

    shown = await alice.slash(table.channel, "chicago history")
    assert shown.response is not None
    line = shown.response.embeds[0].description or ""
    assert line.startswith("**#1** · "), line
    assert "🎲 Turf" in line and f"— {ending} · {stored.result.rounds} rounds" in line, line
    winner = stored.result.winner
    named = stored.seats[winner].name if winner >= 0 else "nobody"
    assert f"🏆 {named} —" in line and "(Turf)" not in line, line
    assert "alice" in line and "bob" in line

    offered = await alice.autocomplete(table.channel, "chicago replay", "match", "")
    assert [c["value"] for c in offered] == [1]
    posted = await alice.slash(table.channel, "chicago replay", match=1)
    assert posted.response is not None
    assert "of Turf" in posted.response.content, posted.response.content
    files = {a.filename: a for a in posted.response.attachments}
    assert sorted(files) == ["turf-match-1.gif", "turf-match-1.turf.json"], sorted(files)
    gif = await files["turf-match-1.gif"].read()
    assert gif[:6] == b"GIF89a" and len(gif) < 10_000_000
    data = await files["turf-match-1.turf.json"].read()
    replay = load(data)  # verifies by replaying
    assert replay.game is TURF and replay.state.result is not None
    assert replay.state.result.winner == winner
    assert replay.state.round == stored.result.rounds
    document = json.loads(data)
    assert document["game"] == "turf" and document["match"]["id"] == 1

    tampered = data.replace(b'"word"', b'"end"', 1)
    assert tampered != data
    with pytest.raises(ReplayRefused, match="changed after it was exported"):
        load(tampered)


async def test_stats_and_leaderboard_take_turf_rows(table: Table) -> None:
    """Turf counts in a player's matches and under its own name, never as Empire Marks
    or a boss character; it has ratings of its own, which Chicago 1927's board never
    shows: the final message says where each player now stands in Turf, the channel's
    leaderboard opens on Turf, and Chicago 1927's stays empty."""
    await turf_match_by_clicks(table, rounds=2)
    stored = await table.bot.store.finished_match(1)
    assert stored is not None
    won = stored.result.winner == 0
    first = stored.seats[0]
    final = table.history()[-1].content
    assert "📈 **Ratings in Turf**" in final, final
    for seat in stored.seats:
        assert f"• {seat.name}: " in final and "provisional, ranked after 4 more matches" in final
    member = next(m for m in table.members.values() if m.id == first.user_id)
    mine = await member.slash(table.channel, "chicago stats")
    assert mine.response is not None, private_text(mine)
    values = {f.name: f.value or "" for f in mine.response.embeds[0].fields}
    assert values["Matches"] == "1"
    assert values["Turf"] == f"{int(won)}/1 ({100 * int(won)}%)"
    assert values["As a boss, by character"] == "—"
    assert values["Empire Marks earned"] == "0"
    assert "after 1 matches (ranked after 5 matches)" in values["Rating · Turf"]
    assert "Rating · Chicago 1927" not in values
    board = await member.slash(table.channel, "chicago leaderboard")
    assert board.response is not None
    shown = board.response.embeds[0]
    assert shown.title == "🏆 Who rules Chicago at Turf"
    listed = (shown.description or "").splitlines()
    assert len(listed) == 2 and all(line.endswith(" · provisional") for line in listed)
    home = await member.slash(table.channel, "chicago leaderboard", game="chicago")
    assert home.response is not None
    assert "Nobody has played a rated match of Chicago 1927" in (
        home.response.embeds[0].description or ""
    )
    store = table.bot.store
    for seat in stored.seats:
        player = f"user:{seat.user_id}"
        assert await store.player_rating(table.guild.id, "chicago", player) is None
        turf = await store.player_rating(table.guild.id, "turf", player)
        assert turf is not None and turf.matches == 1


def test_rebuild_rates_chicago_and_turf_each_in_its_own_table() -> None:
    """`chicago-bot ratings rebuild` rates each game apart: a Turf match moves nobody's
    Chicago 1927 rating, and Turf ranks by the places its placings gave."""

    def side(match: int, seat: int, game: str, won: bool) -> SideResult:
        return SideResult(match, seat, game, f"p{seat}", 100 + seat, None, won, 2 - won, 1, {})

    chicago = ratings.RatedMatch(
        1, 5, "chicago", [side(1, 0, "chicago", True), side(1, 1, "chicago", False)]
    )
    turf = ratings.RatedMatch(2, 5, "turf", [side(2, 0, "turf", False), side(2, 1, "turf", True)])
    alone, _ = ratings.rebuild([chicago])
    rows, history = ratings.rebuild([chicago, turf])
    assert {c.match_id for c in history} == {1, 2}
    assert [r for r in rows if r.game == "chicago"] == alone
    by_game = {(r.game, r.player): r.skill.rating for r in rows}
    assert by_game[("chicago", "user:100")] > by_game[("chicago", "user:101")]
    assert by_game[("turf", "user:101")] > by_game[("turf", "user:100")]
