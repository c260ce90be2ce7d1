"""History, statistics, leaderboard, replays, the post-match summary and Rematch,
through the real bot in the offline harness."""

from __future__ import annotations

import json

import discord

from bot import ratings
from bot.chicago.history import tell
from bot.chicago.side_rows import side_results
from bot.discord_app.lobby import build_setup, in_engine_order
from bot.discord_app.match_settings import MatchSettings
from bot.ratings import MIN_RANKED_MATCHES
from bot.replay_file import load
from bot.session import MatchSession
from bot.store import DecisionRecord, MatchStatus, ResultRecord, SeatRecord, dump_setup
from tests.discord.harness import Table, buttons, play_turn, private_text, seat_table

SETTINGS = {"bosses": 2, "timer": 300, "marks": 4, "round_limit": 3, "thread": False}


async def finished_match(
    table: Table, seats: list[SeatRecord], seed: int, channel_id: int | None = None
) -> int:
    """A match played to its end by computers behind these seats, stored as the bot
    stores one (rows, log, result and side records)."""
    store = table.bot.store
    channel = channel_id or table.channel.id
    record = await store.create_match(table.guild.id, channel, 1, SETTINGS, seed)
    setup = build_setup(MatchSettings.from_dict(SETTINGS), seed, seats)
    for player in setup.players:
        player.computer = "easy"
    setup.police.computer = "easy"
    session, _ = MatchSession.new(setup, narrated=False)
    ordered = in_engine_order([side.name for side in session.state.sides], seats)
    await store.set_seats(record.match_id, ordered)
    await store.start_match(record.match_id, dump_setup(setup))
    await store.append_decisions(
        record.match_id, [DecisionRecord(a.seq, a.seat, a.decision, "1") for a in session.log]
    )
    state = session.state
    assert state.result is not None
    result = ResultRecord(
        "chicago", state.result.winner, str(state.result.reason), list(state.result.scores),
        state.round, state.seq,
    )  # fmt: skip
    await store.finish(record.match_id, MatchStatus.FINISHED, result)
    _, story = tell(setup, [(a.seat, a.decision) for a in session.log])
    await store.record_sides(record.match_id, side_results(record.match_id, state, story, ordered))
    await store.rate_match(record.match_id, ratings.rated)
    return record.match_id


def trio(table: Table, first: str, second: str, police: str = "carol") -> list[SeatRecord]:
    m = table.members
    return [
        SeatRecord("boss", first, m[first].id),
        SeatRecord("boss", second, m[second].id),
        SeatRecord("police", police, m[police].id),
    ]


async def test_history_stats_and_a_player_who_left(table: Table) -> None:
    await finished_match(table, trio(table, "alice", "bob"), 3)
    await finished_match(table, trio(table, "bob", "dave"), 4)
    table.guild.remove_member(table.members["dave"])

    shown = await table.members["alice"].slash(table.channel, "chicago history")
    assert shown.response is not None and shown.response.ephemeral
    listing = shown.response.embeds[0].description or ""
    assert "**#1**" in listing and "**#2**" in listing
    assert listing.index("#2") < listing.index("#1")  # newest first
    assert "dave" in listing  # gone from the server, still shown by the stored name

    mine = await table.members["bob"].slash(table.channel, "chicago stats")
    assert mine.response is not None
    embed = mine.response.embeds[0]
    values = {f.name: f.value for f in embed.fields}
    assert embed.title == "📊 bob in Chicago"
    assert values["Matches"] == "2"
    assert "Raids won / lost" in values and "Empire Marks earned" in values
    assert values["As police"] == "—"
    theirs = await table.members["alice"].slash(
        table.channel, "chicago stats", player=table.members["carol"]
    )
    assert theirs.response is not None
    police = {f.name: f.value or "" for f in theirs.response.embeds[0].fields}["As police"]
    assert police.endswith(("(0%)", "(50%)", "(100%)")) and "/2" in police
    fields = {f.name: f.value or "" for f in theirs.response.embeds[0].fields}
    rating = fields["Rating · Chicago 1927"]
    assert f"after 2 matches (ranked after {MIN_RANKED_MATCHES} matches)" in rating
    assert rating.count("\n#") == 2  # one line per rated match, newest first
    assert rating.index("#2:") < rating.index("#1:")
    ranked = await table.members["alice"].slash(table.channel, "chicago leaderboard")
    assert ranked.response is not None
    board = ranked.response.embeds[0]
    # Nobody has played enough to be ranked, yet everyone who played is listed, marked.
    listed = (board.description or "").splitlines()
    assert len(listed) == 4 and all(line.endswith(" · provisional") for line in listed)
    names = {line.split(" — ")[0].split()[-1] for line in listed}
    assert names == {"alice", "bob", "carol", "dave"}
    assert "0 ranked · 4 provisional" in (board.footer.text or "")


