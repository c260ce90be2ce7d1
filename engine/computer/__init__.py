"""Computer players: take any pending decision for any seat."""
