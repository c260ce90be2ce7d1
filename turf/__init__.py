"""Turf, the chessboard gang game: a pure, deterministic, replayable rules engine
(the rules: RULES-TURF.md, cited as TURF §N).

>>> from turf import new_match, apply
>>> state = new_match(players=2, seed=7)
>>> [(p.kind.value, p.seat) for p in state.pending]
[('legwork', 0)]
>>> [e.kind for e in apply(state, 0, "word")]
['card_drawn']

The public surface is this package's names plus `turf.events`, `turf.board`,
`turf.cards`, `turf.computer` and `turf.random_play`; other modules are private.
"""

from engine.errors import IllegalDecision, MatchOver, StateFormatError
from engine.state import PlayerSpec
from turf.decisions import (
    CommitFacts,
    DealFacts,
    DealSide,
    Decision,
    DecisionKind,
    LegworkFacts,
    LossFacts,
    Option,
    Pending,
    RecruitFacts,
)
from turf.flow import apply, check, new_match, pending, pending_for, replay, timeout_default
from turf.state import (
    DEFAULT_ROUND_LIMIT,
    MAX_COPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOBODY,
    SUPPLY,
    WINNING_BUILDINGS,
    EndReason,
    Result,
    TurfOptions,
    TurfSetup,
    TurfState,
)
from turf.view import PlayerView, player_view

PUBLIC_MODULES = frozenset(
    {
        "turf",
        "turf.events",
        "turf.board",
        "turf.cards",
        "turf.computer",
        "turf.random_play",
        "turf.testing",
    }
)

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "MAX_COPS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NOBODY",
    "PUBLIC_MODULES",
    "SUPPLY",
    "WINNING_BUILDINGS",
    "CommitFacts",
    "DealFacts",
    "DealSide",
    "Decision",
    "DecisionKind",
    "EndReason",
    "IllegalDecision",
    "LegworkFacts",
    "LossFacts",
    "MatchOver",
    "Option",
    "Pending",
    "PlayerSpec",
    "PlayerView",
    "RecruitFacts",
    "Result",
    "StateFormatError",
    "TurfOptions",
    "TurfSetup",
    "TurfState",
    "apply",
    "check",
    "new_match",
    "pending",
    "pending_for",
    "player_view",
    "replay",
    "timeout_default",
]