async def test_leaderboard_pages_with_buttons(table: Table) -> None:
    m = table.members
    # Twelve players who left the server, six matches each, against alice: 13 ranked.
    for n in range(36):
        seats = [
            SeatRecord("boss", f"gone-{n % 12}", 9000 + n % 12),
            SeatRecord("boss", f"gone-{(n + 1) % 12}", 9000 + (n + 1) % 12),
            SeatRecord("police", "alice", m["alice"].id),
        ]
        await finished_match(table, seats, 20 + n)
    shown = await m["bob"].slash(table.channel, "chicago leaderboard")
    assert shown.response is not None and not shown.response.ephemeral
    first = shown.response
    assert (first.embeds[0].footer.text or "").startswith("Page 1 of 2 · 13 ranked")
    board = first.embeds[0].description or ""
    shown_ratings = [float(line.split(" — ")[1].split(" · ")[0]) for line in board.splitlines()]
    assert shown_ratings == sorted(shown_ratings, reverse=True)
    labels = {b.label: b for b in buttons(first)}
    assert labels["◀ Previous"].disabled and not labels["Next ▶"].disabled
    assert (first.embeds[0].description or "").count("\n") == 9  # ten players a page
    turned = await table.click(m["carol"], first, label="Next ▶")
    assert turned.acknowledged
    message = table.history()[-1]
    assert (message.embeds[0].footer.text or "").startswith("Page 2 of 2")
    assert "**11.**" in (message.embeds[0].description or "")
    back = {b.label: b for b in buttons(message)}
    assert back["Next ▶"].disabled and not back["◀ Previous"].disabled


async def test_replay_offers_finished_matches_and_posts_animation_and_log(table: Table) -> None:
    first = await finished_match(table, trio(table, "alice", "bob"), 3)
    await finished_match(table, trio(table, "bob", "dave"), 4)
    alice = table.members["alice"]
    offered = await alice.autocomplete(table.channel, "chicago replay", "match", "")
    assert [c["value"] for c in offered] == [2, 1]
    assert "alice" in offered[1]["name"]
    narrowed = await alice.autocomplete(table.channel, "chicago replay", "match", "dave")
    assert [c["value"] for c in narrowed] == [2]

    posted = await alice.slash(table.channel, "chicago replay", match=first)
    assert posted.response is not None
    files = {a.filename: a for a in posted.response.attachments}
    gif = await files[f"chicago-match-{first}.gif"].read()
    assert gif[:6] == b"GIF89a" and len(gif) < 10_000_000
    log_file = await files[f"chicago-match-{first}.chicago.json"].read()
    replay = load(log_file)  # verifies by replaying
    stored = await table.bot.store.finished_match(first)
    assert replay.state.result is not None and stored is not None
    assert replay.state.result.winner == stored.result.winner
    assert json.loads(log_file)["match"]["id"] == first

    missing = await alice.slash(table.channel, "chicago replay", match=77)
    assert "no finished match #77" in private_text(missing)


async def test_a_finished_match_ends_with_its_summary_and_a_rematch(table: Table) -> None:
    table.seed = 11
    await seat_table(
        table, ("alice",), None, ("boss:normal", "police:easy"), length="rounds", rounds=2
    )
    seen: dict[str, int] = {}
    for _ in range(200):
        if await play_turn(table, seen) is None:
            break
    final = table.history()[-1]
    assert [a.filename for a in final.attachments] == ["board.png", "marks.png"]
    titles = [e.title for e in final.embeds]
    assert titles[1] == "📜 Match summary"
    fields = {f.name: f.value or "" for f in final.embeds[1].fields}
    assert "won" in fields["How it ended"] and "Richest moment" in fields
    assert fields["Ratings"].startswith("alice: ") and "(" in fields["Ratings"]
    # Where alice now stands: her first match leaves her provisional, so said.
    assert fields["Ratings"].endswith(
        f" · provisional, ranked after {MIN_RANKED_MATCHES - 1} more matches"
    ), fields["Ratings"]
    chart = await final.attachments[1].read()
    assert chart[:8] == b"\x89PNG\r\n\x1a\n"
    rows = await table.bot.store.side_results(table.guild.id, table.members["alice"].id)
    assert len(rows) == 1 and rows[0].name == "alice"

    stranger = await table.click(table.members["dave"], final, label="Rematch")
    assert "Only the players" in private_text(stranger)
    again = await table.click(table.members["alice"], final, label="Rematch")
    assert again.response is not None
    lobby = table.lobby()
    assert "Rematch of match #1" in table.texts()
    record = await table.bot.store.match_in_channel(table.channel.id)
    assert record is not None and record.status is MatchStatus.LOBBY
    assert record.host_id == table.members["alice"].id
    assert [(s.role, s.user_id is None) for s in record.seats] == [
        ("boss", False),
        ("boss", True),
        ("police", True),
    ]
    assert lobby.id != final.id
    twice = await table.click(table.members["alice"], final, label="Rematch")
    assert "already open" in private_text(twice)
    started = await table.click(table.members["alice"], lobby, label="Start")
    assert started.acknowledged and table.prompt() is not None
    assert isinstance(lobby, discord.Message)


async def test_a_hard_computer_plays_through_the_bot_and_its_match_is_rated(table: Table) -> None:
    table.seed = 11
    await seat_table(
        table, ("alice",), None, ("boss:hard", "police:hard"), length="rounds", rounds=2
    )
    seen: dict[str, int] = {}
    for _ in range(200):
        if await play_turn(table, seen) is None:
            break
    final = table.history()[-1]
    fields = {f.name: f.value or "" for f in final.embeds[1].fields}
    assert fields["Ratings"].startswith("alice: ")
    store = table.bot.store
    record = (await store.finished_matches(table.guild.id, 1))[0]
    log_ = (await store.load(record.match_id)).full_log
    assert any(d.actor == "computer" and d.decision != "roll" for d in log_)
    hard = await store.player_rating(table.guild.id, "chicago", "computer:hard")
    assert hard is not None and hard.matches == 1
