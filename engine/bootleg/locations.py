"""The 9 Locations in play (BOOTLEG §2.1 [R]): Value, Pot at setup, Service cost.

Listed in the order the setup shuffles them (§13); the Railway Station always stands on
the centre cell. A cost of 0 with `service` False is the Prison: no Service (§6.9).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LocationCard:
    key: str
    name: str
    value: int
    pot: int
    cost: int
    service: bool = True


LOCATIONS: tuple[LocationCard, ...] = (
    LocationCard("casino", "Casino", 6, 1, 1),
    LocationCard("precinct", "Police Precinct", 5, 1, 1),
    LocationCard("bank", "Bank", 5, 2, 1),
    LocationCard("city_hall", "City Hall", 1, 1, 2),
    LocationCard("station", "Railway Station", 6, 2, 1),
    LocationCard("church", "Church", 2, 1, 1),
    LocationCard("hotel", "Hotel", 5, 1, 2),
    LocationCard("post_office", "Post Office", 4, 1, 1),
    LocationCard("prison", "Prison", 8, 1, 0, service=False),
)
BY_KEY = {card.key: card for card in LOCATIONS}
STATION = "station"
SPACES = 4  # Barrel spaces per Location; the open ones are as many as the players (§2.1 [R])
CASINO_GREEN = frozenset({1, 3})  # spaces 1 and 3 green, 2 and 4 red (§2.1 [R])
