"""A confrontation over a building (TURF §4.3): two secret commitments, then the reveal.

Both sides are asked at once. A commitment is stored as it comes, but nothing moves
until both are in: the board shows no guard leaving and the views show nobody the
numbers, so the side that chooses second learns nothing from the first.
"""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.turf.decisions import CommitFacts, Decision, DecisionKind, Option, Pending
from engine.turf.events import Committed, Event, Revealed
from engine.turf.pieces import set_guard
from engine.turf.state import NOBODY, Commitment, Confrontation, Phase, TurfState


def open_confrontation(state: TurfState, ev: list[Event], fight: Confrontation) -> None:
    state.fight = fight
    state.phase = Phase.CONFRONTATION
    facts = commit_facts(state, fight.defender)
    if facts.idle + facts.cops + len(facts.guards) == 0:
        fight.defence = Commitment(0, 0, [])  # nothing to choose: only the guard defends


def commit_facts(state: TurfState, seat: int) -> CommitFacts:
    """What `seat` may commit: thugs not on a job, the contested guard aside (it always
    defends: TURF §4.3.1 [R guard defends]). The attacker must commit at least one."""
    fight = state.fight
    assert fight is not None
    player = state.players[seat]
    guards = tuple(sq for sq in state.guards(seat) if sq != fight.square)
    least = 1 if seat == fight.attacker else 0
    return CommitFacts(
        fight.attacker, fight.defender, fight.square, player.idle, player.cops, guards, least
    )


def commit_pendings(state: TurfState) -> list[Pending]:
    fight = state.fight
    assert fight is not None
    asked = []
    for seat, chosen in ((fight.attacker, fight.attack), (fight.defender, fight.defence)):
        if chosen is None:
            option = Option("commit", "Commit thugs in secret")
            asked.append(Pending(DecisionKind.COMMIT, seat, [option], commit_facts(state, seat)))
    return asked


def check_commit(pending: Pending, d: Decision) -> None:
    facts = pending.facts_as(CommitFacts)
    if d.idle > facts.idle or d.cops > facts.cops:
        raise IllegalDecision("you cannot commit more idle thugs or cops than you have")
    if len(set(d.squares)) != len(d.squares) or not set(d.squares) <= set(facts.guards):
        raise IllegalDecision("commit only guards of other buildings you control, once each")
    if d.idle + d.cops + len(d.squares) < facts.least:
        raise IllegalDecision(f"commit at least {facts.least} thug")


def take_commit(state: TurfState, ev: list[Event], seat: int, d: Decision) -> None:
    fight = state.fight
    assert fight is not None
    chosen = Commitment(d.idle, d.cops, list(d.squares))
    if seat == fight.attacker:
        fight.attack = chosen
    else:
        fight.defence = chosen
    ev.append(Committed(seat))
    if fight.attack is not None and fight.defence is not None:
        _reveal(state, ev, fight, fight.attack, fight.defence)


def _withdraw(state: TurfState, ev: list[Event], seat: int, chosen: Commitment) -> None:
    """Committed thugs leave their places (TURF §4.3.2): guards leave their buildings
    and cops lose their status, whatever happens next."""
    player = state.players[seat]
    player.idle -= chosen.idle
    player.cops -= chosen.cops
    for sq in chosen.guards:
        building = state.building(sq)
        assert building is not None
        set_guard(state, ev, building, NOBODY)


def _reveal(
    state: TurfState, ev: list[Event], fight: Confrontation, attack: Commitment, defence: Commitment
) -> None:
    """TURF §4.3.3-4: one for one; a survivor guards the building, the rest go on a job."""
    _withdraw(state, ev, fight.attacker, attack)
    _withdraw(state, ev, fight.defender, defence)
    building = state.building(fight.square)
    assert building is not None
    a, d = attack.total, defence.total + 1  # the contested guard always defends
    lost = min(a, d)
    state.players[fight.attacker].supply += lost
    state.players[fight.defender].supply += lost
    if a > d:
        winner, survivors = fight.attacker, a - d
    elif d > a:
        winner, survivors = fight.defender, d - a
    else:
        winner, survivors = NOBODY, 0
    if winner != NOBODY:
        state.players[winner].job += survivors - 1
    set_guard(state, ev, building, winner)
    abandoned = tuple(attack.guards + defence.guards)
    cops = attack.cops + defence.cops
    ev.append(
        Revealed(
            fight.attacker, fight.defender, fight.square, a, d, lost, lost, winner, abandoned, cops
        )
    )
    state.fight = None
    state.phase = Phase.LEGWORK
