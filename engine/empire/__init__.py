"""Empire, the mobster-empire game: a pure, deterministic, replayable rules engine
(the rules: RULES-EMPIRE.md, cited as EMPIRE §N).

>>> from engine.empire import new_match, apply
>>> state = new_match(players=3, seed=7)
>>> [p.kind.value for p in state.pending]
['start_lot']
>>> [e.kind for e in apply(state, state.pending[0].seat, "start_lot:a")]
['start_lot_chosen']

The public surface is this package's names plus its modules `board`, `cards`, `events`,
`computer`, `random_play` and `testing`; other modules are private.
"""

from engine.common.errors import IllegalDecision, MatchOver, StateFormatError
from engine.common.seats import PlayerSpec
from engine.empire.decisions import Decision, DecisionKind, Option, Pending
from engine.empire.events import visible_to
from engine.empire.flow import (
    apply,
    check,
    new_match,
    orders_decision,
    pending,
    pending_for,
    power_points,
    replay,
    setup_events,
    timeout_default,
)
from engine.empire.offers import offer_decision
from engine.empire.state import (
    DEFAULT_CAP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOBODY,
    WIN_POWER,
    EmpireOptions,
    EmpireSetup,
    EmpireState,
    EndReason,
    Result,
    Side,
)
from engine.empire.view import PlayerView, player_view

PUBLIC_MODULES = frozenset(
    {
        "engine.empire",
        "engine.empire.board",
        "engine.empire.cards",
        "engine.empire.events",
        "engine.empire.computer",
        "engine.empire.random_play",
        "engine.empire.testing",
    }
)

__all__ = [
    "DEFAULT_CAP",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NOBODY",
    "PUBLIC_MODULES",
    "WIN_POWER",
    "Decision",
    "DecisionKind",
    "EmpireOptions",
    "EmpireSetup",
    "EmpireState",
    "EndReason",
    "IllegalDecision",
    "MatchOver",
    "Option",
    "Pending",
    "PlayerSpec",
    "PlayerView",
    "Result",
    "Side",
    "StateFormatError",
    "apply",
    "check",
    "new_match",
    "offer_decision",
    "orders_decision",
    "pending",
    "pending_for",
    "player_view",
    "power_points",
    "replay",
    "setup_events",
    "timeout_default",
    "visible_to",
]
