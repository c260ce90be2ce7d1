"""What every rules package shares, and nothing game-specific: the named errors, the
seeded generator kept in a state, the seat spec, the events' base, replay from a log
and the random-play loop. A game's package imports these; no game imports another."""

from engine.common.errors import IllegalDecision, MatchOver, StateFormatError
from engine.common.events import Event
from engine.common.random_play import RandomPlay
from engine.common.replay import replay_log
from engine.common.rng import WIDE_SEED_BITS, Rng, wide_seed
from engine.common.seats import PlayerSpec

__all__ = [
    "WIDE_SEED_BITS",
    "Event",
    "IllegalDecision",
    "MatchOver",
    "PlayerSpec",
    "RandomPlay",
    "Rng",
    "StateFormatError",
    "replay_log",
    "wide_seed",
]
