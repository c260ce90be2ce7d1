"""Named errors of the engine."""


class IllegalDecision(ValueError):
    """A decision that is not legal for that seat now. The state is unchanged."""


class MatchOver(IllegalDecision):
    """The match has ended: no decision is legal any more."""


class StateFormatError(ValueError):
    """Saved state written in a layout this engine does not read; replay the log instead."""
