"""Empire's moments at the table, through the real discord.py code paths, met for certain
(the rules alone play ahead, `empire_plan`, and the decisions up to the moment are put in
the store, then the bot restarts): a fight told in one message edited round by round,
with a restart in the middle of it; a sealed-bid tie; offers accepted, lapsed across a
restart at their original instant, and answered in the channel when DMs are closed; and
the timer taking the default of every decision of EMPIRE §14."""

from __future__ import annotations

import itertools
import re
from typing import Any

import engine.empire as empire
from bot.session import TIMER
from engine.empire import DecisionKind
from tests.discord.empire_driver import (
    click_decision,
    copy_of_match,
    ids_of,
    jump,
    run_out,
    start_people,
)
from tests.discord.empire_plan import TIMED, Plan, fight_choice, fight_with_casualty, plan_seed
from tests.discord.harness import Table, close_dms, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values

SHOOT_OUT = "**🔫 Shoot-out**"


def fight_message(table: Table) -> Any | None:
    return next((m for m in reversed(table.history()) if m.content.startswith(SHOOT_OUT)), None)


def edits_of(table: Table, message_id: int) -> int:
    return sum(
        1
        for r in table.env.http_requests
        if r.method == "PATCH" and str(r.path).endswith(f"/messages/{message_id}")
    )


async def test_a_fight_is_one_message_edited_round_by_round_across_a_restart(
    table: Table,
) -> None:
    """EMPIRE §7: the declaration posts the fight message; every round after it edits
    that message with the dice and the casualties; a restart while a loser chooses a
    casualty keeps editing the same message, told again from the match's events."""
    await start_people(table)
    made, _ = fight_with_casualty(game_table(table).session.state.match.setup)
    await jump(table, made)
    session = game_table(table).session
    assert session.state.match.fight is not None
    assert session.asked()[0].kind == "prefight"
    posted = fight_message(table)
    assert posted is not None and "attacks" in posted.content, table.texts()[-1500:]
    shown = [posted.content]
    restarted = False
    while game_table(table).session.state.match.fight is not None:
        session = game_table(table).session
        asked = session.asked()[0]
        if asked.kind == "casualty" and not restarted:
            await table.restart()
            await table.env.advance_time(1.5)
            restarted = True
            session = game_table(table).session
            assert session.asked()[0].kind == "casualty", "the restart lost the casualty"
        await click_decision(table, asked.seat, fight_choice(session.state.match, asked.seat))
        message = fight_message(table)
        assert message is not None and message.id == posted.id, "a second fight message"
        shown.append(message.content)
    assert restarted, "the fight asked for no casualty"
    final = shown[-1]
    rounds = re.findall(r"🎲 Round[^\n]*attack \d → \d+, defence \d → \d+", final)
    assert len(rounds) >= 2, final
    assert "goes to" in final and ("Graveyard" in final or "Hospital" in final), final
    assert "wins the fight" in final and "The fight goes on" not in final, final
    fallen = [line for line in final.splitlines() if "goes to" in line]
    assert len(fallen) == len(set(fallen)), "the restart told a casualty twice"
    # Round by round: each decision's edit kept what was told and added to it.
    told = [s.replace("\n⏳ The fight goes on…", "") for s in shown]
    assert all(b.startswith(a) for a, b in itertools.pairwise(told)), told
    assert len({t.count("🎲 Round") for t in told}) >= 2, "no round came by an edit"
    assert edits_of(table, posted.id) >= 2


async def test_tied_sealed_bids_go_to_the_earlier_seat_and_only_the_price_is_told(
    table: Table,
) -> None:
    """EMPIRE §9.3 [R]: two equal highest bids go to the tied player first in seat order
    from the sequence's first player; the channel is told the winner and the price only."""
    await start_people(table)
    state = copy_of_match(table)
    made = Plan(0, [DecisionKind.BID]).play_to_stop(state)
    await jump(table, made)
    match = game_table(table).session.state.match
    bidders = [p.seat for p in match.pending if p.kind is DecisionKind.BID]
    assert len(bidders) >= 3, match.pending
    order = match.seat_order()
    tied = sorted(bidders[:2], key=order.index)
    rich = min(match.players[s].money for s in tied)
    assert rich >= 50
    for seat in bidders:
        amount = 50 if seat in tied else 0
        said = await member_of(table, seat).slash(table.channel, "chicago bid", amount=amount)
        assert "Sealed" in private_text(said), private_text(said)
        await table.env.advance_time(0.5)
        if seat != bidders[-1]:
            assert "answered**" in table.texts().splitlines()[-1] or "answered" in table.texts()
    await table.env.advance_time(1.5)
    after = game_table(table).session.state.match
    lot_events = [
        e for e in empire.replay(after.setup, [(a.seat, a.decision) for a in
                                               game_table(table).session.log])[1]
        if isinstance(e, empire.events.LotWon)
    ]  # fmt: skip
    won = lot_events[-1]
    assert won.winner == tied[0] and won.price == 50, (won, tied)
    names = game_table(table).session.game.names(game_table(table).session.state)
    text = table.texts()
    assert f"{names[tied[0]]}" in text and "$50" in text
    assert "tie" not in text.split("Sealed bids")[-1].lower(), "a losing bid was told"


