"""One match, one path: a decision in, everything a front end needs out.

The demo, the simulator and the Discord bot all drive matches through `MatchSession`,
so a turn is applied, narrated and handed to computer seats the same way everywhere.
The session knows nothing of Discord: it takes a decision with the sequence number it
was offered at, refuses stale, duplicate or out-of-turn ones with a verdict (never an
exception the caller must guess), and rebuilds exactly from setup + log after a restart.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

from bot.narration import Line, narrate
from bot.verdicts import Verdict, say
from engine import (
    Decision,
    IllegalDecision,
    MatchState,
    Pending,
    Result,
    Setup,
    apply,
    replay,
    timeout_default,
)
from engine.computer import LEVELS, choose, clone
from engine.events import Event, MatchEnded, TurnStarted

USER = "user"
TIMER = "timer"
COMPUTER = "computer"
# Levels that think for a while (tens of milliseconds): a session with `hold_slow` leaves
# their turns to `settle`, which an async front end awaits so its event loop stays free.
SLOW_LEVELS = frozenset({"hard"})


@dataclass(frozen=True, slots=True)
class Applied:
    """One logged decision. `actor` is who made it: a user id (as text), "timer" or
    "computer"; replay needs only seat and decision."""

    seq: int
    seat: int
    decision: str
    actor: str


@dataclass(slots=True)
class StepResult:
    """What one call did: the verdict, and when applied, the decisions to commit (the
    caller's, then the computer seats'), the events and their narration, what is asked
    next, how many turns closed (a board picture is due when > 0), the result, and how
    long each computer decision took (level, seconds)."""

    verdict: Verdict
    message: str = ""
    applied: list[Applied] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    pending: Pending | None = None
    turns_ended: int = 0
    result: Result | None = None
    thinking: list[tuple[str, float]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.APPLIED


def refused(verdict: Verdict, **facts: str) -> StepResult:
    """A step that changed nothing, with the words players read for it."""
    return StepResult(verdict, say(verdict, **facts))


def turns_closed(events: Iterable[Event]) -> int:
    """Turns a batch of events closed: each new turn closes the one before, and the end of
    the match closes the last."""
    return sum(isinstance(e, (TurnStarted, MatchEnded)) for e in events)


class MatchSession:
    """Owns one match: its state, decision log, computer seats, narration and lock.

    `controllers` maps a seat to the computer level playing it when that differs from
    the setup (a seat handed to a computer after repeated timeouts). With `hold_slow`,
    computer seats of a slow level are not played by `decide` and the like: the caller
    awaits `settle(step)` after each call, which plays them off its event loop."""

    def __init__(
        self,
        state: MatchState,
        log: Sequence[Applied] = (),
        controllers: dict[int, str] | None = None,
        autoplay: bool = True,
        narrated: bool = True,
        hold_slow: bool = False,
    ) -> None:
        self._state = state
        self.autoplay = autoplay
        self.narrated = narrated
        self.hold_slow = hold_slow
        self.log: list[Applied] = list(log)
        self.controllers: dict[int, str] = dict(controllers or {})
        self.lock = asyncio.Lock()

    # --- building -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Setup,
        controllers: dict[int, str] | None = None,
        autoplay: bool = True,
        narrated: bool = True,
        hold_slow: bool = False,
    ) -> tuple[MatchSession, StepResult]:
        """A match after setup; with `autoplay`, computer seats play until a human must
        decide (without it, the caller paces them with `play_computer`). Without
        `narrated`, steps carry no lines (the simulator plays thousands of matches)."""
        state, events = replay(setup, ())
        session = cls(state, (), controllers, autoplay, narrated, hold_slow)
        step = StepResult(Verdict.APPLIED, events=list(events))
        if autoplay:
            session._play_computers(step)
        return session, session._finish(step)

    @classmethod
    def restore(
        cls,
        setup: Setup,
        log: Sequence[Applied],
        controllers: dict[int, str] | None = None,
        snapshot_json: str | bytes | None = None,
    ) -> MatchSession:
        """The match as it stood after `log`: from the snapshot when given (it knows how
        many decisions it holds, so only the later ones are applied), else replayed from
        the setup. Raises IllegalDecision if the log does not fit the match."""
        if snapshot_json is not None:
            state = MatchState.from_json(snapshot_json)
            for entry in log[state.seq :]:
                apply(state, entry.seat, entry.decision)
        else:
            state, _ = replay(setup, ((entry.seat, entry.decision) for entry in log))
        return cls(state, log, controllers)

    # --- reading --------------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        return self._state

    @property
    def seq(self) -> int:
        """The number of the decision asked now (decisions applied so far)."""
        return self._state.seq

    @property
    def pending(self) -> Pending | None:
        return self._state.pending

    @property
    def result(self) -> Result | None:
        return self._state.result

    def level(self, seat: int) -> str | None:
        """The computer level playing `seat` now, or None for a person."""
        return self.controllers.get(seat) or self._state.sides[seat].computer

    def is_computer(self, seat: int) -> bool:
        return self.level(seat) is not None

    def name(self, seat: int) -> str:
        return self._state.sides[seat].name

    def timeouts_running(self, seat: int) -> int:
        """How many of `seat`'s latest decisions in a row its timer made: read from the
        log, so the count survives a restart."""
        count = 0
        for entry in reversed(self.log):
            if entry.seat != seat:
                continue
            if entry.actor != TIMER:
                break
            count += 1
        return count

    # --- deciding -------------------------------------------------------------------

    def check(
        self, seat: int | None, decision: str | Decision, seq: int, actor: str = USER
    ) -> StepResult | None:
        """Why `seat`'s decision offered at `seq` would not count (None: it would), without
        applying it. `seat` None: someone who does not play in this match. The same
        actor's same decision again is a duplicate; anyone else's is stale."""
        return self._refusal(seat, str(decision), seq, actor)

    def decide(
        self, seat: int, decision: str | Decision, seq: int, actor: str = USER
    ) -> StepResult:
        """Apply `seat`'s decision offered at `seq`, then let computer seats play on."""
        refused = self._refusal(seat, str(decision), seq, actor)
        if refused is not None:
            return refused
        try:
            parsed = decision if isinstance(decision, Decision) else Decision.parse(decision)
            events = apply(self._state, seat, parsed)
        except IllegalDecision as exc:
            return StepResult(Verdict.ILLEGAL, say(Verdict.ILLEGAL, detail=str(exc)))
        step = StepResult(Verdict.APPLIED, events=events)
        step.applied.append(Applied(seq, seat, str(parsed), actor))
        self.log.append(step.applied[-1])
        if self.autoplay:
            self._play_computers(step)
        return self._finish(step)

    def expire(self, seq: int) -> StepResult:
        """The timer of decision `seq` ran out: the engine's safe default is applied."""
        pending = self._state.pending
        if self._state.result is not None:
            return refused(Verdict.OVER)
        if pending is None or seq != self.seq:
            return refused(Verdict.STALE)
        return self.decide(pending.seat, str(timeout_default(self._state)), seq, TIMER)

    def hand_to_computer(self, seat: int, level: str = "normal") -> StepResult:
        """A computer plays `seat` from now on (and at once, if the seat must decide)."""
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}")
        self.controllers[seat] = level
        step = StepResult(Verdict.APPLIED)
        self._play_computers(step)
        return self._finish(step)

    def play_on(self) -> StepResult:
        """Computer seats play until a person must decide: for a match rebuilt from a log
        that ends on a person's decision another bot process committed, before the
        computer seats after it had played."""
        step = StepResult(Verdict.APPLIED)
        if self.autoplay:
            self._play_computers(step)
        return self._finish(step)

    def play_computer(self) -> StepResult:
        """One decision by the computer seat that must decide now, for a caller that
        paces computer turns itself (the demo, a bot showing turns one at a time)."""
        state = self._state
        if state.result is not None:
            return refused(Verdict.OVER)
        if state.pending is None or not self.is_computer(state.pending.seat):
            return refused(Verdict.WRONG_SEAT, waiting="a person")
        step = StepResult(Verdict.APPLIED)
        self._play_computers(step, limit=1, hold=False)
        return self._finish(step)

    async def settle(self, step: StepResult, executor: Executor | None = None) -> StepResult:
        """Play the slow computer seats a call held back (see `hold_slow`), each choice
        made on a copy of the match in `executor` (default: a worker thread) while the
        event loop serves other matches; `step` gains their decisions, in place. The
        choice is the one `decide` would have made: it depends on the match alone."""
        state = self._state
        loop = asyncio.get_running_loop()
        while self.autoplay and self._held() is not None:
            assert state.pending is not None
            seat = state.pending.seat
            level = self.level(seat)
            assert level is not None
            began = time.perf_counter()
            decision = await loop.run_in_executor(executor, choose, clone(state), seat, level)
            step.thinking.append((level, time.perf_counter() - began))
            self._apply_computer(step, seat, decision)
            self._play_computers(step)
        return self._finish(step)

    def take_back(self, seat: int) -> None:
        """A person plays `seat` again (a seat dealt to a computer at setup stays one)."""
        self.controllers.pop(seat, None)

    # --- inside ---------------------------------------------------------------------

    def _refusal(
        self, seat: int | None, decision: str, seq: int, actor: str = USER
    ) -> StepResult | None:
        state = self._state
        if state.result is not None:
            return refused(Verdict.OVER)
        if seq < self.seq:
            if 0 <= seq < len(self.log) and self._same(self.log[seq], seat, decision, actor):
                return refused(Verdict.DUPLICATE)
            return refused(Verdict.STALE)
        pending = state.pending
        if seq > self.seq or pending is None:
            return refused(Verdict.STALE)
        if seat != pending.seat:
            return refused(Verdict.WRONG_SEAT, waiting=self.name(pending.seat))
        return None

    @staticmethod
    def _same(entry: Applied, seat: int | None, decision: str, actor: str) -> bool:
        if seat is None or entry.seat != seat or entry.actor != actor:
            return False
        try:
            return str(Decision.parse(decision)) == entry.decision
        except IllegalDecision:
            return False

    def _play_computers(
        self, step: StepResult, limit: int | None = None, hold: bool = True
    ) -> None:
        state = self._state
        while state.result is None and state.pending is not None:
            if limit is not None and len(step.applied) >= limit:
                return
            seat = state.pending.seat
            level = self.level(seat)
            if level is None or (hold and self._held() is not None):
                return
            began = time.perf_counter()
            decision = choose(state, seat, level)
            step.thinking.append((level, time.perf_counter() - began))
            self._apply_computer(step, seat, decision)

    def _held(self) -> int | None:
        """The seat that must decide now if it is a slow computer this session holds back."""
        state = self._state
        if not self.hold_slow or state.result is not None or state.pending is None:
            return None
        seat = state.pending.seat
        return seat if self.level(seat) in SLOW_LEVELS else None

    def _apply_computer(self, step: StepResult, seat: int, decision: Decision) -> None:
        state = self._state
        entry = Applied(state.seq, seat, str(decision), COMPUTER)
        step.events.extend(apply(state, seat, decision))
        step.applied.append(entry)
        self.log.append(entry)

    def _finish(self, step: StepResult) -> StepResult:
        if self.narrated:
            step.lines = narrate(self._state, step.events)
        step.pending = self._state.pending
        step.turns_ended = turns_closed(step.events)
        step.result = self._state.result
        return step


__all__ = [
    "COMPUTER",
    "SLOW_LEVELS",
    "TIMER",
    "USER",
    "Applied",
    "MatchSession",
    "StepResult",
    "Verdict",
    "turns_closed",
]
