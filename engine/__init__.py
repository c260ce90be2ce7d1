"""Chicago 1927's rules engine: pure, deterministic and replayable (RULES.md).

>>> from engine import new_match, apply
>>> state = new_match(bosses=2, seed=7)
>>> state.pending.kind.value, state.pending.seat
('roll', 0)
>>> events = apply(state, 0, "roll")
>>> events[1].kind
'dice_rolled'
"""

from engine.decisions import Decision, DecisionKind, Option, Pending, TradeTerms
from engine.errors import IllegalDecision, MatchOver
from engine.flow import apply, check, new_match, pending, replay, timeout_default
from engine.ledger import Ledger, Notes, bank_ledger, banknotes
from engine.state import EndReason, MatchOptions, MatchState, PlayerSpec, Result, Setup

__all__ = [
    "Decision",
    "DecisionKind",
    "EndReason",
    "IllegalDecision",
    "Ledger",
    "MatchOptions",
    "MatchOver",
    "MatchState",
    "Notes",
    "Option",
    "Pending",
    "PlayerSpec",
    "Result",
    "Setup",
    "TradeTerms",
    "apply",
    "bank_ledger",
    "banknotes",
    "check",
    "new_match",
    "pending",
    "replay",
    "timeout_default",
]
