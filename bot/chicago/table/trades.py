"""Trades in words (RULES §10, §12.1): the proposer's draft, cash typed by a person, and
how a proposal reads.

The engine decides what a proposal may hold (`TradeTerms`) and whether it is legal; this
module only turns a person's picks into a `trade:` decision and says clearly what is
wrong with a draft. Carrying the offer to the partner is `bot.chicago.table.offers`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.chicago.narration import money
from bot.typed_numbers import not_a_number, whole_number
from engine.chicago import (
    Decision,
    IllegalDecision,
    MatchState,
    TradeAnswerFacts,
    TradeTerms,
)
from engine.chicago.board import BLOCK_NAMES, SPACES

MAX_BUSINESSES = 2  # RULES §10: one or two businesses in all
CASH_STEP = 50
CASH_HINT = "type digits only, no sign (the button you used says who pays), for example 500"


class CashError(ValueError):
    """A typed amount that cannot be used; the message says why, for the player."""


def parse_cash(text: str, limit: int, payer: str) -> int:
    """Dollars from what a person typed ("1500", "$1,500"), in $50 steps up to `limit`."""
    cleaned = text.strip().removeprefix("$").replace(",", "").replace(" ", "")
    amount = whole_number(cleaned)
    if amount is None:
        raise CashError(not_a_number(text, "a whole number of dollars", CASH_HINT))
    if amount > limit:
        if limit == 0:
            who = payer[:1].upper() + payer[1:]
            raise CashError(f"{who} cannot pay any cash now (nobody spends down to $0).")
        raise CashError(
            f"{money(amount)} is too much: {payer} can pay at most {money(limit)} "
            "(nobody spends down to $0)."
        )
    if amount % CASH_STEP:
        lower = amount // CASH_STEP * CASH_STEP
        raise CashError(
            f"{money(amount)} is not in ${CASH_STEP} steps: try {money(lower)} "
            f"or {money(lower + CASH_STEP)}."
        )
    return amount


def business_text(space: int) -> str:
    info = SPACES[space]
    return f"{info.name} ({BLOCK_NAMES[info.block]}, {money(info.cost)})"


def names(spaces: tuple[int, ...] | list[int]) -> str:
    return ", ".join(SPACES[s].name for s in spaces) or "nothing"


@dataclass(slots=True)
class Draft:
    """A proposal being built: businesses given and asked for, and cash (> 0: the
    proposer pays; < 0: the partner pays), checked against the engine's terms."""

    terms: TradeTerms
    partner: int
    give: list[int] = field(default_factory=list)
    take: list[int] = field(default_factory=list)
    cash: int = 0

    @property
    def theirs(self) -> list[int]:
        return self.terms.theirs[self.terms.partners.index(self.partner)]

    @property
    def max_ask(self) -> int:
        return self.terms.max_ask[self.terms.partners.index(self.partner)]

    def choose_partner(self, partner: int) -> None:
        """A new partner: what was asked of the old one no longer applies."""
        if partner != self.partner:
            self.partner = partner
            self.take = []
            if self.cash < 0:
                self.cash = 0

    def problems(self, state: MatchState) -> list[str]:
        moved = len(self.give) + len(self.take)
        out = []
        if moved == 0:
            out.append("Pick at least one business, yours or theirs.")
        elif moved > MAX_BUSINESSES:
            out.append(f"A trade moves at most two businesses in all; you picked {moved}.")
        if self.cash < 0 and -self.cash > self.max_ask:
            out.append(
                f"{state.sides[self.partner].name} can pay at most {money(self.max_ask)} now."
            )
        return out

    def decision(self) -> Decision:
        return Decision("trade", self.partner, tuple(self.give), tuple(self.take), self.cash)

    def summary(self, state: MatchState) -> str:
        partner = state.sides[self.partner].name
        if self.cash > 0:
            cash = f"you pay {partner} {money(self.cash)}"
        elif self.cash < 0:
            cash = f"{partner} pays you {money(-self.cash)}"
        else:
            cash = "none"
        return "\n".join(
            (
                f"**Your offer to {partner}**",
                f"You give: {names(self.give)}",
                f"You ask for: {names(self.take)}",
                f"Cash: {cash}",
            )
        )


def proposal_text(state: MatchState, decision: Decision) -> str:
    """A sent proposal in a line, as the channel reads it."""
    partner = state.sides[decision.partner].name
    parts = []
    if decision.give:
        parts.append(f"gives {names(decision.give)}")
    if decision.take:
        parts.append(f"asks for {names(decision.take)}")
    if decision.cash > 0:
        parts.append(f"pays {money(decision.cash)}")
    elif decision.cash < 0:
        parts.append(f"asks {money(-decision.cash)}")
    return f"offered {partner} a trade: " + "; ".join(parts)


def proposal_label(state: MatchState, text: str) -> str:
    """How a logged `trade:` decision reads in a closed prompt."""
    try:
        decision = Decision.parse(text)
    except IllegalDecision:
        return text
    return proposal_text(state, decision)


def offer_lines(state: MatchState, facts: TradeAnswerFacts) -> list[str]:
    """The offer from the partner's side: what they would get, give, pay or receive."""
    proposer = state.sides[facts.proposer].name
    lines = [f"You get: {names(facts.give)}", f"You give: {names(facts.take)}"]
    if facts.cash > 0:
        lines.append(f"{proposer} pays you {money(facts.cash)}")
    elif facts.cash < 0:
        lines.append(f"You pay {proposer} {money(-facts.cash)}")
    return lines