async def test_offers_accepted_lapsed_after_a_restart_and_answered_with_dms_closed(
    table: Table,
) -> None:
    """EMPIRE §10 through `/chicago offer` and the one offers flow: accepted by DM (the
    money moves); one lapses at the lobby's offer timer counted from when it was made,
    a restart in between; one to a player whose DMs are closed is answered in the
    channel with the 🔒 button named in the fallback."""
    await start_people(table, length="offers2")
    state = copy_of_match(table)
    await jump(table, Plan(0, [DecisionKind.PRE_MOVE]).play_to_stop(state))
    match = game_table(table)
    proposer = match.session.asked()[0].seat
    others = [s for s in range(4) if s != proposer]
    giver = member_of(table, proposer)

    # Accepted by DM.
    receiver = member_of(table, others[0])
    money = [p.money for p in match.session.state.match.players]
    sent = await giver.slash(table.channel, "chicago offer", to=receiver, give_money=50)
    assert "Offer sent" in private_text(sent), private_text(sent)
    await table.env.advance_time(1.5)
    dm = receiver.user.dm_channel.last_message
    assert dm is not None and "offers you: $50" in dm.content, dm and dm.content
    assert f"accept:{proposer}" in select_values(dm)
    answered = await receiver.user.select(dm, [f"accept:{proposer}"])
    assert answered.acknowledged
    await table.env.advance_time(1.5)
    now = [p.money for p in game_table(table).session.state.match.players]
    assert now[proposer] == money[proposer] - 50 and now[others[0]] == money[others[0]] + 50

    # Lapsed: two minutes after it was made, though the bot restarted after one.
    late = member_of(table, others[1])
    sent = await giver.slash(table.channel, "chicago offer", to=late, give_money=50)
    assert "Offer sent" in private_text(sent)
    await table.env.advance_time(60)
    await table.restart()
    await table.env.advance_time(1.5)
    session = game_table(table).session
    assert any(a.kind == "offer_answer" for a in session.asked()), "the restart lost the offer"
    await table.env.advance_time(60)
    session = game_table(table).session
    assert not any(a.kind == "offer_answer" for a in session.asked()), "it did not lapse"
    assert session.log[-1].seat == others[1]
    assert session.log[-1].decision == f"reject:{proposer}"  # EMPIRE §14: reject (lapse)
    told = table.texts()
    assert "offer to" in told and "lapsed" in told, told[-800:]
    names = session.game.names(session.state)
    assert f"{names[others[1]]} turns down" not in told, "a lapse told as a refusal"

    # DMs closed: the channel says so, and the 🔒 button answers privately.
    shut = member_of(table, others[2])
    close_dms(table, shut)
    sent = await giver.slash(table.channel, "chicago offer", to=shut, give_money=50)
    assert "Offer sent" in private_text(sent)
    await table.env.advance_time(1.5)
    assert "could not send you a direct message" in table.texts()
    prompt = live_prompt(table)
    assert prompt is not None
    button = next(i for i in ids_of(prompt) if f":{others[2]}:offer" in i)
    stranger = await member_of(table, others[0]).click(prompt, custom_id=button)
    assert "another player" in private_text(stranger), private_text(stranger)
    opened = await shut.click(prompt, custom_id=button)
    assert opened.response is not None and opened.response.ephemeral
    assert "offers you: $50" in opened.response.content
    rejected = await shut.select(opened.response, [f"reject:{proposer}"])
    assert rejected.acknowledged
    await table.env.advance_time(1.5)
    session = game_table(table).session
    assert (session.log[-1].seat, session.log[-1].decision) == (others[2], f"reject:{proposer}")


async def test_the_timer_takes_the_default_of_every_empire_decision(table: Table) -> None:
    """EMPIRE §14: the turn timer runs out once at every kind of decision — a start lot,
    the starting Mobster, the roll, the drive, the action, after it, the Police Car and
    its action, a pre-fight choice, a casualty, a Garage, occupying, a Burglary, a bid,
    a bribe and the placement — and each time the rules' default is logged and said.
    (An offer's answer lapses at the offer timer: the test above.)"""
    await start_people(table)
    plan = Plan(plan_seed(game_table(table).session.state.match.setup))
    while plan.waited != set(TIMED):
        state = copy_of_match(table)
        await jump(table, plan.play_to_stop(state))
        assert state.result is None, f"the match ended before {set(TIMED) - plan.waited}"
        kind = plan.stop_here(state)
        expected = plan.time_out(state)
        session = game_table(table).session
        assert kind is not None and kind.value in [a.kind for a in session.asked()]
        before = session.seq
        await run_out(table)
        session = game_table(table).session
        got = [(e.seat, e.decision) for e in session.log[before:] if e.actor == TIMER]
        assert got == expected, (kind, got, expected)
        assert "ran out of time" in table.texts()[-4000:], kind
    told = table.texts()
    assert "ran out of time: no bid." in told and "ran out of time: roll to move." in told
    assert "!." not in told and "the safe choice" not in told
