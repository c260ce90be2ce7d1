"""Turf at the table, through the real discord.py code paths (TURF §2–§9): a lobby from
`/chicago new game:turf`, legwork by buttons, secret commitments by private lists and
DM, a hit, a squeeze, a deal by DM, a restart mid-confrontation, and the result."""

from __future__ import annotations

from typing import Any

from bot.discord_app.game_table import GameTable
from tests.discord.harness import Table, buttons, private_text
from tests.discord.turf_driver import Plan, member_of, select_values, take_turn


def live(message: Any) -> list[str]:
    return [b.custom_id for b in buttons(message) if not b.disabled]


async def test_a_turf_lobby_opens_and_starts(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    lobby = table.lobby()
    labels = [b.label for b in buttons(lobby)]
    assert "Join as police" not in labels and "Join" in labels, labels
    await table.click(bob, lobby, label="Join")
    started = await table.click(alice, table.lobby(), label="Start")
    assert not private_text(started), private_text(started)
    last = table.history()[-1]
    assert "Turf" in last.content and "legwork" in last.content, last.content
    assert [c.rsplit(":", 1)[1] for c in live(last)] == ["word", "police", "end"], live(last)


async def test_a_turf_match_by_clicks(table: Table) -> None:
    """TURF §4–§8 by clicks: legwork, infiltrations and confrontations chosen in
    private lists, a hit, a squeeze, a deal by DM, to the result and history."""
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2, rounds=12)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    plan = Plan()
    dealt = False
    for _ in range(1500):
        match = table.bot.tables.by_id.get(1)
        if not dealt and isinstance(match, GameTable) and match.session.seq > 20:
            asked = match.session.asked()
            if asked and asked[0].kind == "legwork":
                dealt = await offer_a_deal(table, match)
        done = await take_turn(table, plan)
        await table.env.advance_time(1.5)
        if done is None:
            break
    assert dealt
    for kind in ("hit", "commit", "infiltrate"):
        assert plan.done.get(kind), (kind, plan.done)
    assert plan.done.get("squeeze_gang") or plan.done.get("squeeze_hand"), plan.done
    final = table.history()[-1]
    assert "The match is over" in final.content, final.content
    assert final.attachments, "the final picture is missing"
    assert "1 building" in final.content or "buildings" in final.content, final.content


async def offer_a_deal(table: Table, match: GameTable) -> bool:
    """The player whose legwork it is offers the other an idle thug; accepted by DM."""
    seat = match.session.asked()[0].seat
    proposer = member_of(table, seat)
    receiver = member_of(table, 1 - seat)
    sent = await proposer.slash(table.channel, "chicago deal", to=receiver, give_thugs=1)
    assert "Offer sent" in private_text(sent), private_text(sent)
    await table.env.advance_time(1.5)
    dm = receiver.user.dm_channel.last_message
    assert dm is not None, "no DM was sent"
    assert "offers you a deal" in dm.content and "gives 1 idle thug" in dm.content, dm.content
    values = select_values(dm)
    assert f"accept:{seat}" in values, values
    answered = await receiver.user.select(dm, [f"accept:{seat}"])
    assert answered.acknowledged
    await table.env.advance_time(1.5)
    assert "accepts" in table.texts() or "deal" in table.texts().lower()
    return True
