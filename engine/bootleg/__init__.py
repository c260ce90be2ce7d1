"""Bootleg, the envoy-and-barrel smuggling game: a pure, deterministic, replayable rules
engine (the rules: RULES-BOOTLEG.md, cited as BOOTLEG §N).

>>> from engine.bootleg import new_match, apply
>>> state = new_match(players=2, seed=7)
>>> state.pending[0].kind.value
'move'

The public surface is this package's names plus its modules `events`, `board`,
`locations`, `tokens`, `gangs`, `envoys`, `computer`, `random_play` and `testing`.
"""

from engine.bootleg.decisions import Decision, DecisionKind, Pending
from engine.bootleg.flow import (
    apply,
    check,
    new_match,
    pending,
    pending_for,
    replay,
    timeout_default,
)
from engine.bootleg.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NOBODY,
    ROUNDS,
    BootlegOptions,
    BootlegSetup,
    BootlegState,
    Phase,
    Result,
    Standing,
    Variant,
)
from engine.bootleg.view import PlayerView, player_view, visible_events
from engine.common.errors import IllegalDecision, MatchOver, StateFormatError
from engine.common.seats import PlayerSpec

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NOBODY",
    "ROUNDS",
    "BootlegOptions",
    "BootlegSetup",
    "BootlegState",
    "Decision",
    "DecisionKind",
    "IllegalDecision",
    "MatchOver",
    "Pending",
    "Phase",
    "PlayerSpec",
    "PlayerView",
    "Result",
    "Standing",
    "StateFormatError",
    "Variant",
    "apply",
    "check",
    "new_match",
    "pending",
    "pending_for",
    "player_view",
    "replay",
    "timeout_default",
    "visible_events",
]
