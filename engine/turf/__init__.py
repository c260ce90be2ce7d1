"""Turf, the chessboard gang game: a pure, deterministic, replayable rules engine
(the rules: RULES-TURF.md, cited as TURF §N).

>>> from engine.turf import new_match, apply
>>> state = new_match(players=2, seed=7)
>>> [(p.kind.value, p.seat) for p in state.pending]
[('legwork', 0)]
>>> [e.kind for e in apply(state, 0, "word")]
['card_drawn']

The public surface is this package's names plus its modules `events`, `board`, `cards`,
`computer` and `random_play`; other modules are private.
"""

from engine.common.errors import IllegalDecision, MatchOver, StateFormatError
from engine.common.seats import PlayerSpec
from engine.turf.decisions import (
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
from engine.turf.flow import apply, check, new_match, pending, pending_for, replay, timeout_default
from engine.turf.state import (
    DEFAULT_ROUND_LIMIT,
    MAX_COPS,
    MAX_PLAYERS,
    MAX_ROUND_LIMIT,
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
from engine.turf.view import PlayerView, player_view

PUBLIC_MODULES = frozenset(
    {
        "engine.turf",
        "engine.turf.events",
        "engine.turf.board",
        "engine.turf.cards",
        "engine.turf.computer",
        "engine.turf.random_play",
        "engine.turf.testing",
    }
)

__all__ = [
    "DEFAULT_ROUND_LIMIT",
    "MAX_COPS",
    "MAX_PLAYERS",
    "MAX_ROUND_LIMIT",
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
