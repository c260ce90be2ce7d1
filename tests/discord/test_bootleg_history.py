"""A Bootleg match finished by clicks, read back through the commands a player uses
afterwards: its line in `/chicago history`, its replay file and animation from
`/chicago replay` (verified by replaying it), `/chicago stats` under its own name; and
the look-ups, `/chicago rules` and `/chicago card`, for every kind of Bootleg piece."""

from __future__ import annotations

import json

from bot.registry import GAMES
from bot.replay_file import load
from tests.discord.bootleg_driver import take_turn
from tests.discord.harness import Table, buttons, private_text
from tests.discord.test_history import finished_match, trio
from tests.discord.turf_driver import game_table


async def bootleg_match_by_clicks(table: Table) -> None:
    """alice and bob play a Secret Bootleg match to the final count, by clicks."""
    await table.open_lobby("alice", game="bootleg", players=2)
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    game_table(table)
    for n in range(600):
        if table.bot.tables.by_id.get(1) is None or await take_turn(table, n) is None:
            break
        await table.env.advance_time(1.5)
    assert "The match is over" in table.history()[-1].content


async def test_a_bootleg_match_shows_in_history_stats_and_its_replay(table: Table) -> None:
    await bootleg_match_by_clicks(table)
    stored = await table.bot.store.finished_match(1)
    assert stored is not None and stored.result.game == "bootleg"
    alice = table.members["alice"]
    shown = await alice.slash(table.channel, "chicago history")
    assert shown.response is not None
    line = shown.response.embeds[0].description or ""
    assert "Bootleg" in line and "alice" in line and "bob" in line, line

    posted = await alice.slash(table.channel, "chicago replay", match=1)
    assert posted.response is not None
    assert "of Bootleg" in posted.response.content, posted.response.content
    files = {a.filename: a for a in posted.response.attachments}
    assert sorted(files) == ["bootleg-match-1.bootleg.json", "bootleg-match-1.gif"], sorted(files)
    gif = await files["bootleg-match-1.gif"].read()
    assert gif[:6] == b"GIF89a" and len(gif) < 10_000_000
    data = await files["bootleg-match-1.bootleg.json"].read()
    replay = load(data)  # verifies by replaying
    assert replay.game is GAMES["bootleg"] and replay.state.result is not None
    assert replay.state.result.winner == stored.result.winner
    assert json.loads(data)["game"] == "bootleg"

    first = stored.seats[0]
    member = next(m for m in table.members.values() if m.id == first.user_id)
    mine = await member.slash(table.channel, "chicago stats")
    assert mine.response is not None, private_text(mine)
    values = {f.name: f.value or "" for f in mine.response.embeds[0].fields}
    won = int(stored.result.winner == 0)
    assert values["Matches"] == "1", values
    assert values["Bootleg"] == f"{won}/1 ({100 * won}%)", values
    assert values["Empire Marks earned"] == "0", values
    await _rated_in_bootleg_apart_from_chicago(table)


async def _rated_in_bootleg_apart_from_chicago(table: Table) -> None:
    """The final message says where each player stands in Bootleg; stats show each
    game's rating; the leaderboard opens on the channel's last game."""
    final = next(m.content for m in table.history()[::-1] if "The match is over" in m.content)
    assert "📈 **Ratings in Bootleg**" in final, final
    for name in ("alice", "bob"):
        assert f"• {name}: " in final and "provisional, ranked after 4 more matches" in final
    store = table.bot.store
    guild = table.guild.id
    for name in ("alice", "bob"):
        row = await store.player_rating(guild, "bootleg", f"user:{table.members[name].id}")
        assert row is not None and row.matches == 1
    elsewhere = table.guild.create_text_channel("elsewhere")
    await finished_match(table, trio(table, "alice", "bob"), 3, channel_id=elsewhere.id)
    alice = table.members["alice"]
    mine = await alice.slash(table.channel, "chicago stats")
    assert mine.response is not None
    fields = {f.name or "": f.value or "" for f in mine.response.embeds[0].fields}
    rated = [field for field in fields if field.startswith("Rating")]
    assert rated == ["Rating · Chicago 1927", "Rating · Bootleg"], rated
    for field in rated:
        assert "after 1 matches (ranked after 5 matches)" in fields[field]
        assert fields[field].count("\n#") == 1
    here = await alice.slash(table.channel, "chicago leaderboard")
    there = await alice.slash(elsewhere, "chicago leaderboard")
    chosen = await alice.slash(elsewhere, "chicago leaderboard", game="bootleg")
    titles = []
    for shown in (here, there, chosen):
        assert shown.response is not None
        titles.append(shown.response.embeds[0].title)
    assert titles == [
        "🏆 Who rules Chicago at Bootleg",
        "🏆 Who rules Chicago at Chicago 1927",
        "🏆 Who rules Chicago at Bootleg",
    ]
    assert here.response is not None
    pages = {b.label: b.custom_id for b in buttons(here.response)}
    assert pages["Next ▶"] == "chicago:leaderboard:bootleg:1"


async def test_bootleg_look_ups_know_every_kind_of_piece(table: Table) -> None:
    """BOOTLEG §2: a Location, an Event token, an Envoy and a Barrel each have a card;
    `/chicago rules bootleg` is the chapter."""
    carol = table.members["carol"]
    rules = await carol.slash(table.channel, "chicago rules", topic="bootleg")
    assert rules.response is not None and "Bootleg" in (rules.response.embeds[0].title or "")
    for title, words in (
        ("Casino", "green space"),
        ("Reverse Ties", "tie"),
        ("Smuggler", "Pot"),
        ("Golden Whisky", "tie"),
        ("X Barrel", "stays secret"),
    ):
        shown = await carol.slash(table.channel, "chicago card", title=title)
        assert shown.response is not None, private_text(shown)
        embed = shown.response.embeds[0]
        assert embed.title == title and embed.footer.text == "Bootleg", (title, embed.footer.text)
        assert words.casefold() in (embed.description or "").casefold(), (title, embed.description)
