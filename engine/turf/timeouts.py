"""The safe choice when a decision's timer runs out (TURF §9 [R timeouts]): it depends
on the open decision alone, so computer levels may fall back on it too."""

from __future__ import annotations

from engine.turf.cards import rank
from engine.turf.decisions import CommitFacts, DealFacts, Decision, DecisionKind, Pending

SAFE = {DecisionKind.LEGWORK: "end", DecisionKind.RECRUIT: "keep", DecisionKind.COP: "pass"}


def safe_choice(pending: Pending) -> Decision:
    if pending.kind in SAFE:
        return Decision(SAFE[pending.kind])
    if pending.kind is DecisionKind.COMMIT:
        return _safe_commit(pending.facts_as(CommitFacts), pending.seat)
    if pending.kind is DecisionKind.DEAL_ANSWER:
        return Decision("reject", seat=pending.facts_as(DealFacts).proposer)
    choices = [Decision.parse(k) for k in pending.available()]
    if pending.kind is DecisionKind.LOSE_CARD:
        return min(choices, key=lambda d: rank(d.cards[0]))
    # A thug to lose: the options are listed idle, job, cop, then the guards.
    return choices[0]


def _safe_commit(facts: CommitFacts, seat: int) -> Decision:
    """The attacker commits one thug (idle, else a cop, else a guard); the defender
    nothing beyond the contested guard."""
    if seat == facts.defender:
        return Decision("commit")
    if facts.idle:
        return Decision("commit", idle=1)
    if facts.cops:
        return Decision("commit", cops=1)
    return Decision("commit", squares=facts.guards[:1])
