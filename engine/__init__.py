"""Chicago 1927's rules engine: pure, deterministic and replayable (RULES.md).

>>> from engine import new_match, apply
>>> state = new_match(bosses=2, seed=7)
>>> state.pending.kind.value, state.pending.seat
('roll', 0)
>>> events = apply(state, 0, "roll")
>>> events[1].kind
'dice_rolled'

The public surface is this package's names plus the modules `engine.events` (the typed
events), `engine.board`, `engine.cards`, `engine.characters` (the game's data),
`engine.limits`, `engine.computer`, `engine.random_play` and, for tests, `engine.testing`.
Every other module is private to the engine and may change without notice.
"""

from engine.decisions import (
    ActionFacts,
    BribeOrRaidFacts,
    Decision,
    DecisionKind,
    Facts,
    FightOrWithdrawFacts,
    MeetingTradeFacts,
    Option,
    PayOrRaidFacts,
    Pending,
    RollFacts,
    TradeAnswerFacts,
    TradeTerms,
)
from engine.errors import IllegalDecision, MatchOver, StateFormatError
from engine.flow import apply, check, new_match, pending, replay, timeout_default
from engine.ledger import Ledger, Notes, bank_ledger, banknotes
from engine.rng import WIDE_SEED_BITS, wide_seed
from engine.state import (
    BANK,
    MERCHANT,
    NO_SPACE,
    NOBODY,
    STATE_FORMAT,
    EndReason,
    MatchOptions,
    MatchState,
    PlayerSpec,
    Result,
    Setup,
)
from engine.view import PlayerView, SideView, player_view

PUBLIC_MODULES = frozenset(
    {
        "engine",
        "engine.events",
        "engine.board",
        "engine.cards",
        "engine.characters",
        "engine.limits",
        "engine.computer",
        "engine.random_play",
        "engine.testing",
    }
)

__all__ = [
    "BANK",
    "MERCHANT",
    "NOBODY",
    "NO_SPACE",
    "PUBLIC_MODULES",
    "STATE_FORMAT",
    "WIDE_SEED_BITS",
    "ActionFacts",
    "BribeOrRaidFacts",
    "Decision",
    "DecisionKind",
    "EndReason",
    "Facts",
    "FightOrWithdrawFacts",
    "IllegalDecision",
    "Ledger",
    "MatchOptions",
    "MatchOver",
    "MatchState",
    "MeetingTradeFacts",
    "Notes",
    "Option",
    "PayOrRaidFacts",
    "Pending",
    "PlayerSpec",
    "PlayerView",
    "Result",
    "RollFacts",
    "Setup",
    "SideView",
    "StateFormatError",
    "TradeAnswerFacts",
    "TradeTerms",
    "apply",
    "bank_ledger",
    "banknotes",
    "check",
    "new_match",
    "pending",
    "player_view",
    "replay",
    "timeout_default",
    "wide_seed",
]
