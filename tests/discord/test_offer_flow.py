"""One offers flow for every game, through the real discord.py code paths: a Chicago 1927
trade and a Turf deal are each made, carried by DM by the same `OfferFlow`, answered
there; left to lapse; and answered in the channel when the partner's DMs are closed."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.discord_app import offer_flow
from bot.discord_app.offer_flow import Asked, OfferFlow, OpenOffer
from bot.session import MatchSession
from tests.discord.harness import (
    Table,
    buttons,
    close_dms,
    private_text,
    running_here,
    seat_table,
)
from tests.discord.test_trades import DELI, PAWN, build_offer, dm_of, trade_at_start
from tests.discord.turf_driver import game_table, select_values


@pytest.fixture
def carried(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, bool]]:
    """Every offer the one flow carries: (game, seat asked, whether a DM went out)."""
    seen: list[tuple[str, int, bool]] = []
    deliver = OfferFlow.deliver

    async def spy(
        self: OfferFlow, session: MatchSession, asked: Asked, prompt: dict[str, Any]
    ) -> OpenOffer | None:
        sent = await deliver(self, session, asked, prompt)
        seen.append((session.game.key, asked.seat, sent is not None))
        return sent

    monkeypatch.setattr(offer_flow.OfferFlow, "deliver", spy)
    return seen


async def chicago_trade(table: Table) -> Any:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    scene = await trade_at_start(table)
    await build_offer(table, scene.proposer, [DELI], [PAWN])
    return scene


async def turf_deal(table: Table) -> tuple[simcord.MemberActor, simcord.MemberActor]:
    """Alice offers Bob an idle thug in a two-player Turf match."""
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    sent = await alice.slash(table.channel, "chicago deal", to=bob, give_thugs=1)
    assert "Offer sent" in private_text(sent), private_text(sent)
    return alice, bob


async def test_an_offer_of_each_game_is_made_sent_by_dm_and_answered(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    scene = await chicago_trade(table)
    offer = dm_of(scene.partner)
    assert "offers you a trade" in offer.content
    await scene.partner.user.click(offer, label="Accept")
    assert "You accepted the offer" in dm_of(scene.partner).content
    assert running_here(table).session.state.control[DELI] == scene.partner_seat
    assert carried == [("chicago", scene.partner_seat, True)]


async def test_a_turf_deal_goes_through_the_same_flow(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    alice, bob = await turf_deal(table)
    match = game_table(table)
    alice_seat, bob_seat = match.seat_of(alice.id), match.seat_of(bob.id)
    assert carried == [("turf", bob_seat, True)]
    dm = dm_of(bob)
    assert "offers you a deal" in dm.content and "gives 1 idle thug" in dm.content
    answered = await bob.user.select(dm, [f"accept:{alice_seat}"])
    assert answered.acknowledged
    assert not match.session.state.offers
    assert "accepts" in table.texts()


async def test_an_offer_of_each_game_lapses_with_its_timer(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    scene = await chicago_trade(table)
    await table.env.advance_time(301)
    assert "Time ran out" in dm_of(scene.partner).content and not buttons(dm_of(scene.partner))
    stored = await table.bot.store.load(1)
    assert [d.decision for d in stored.full_log if d.actor == "timer"][-1] == "reject"
    assert carried[0] == ("chicago", scene.partner_seat, True)


async def test_a_turf_deal_lapses_with_its_timer(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    alice, bob = await turf_deal(table)
    match = game_table(table)
    assert match.session.state.offers
    await table.env.advance_time(301)
    assert not match.session.state.offers, "the lapsed deal is still open"
    # Time ran out on the turn the deal was offered in: the deal lapsed unanswered
    # (TURF §7), and its DM no longer counts.
    stored = await table.bot.store.load(1)
    assert [d.actor for d in stored.full_log][1:3] == ["timer", "timer"]
    assert "alice's deal with bob is off" in table.texts()
    late = await bob.user.select(dm_of(bob), [f"accept:{match.seat_of(alice.id)}"])
    assert "over" in private_text(late) or "passed" in private_text(late), private_text(late)
    assert not match.session.state.offers
    assert carried == [("turf", match.seat_of(bob.id), True)]


async def test_closed_dms_answer_a_chicago_offer_in_the_channel(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    for name in ("alice", "bob"):
        close_dms(table, table.members[name])
    scene = await chicago_trade(table)
    prompt = table.prompt()
    assert prompt is not None and "direct messages are closed" in prompt.content
    await table.click(scene.partner, prompt, decision="accept")
    assert running_here(table).session.state.control[DELI] == scene.partner_seat
    assert carried == [("chicago", scene.partner_seat, False)]


async def test_closed_dms_answer_a_turf_deal_in_the_channel(
    table: Table, carried: list[tuple[str, int, bool]]
) -> None:
    close_dms(table, table.members["bob"])
    alice, bob = await turf_deal(table)
    match = game_table(table)
    assert "could not send you a direct message" in table.texts()
    prompt = table.history()[-2] if "📭" in table.history()[-1].content else table.history()[-1]
    lock = next(b for b in buttons(prompt) if b.custom_id.endswith(":deal"))
    opened = await bob.click(prompt, custom_id=lock.custom_id)
    assert opened.response is not None and opened.response.flags.ephemeral
    assert "offers you a deal" in opened.response.content
    alice_seat = match.seat_of(alice.id)
    assert f"accept:{alice_seat}" in select_values(opened.response)
    await bob.select(opened.response, [f"accept:{alice_seat}"])
    assert not match.session.state.offers
    assert carried == [("turf", match.seat_of(bob.id), False)]
