"""Thumbs miss: a choice that can end the player's own side asks once more in private,
saying the risk; every other choice stays one click (RULES §8.2, §11.1)."""

from __future__ import annotations

from bot.chicago.table.risks import risk_of
from engine.chicago import (
    BribeOrRaidFacts,
    DecisionKind,
    FightOrWithdrawFacts,
    PayOrRaidFacts,
    Pending,
    new_match,
)
from engine.chicago.testing import begin_turn, give, place, script_dice, set_side
from tests.discord.harness import Table, buttons, private_text, running_here, seat_table

DELI, TRATTORIA = 1, 5


async def test_a_payment_that_would_end_the_side_asks_once_more(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None
    mover = table.decider(prompt)
    match = running_here(table)
    state = match.session.state
    seat = match.seat_of(mover.id)
    assert seat is not None
    other = next(s.seat for s in state.bosses if s.seat != seat)
    begin_turn(state, seat)
    place(state, state.police.seat, 20)
    place(state, seat, 0)
    give(state, other, TRATTORIA)
    script_dice(state, 2, 3)  # five steps: onto the Trattoria
    await table.click(mover, prompt, decision="roll")
    prompt = table.prompt()
    assert prompt is not None and any(b.decision == "pay" for b in buttons(prompt))
    fine = match.session.pending.facts_as(PayOrRaidFacts).fine
    set_side(state, seat, cash=fine)
    logged = len((await table.bot.store.load(1)).full_log)
    warned = await table.click(mover, prompt, decision="pay")
    assert warned.ephemeral and "leaves you at $0" in private_text(warned)
    assert len((await table.bot.store.load(1)).full_log) == logged, "paid without asking"
    assert warned.response is not None
    sure = next(b for b in buttons(warned.response) if b.label.startswith("Yes"))
    await table.click(mover, warned.response, label=sure.label)
    log = (await table.bot.store.load(1)).full_log
    assert log[logged].decision == "pay"
    assert match.session.state.sides[seat].eliminated


def test_only_risky_choices_ask_again() -> None:
    state = new_match(2, 3)
    seat = 0
    set_side(state, seat, cash=400)
    bribe = Pending(DecisionKind.BRIBE_OR_RAID, seat, [], BribeOrRaidFacts(10, 600))
    said = risk_of(state, bribe, "bribe") or ""
    assert "You have $400: a roll of 4, 5 or 6" in said
    assert risk_of(state, bribe, "raid") is None
    set_side(state, seat, cash=5000)
    assert risk_of(state, bribe, "bribe") is None
    fine = Pending(DecisionKind.PAY_OR_RAID, seat, [], PayOrRaidFacts(DELI, 1, 500, False))
    assert risk_of(state, fine, "pay") is None
    winning = FightOrWithdrawFacts(seat, 1, DELI, 10, 14)
    fight = Pending(DecisionKind.FIGHT_OR_WITHDRAW, seat, [], winning)
    assert "You are winning this fight" in (risk_of(state, fight, "withdraw") or "")
    losing = FightOrWithdrawFacts(seat, 1, DELI, 14, 10)
    fight = Pending(DecisionKind.FIGHT_OR_WITHDRAW, seat, [], losing)
    assert risk_of(state, fight, "withdraw") is None
