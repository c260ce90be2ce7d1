"""Choices a thumb should not make by mistake: the few that can end the player's own
side, or throw away a fight they are winning, ask once more in private. Everything
else stays one click. Pure: what is at risk is read from the pending decision."""

from __future__ import annotations

from bot.chicago.narration import money
from engine.chicago import (
    BribeOrRaidFacts,
    DecisionKind,
    FightOrWithdrawFacts,
    MatchState,
    PayOrRaidFacts,
    Pending,
)

PIPS = range(1, 7)


def risk_of(state: MatchState, pending: Pending, decision: str) -> str | None:
    """What `decision` risks for the side asked, in words, or None when it is safe."""
    side = state.sides[pending.seat]
    facts = pending.facts
    if decision == "pay" and isinstance(facts, PayOrRaidFacts) and facts.fine >= side.cash:
        return (
            f"Paying {money(facts.fine)} leaves you at $0 (you have {money(side.cash)}): "
            "you would be out of the match."  # RULES §11.1
        )
    if decision == "bribe" and isinstance(facts, BribeOrRaidFacts):
        per_pip = facts.top_bribe // len(PIPS)
        fatal = [pips for pips in PIPS if per_pip * pips >= side.cash]
        if fatal:
            rolls = _listing([str(p) for p in fatal])
            return (
                f"You have {money(side.cash)}: a roll of {rolls} costs all of it and "
                "eliminates you."  # RULES §8.2, §11.1
            )
    if (
        decision == "withdraw"
        and pending.kind is DecisionKind.FIGHT_OR_WITHDRAW
        and isinstance(facts, FightOrWithdrawFacts)
    ):
        other = facts.defender if pending.seat == facts.attacker else facts.attacker
        mine, theirs = facts.lost_by(pending.seat), facts.lost_by(other)
        if mine < theirs:
            return (
                f"You are winning this fight: you lost {mine}, "
                f"{state.sides[other].name} lost {theirs}. Withdrawing loses the raid."
            )
    return None


def _listing(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]
