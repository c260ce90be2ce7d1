"""Plans for Empire table tests that must meet given situations for certain, not by
luck: the rules alone play a match ahead (seeded random choices, the timer's defaults
where a test lets the time run out), so a test knows which seed reaches every decision
kind of EMPIRE §14, and the decisions up to the next one can be put in the store."""

from __future__ import annotations

import random
from collections.abc import Iterable

import engine.empire as empire
from engine.empire import DecisionKind
from engine.empire.random_play import random_choice

# Every decision of EMPIRE §14 whose time runs out at the turn timer (an offer's answer
# lapses at the offer timer instead: tests/discord/test_empire_offers.py).
TIMED = tuple(k for k in DecisionKind if k is not DecisionKind.OFFER_ANSWER)
STREAK = 2  # the timer may decide for a seat at most this many times in a row here


class Plan:
    """One seeded way through a match of people only: random choices, and the timer
    wherever a kind not yet timed out is asked and no seat asked is on a streak."""

    def __init__(self, rng_seed: int, kinds: Iterable[DecisionKind] = TIMED) -> None:
        self.rng = random.Random(rng_seed)
        self.wanted = set(kinds)
        self.waited: set[DecisionKind] = set()
        self.streaks: dict[int, int] = {}

    def stop_here(self, state: empire.EmpireState) -> DecisionKind | None:
        """The kind to let the time run out on now, or None (play on)."""
        if state.result is not None:
            return None
        pending = [p for p in state.pending if p.kind is not DecisionKind.OFFER_ANSWER]
        if not pending:
            return None
        if any(self.streaks.get(p.seat, 0) >= STREAK for p in state.pending):
            return None
        new = [p.kind for p in pending if p.kind in self.wanted - self.waited]
        return new[0] if new else None

    def play_to_stop(self, state: empire.EmpireState) -> list[tuple[int, str]]:
        """Random decisions until a stop (or the end): those decisions, applied."""
        made: list[tuple[int, str]] = []
        while state.result is not None or self.stop_here(state) is None:
            if state.result is not None:
                return made
            asked = state.pending[0]  # no offers: they have a test and a timer of their own
            seat, decision = asked.seat, random_choice(asked, self.rng)
            empire.apply(state, seat, decision)
            self.streaks[seat] = 0
            made.append((seat, str(decision)))
        return made

    def time_out(self, state: empire.EmpireState) -> list[tuple[int, str]]:
        """What the turn timer decides now, as the table's session does: each seat asked
        gets its default, in the order asked. The stop's kind counts as met."""
        kind = self.stop_here(state)
        assert kind is not None
        self.waited.add(kind)
        made = []
        for seat in dict.fromkeys(p.seat for p in state.pending):
            if state.result is not None or not empire.pending_for(state, seat):
                continue
            default = str(empire.timeout_default(state, seat))
            empire.apply(state, seat, default)
            self.streaks[seat] = self.streaks.get(seat, 0) + 1
            made.append((seat, default))
        return made


def rehearse(setup: empire.EmpireSetup, rng_seed: int) -> set[DecisionKind]:
    """The kinds the plan of `rng_seed` times out in the match `setup`, by the rules alone."""
    state, _ = empire.replay(setup, [])
    plan = Plan(rng_seed)
    while True:
        plan.play_to_stop(state)
        if state.result is not None:
            return plan.waited
        plan.time_out(state)


def plan_seed(setup: empire.EmpireSetup) -> int:
    """The first seed whose plan times out every kind of `TIMED` in this match."""
    for rng_seed in range(300):
        if rehearse(setup, rng_seed) == set(TIMED):
            return rng_seed
    raise AssertionError("no plan meets every timeout of EMPIRE §14 in this match")


def fight_choice(state: empire.EmpireState, seat: int) -> str:
    """A plain player's answer in a fight, by a channel button: fight on, lose the
    first Mobster offered, the North Garage, leave the winners in the car."""
    asked = empire.pending_for(state, seat)[0]
    offered = [o.decision for o in asked.options]
    for plain in ("fight", "garage:GN", "occupy:-"):
        if plain in offered:
            return plain
    return offered[0]


FIGHTING = (DecisionKind.PREFIGHT, DecisionKind.CASUALTY, DecisionKind.GARAGE, DecisionKind.OCCUPY)


def fight_with_casualty(setup: empire.EmpireSetup) -> tuple[list[tuple[int, str]], int]:
    """The decisions up to the first fight (its first pre-fight choice asked) of the
    first plan whose fight asks a loser to choose a casualty, and that plan's seed."""
    for rng_seed in range(300):
        state, _ = empire.replay(setup, [])
        made = Plan(rng_seed, [DecisionKind.PREFIGHT]).play_to_stop(state)
        if state.result is not None:
            continue
        kinds = []
        while state.pending and state.pending[0].kind in FIGHTING:
            asked = state.pending[0]
            kinds.append(asked.kind)
            empire.apply(state, asked.seat, fight_choice(state, asked.seat))
        if DecisionKind.CASUALTY in kinds and kinds.count(DecisionKind.PREFIGHT) == 2:
            return made, rng_seed
    raise AssertionError("no plan reaches a fight with a casualty to choose")


def _copy(state: empire.EmpireState) -> empire.EmpireState:
    return empire.EmpireState.from_json(state.to_json())


def _jails(state: empire.EmpireState, seat: int, decision: str) -> bool:
    """Whether `decision` (a bust) wins its stand-off and sends a Mobster to Jail."""
    events = empire.apply(_copy(state), seat, decision)
    return any(isinstance(e, empire.events.Busted) and e.success for e in events) and any(
        isinstance(e, empire.events.MobsterSent) and e.where == "jail" for e in events
    )


def police_bust(setup: empire.EmpireSetup, kind: str) -> tuple[list[tuple[int, str]], str]:
    """The decisions of random play up to a Police Action whose bust of `kind` ("bust"
    a Business or "bustcar" a car, EMPIRE §8.3) wins its stand-off and sends Mobsters
    to Jail, and that bust."""
    for rng_seed in range(200):
        rng = random.Random(rng_seed)
        state, _ = empire.replay(setup, [])
        made: list[tuple[int, str]] = []
        while state.result is None:
            asked = state.pending[0]
            if asked.kind is DecisionKind.POLICE_ACTION:
                for option in asked.options:
                    if option.decision.startswith(f"{kind}:") and _jails(
                        state, asked.seat, option.decision
                    ):
                        return made, option.decision
            decision = str(random_choice(asked, rng))
            empire.apply(state, asked.seat, decision)
            made.append((asked.seat, decision))
    raise AssertionError(f"no plan reaches a {kind} that jails a Mobster")
