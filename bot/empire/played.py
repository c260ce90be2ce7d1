"""An Empire match as the table keeps it: the rules' state and how many decisions the
table has logged.

Standing orders (EMPIRE §6.9) are logged, since a replay needs them to cancel the same
Event later, but they are no step of the game: the rules' own count leaves them out so
that setting one moves nothing anyone else can see. The table counts every logged
decision, orders included, and numbers its buttons and log rows by that count.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.empire import EmpireState


@dataclass(slots=True)
class Played:
    match: EmpireState
    logged: int = 0

    def to_json(self) -> bytes:
        return self.match.to_json()
