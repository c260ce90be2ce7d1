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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# Where each public name lives. A name's module is imported on its first use, not with
# the package: reading `engine.chicago.limits` (the command line's options and --help)
# loads none of the rules.
_HOMES: dict[str, tuple[str, ...]] = {
    "engine.chicago.decisions": (
        "ActionFacts",
        "BribeOrRaidFacts",
        "Decision",
        "DecisionKind",
        "Facts",
        "FightOrWithdrawFacts",
        "MeetingTradeFacts",
        "Option",
        "PayOrRaidFacts",
        "Pending",
        "RollFacts",
        "TradeAnswerFacts",
        "TradeTerms",
    ),
    "engine.chicago.flow": (
        "apply",
        "check",
        "new_match",
        "pending",
        "replay",
        "timeout_default",
    ),
    "engine.chicago.ledger": (
        "Ledger",
        "Notes",
        "bank_ledger",
        "banknotes",
    ),
    "engine.chicago.state": (
        "BANK",
        "MERCHANT",
        "NO_SPACE",
        "NOBODY",
        "STATE_FORMAT",
        "EndReason",
        "MatchOptions",
        "MatchState",
        "Result",
        "Setup",
    ),
    "engine.chicago.view": (
        "PlayerView",
        "SideView",
        "player_view",
    ),
    "engine.common.errors": (
        "IllegalDecision",
        "MatchOver",
        "StateFormatError",
    ),
    "engine.common.rng": (
        "WIDE_SEED_BITS",
        "wide_seed",
    ),
    "engine.common.seats": ("PlayerSpec",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

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


def __getattr__(name: str) -> Any:
    """A public name (or public module) of the engine, imported on first use."""
    home = _HOME_OF.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
    elif f"{__name__}.{name}" in PUBLIC_MODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME_OF})
