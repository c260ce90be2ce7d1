"""Chicago 1927's rules engine: pure, deterministic and replayable (RULES.md).

>>> from engine.chicago import new_match, apply
>>> state = new_match(bosses=2, seed=7)
>>> state.pending.kind.value, state.pending.seat
('roll', 0)
>>> events = apply(state, 0, "roll")
>>> events[1].kind
'dice_rolled'

The public surface is this package's names plus its modules `events` (the typed
events), `board`, `cards`, `characters` (the game's data), `limits`, `computer`,
`random_play` and, for tests, `testing`. Every other module is private to the engine
and may change without notice.
"""

from engine.chicago.decisions import (
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
from engine.chicago.flow import apply, check, new_match, pending, replay, timeout_default
from engine.chicago.ledger import Ledger, Notes, bank_ledger, banknotes
from engine.chicago.state import (
    BANK,
    MERCHANT,
    NO_SPACE,
    NOBODY,
    STATE_FORMAT,
    EndReason,
    MatchOptions,
    MatchState,
    Result,
    Setup,
)
from engine.chicago.view import PlayerView, SideView, player_view
from engine.common.errors import IllegalDecision, MatchOver, StateFormatError
from engine.common.rng import WIDE_SEED_BITS, wide_seed
from engine.common.seats import PlayerSpec

PUBLIC_MODULES = frozenset(
    {
        "engine.chicago",
        "engine.chicago.events",
        "engine.chicago.board",
        "engine.chicago.cards",
        "engine.chicago.characters",
        "engine.chicago.limits",
        "engine.chicago.computer",
        "engine.chicago.random_play",
        "engine.chicago.testing",
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
