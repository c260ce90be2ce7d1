"""One match, one path: a decision in, everything a front end needs out.

The demo, the simulator and the Discord bot all drive matches through `MatchSession`,
so a turn is applied, narrated and handed to computer seats the same way everywhere.
The session knows nothing of Discord: it takes a decision with the sequence number it
was offered at, refuses stale, duplicate or out-of-turn ones with a verdict (never an
exception the caller must guess), and rebuilds exactly from setup + log after a restart.

It knows no game either: it reaches the rules only through `bot.games.Game`, so Chicago
1927 and Turf (and any later game) run through this one path. Where a game asks several
seats at once (both sides of a Turf confrontation choose in secret), each seat's question
carries the decision number it was first asked at, and a click counts while that same
question is still open.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from bot.games import Asked, Game
from bot.telling import Line, told_once
from bot.verdicts import Verdict, say
from engine.common import IllegalDecision

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
    events: list[Any] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    pending: Any = None
    asked: list[Asked] = field(default_factory=list)
    turns_ended: int = 0
    result: Any = None
    thinking: list[tuple[str, float]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.APPLIED


def refused(verdict: Verdict, **facts: str) -> StepResult:
    """A step that changed nothing, with the words players read for it."""
    return StepResult(verdict, say(verdict, **facts))


def default_game() -> Game:
    """The registry's default game, for a caller that names none (every match stored
    before a second game existed is of it). Read on call: the registry loads the games,
    and a game's own modules may build sessions."""
    from bot.registry import game_named

    return game_named(None)


class MatchSession:
    """Owns one match: its state, decision log, computer seats, narration and lock.

    `game` is the game the match plays (the registry's default unless told). `controllers` maps a
    seat to the computer level playing it when that differs from the setup (a seat
    handed to a computer after repeated timeouts). With `hold_slow`, computer seats of a
    slow level are not played by `decide` and the like: the caller awaits
    `settle(step)` after each call, which plays them off its event loop."""

    def __init__(
        self,
        state: Any,
        log: Sequence[Applied] = (),
        controllers: dict[int, str] | None = None,
        autoplay: bool = True,
        narrated: bool = True,
        hold_slow: bool = False,
        game: Game | None = None,
        asked_at: dict[int, int] | None = None,
    ) -> None:
        self.game = game or default_game()
        self._state = state
        self.autoplay = autoplay
        self.narrated = narrated
        self.hold_slow = hold_slow
        self.log: list[Applied] = list(log)
        self.controllers: dict[int, str] = dict(controllers or {})
        self.lock = asyncio.Lock()
        self._signatures: dict[int, str] = {}
        self._asked_at: dict[int, int] = {}
        self._track(None, asked_at)

    # --- building -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        setup: Any,
        controllers: dict[int, str] | None = None,
        autoplay: bool = True,
        narrated: bool = True,
        hold_slow: bool = False,
        game: Game | None = None,
    ) -> tuple[MatchSession, StepResult]:
        """A match after setup; with `autoplay`, computer seats play until a human must
        decide (without it, the caller paces them with `play_computer`). Without
        `narrated`, steps carry no lines (the simulator plays thousands of matches)."""
        game = game or default_game()
        state, events = game.replay(setup, ())
        session = cls(state, (), controllers, autoplay, narrated, hold_slow, game)
        step = StepResult(Verdict.APPLIED, events=list(events))
        if autoplay:
            session._play_computers(step)
        return session, session._finish(step)

    @classmethod
    def restore(
        cls,
        setup: Any,
        log: Sequence[Applied],
        controllers: dict[int, str] | None = None,
        snapshot_json: str | bytes | None = None,
        game: Game | None = None,
    ) -> MatchSession:
        """The match as it stood after `log`: from the snapshot when given (it knows how
        many decisions it holds, so only the later ones are applied), else replayed from
        the setup. Raises IllegalDecision if the log does not fit the match.

        A game that asks several seats at once is replayed decision by decision, so
        each open question keeps the number it was first asked at."""
        game = game or default_game()
        if game.simultaneous:
            return cls.replayed(game, setup, log, controllers)
        if snapshot_json is not None:
            state = game.state_from_json(snapshot_json)
            for entry in log[game.seq(state) :]:
                game.apply(state, entry.seat, entry.decision)
        else:
            state, _ = game.replay(setup, ((entry.seat, entry.decision) for entry in log))
        return cls(state, log, controllers, game=game)

    @classmethod
    def replayed(
        cls,
        game: Game,
        setup: Any,
        log: Sequence[Applied],
        controllers: dict[int, str] | None = None,
    ) -> MatchSession:
        """The match rebuilt from its setup one logged decision at a time."""
        state, _ = game.replay(setup, ())
        session = cls(state, (), controllers, game=game)
        for entry in log:
            game.apply(state, entry.seat, entry.decision)
            session.log.append(entry)
            session._track(entry.seat)
        return session

    # --- reading --------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._state

    @property
    def seq(self) -> int:
        """The number of the next decision to be applied (decisions applied so far)."""
        return self.game.seq(self._state)

    @property
    def pending(self) -> Any:
        """The open decision as the game's own engine states it, for that game's own
        table code (None for a game read only through `asked()`)."""
        return self.game.pending(self._state)

    @property
    def result(self) -> Any:
        return self.game.result(self._state)

    @property
    def over(self) -> bool:
        return self.game.finished(self._state)

    def asked(self) -> list[Asked]:
        """Every open decision, the turn's own first."""
        return self.game.asked(self._state)

    def asked_at(self, seat: int) -> int | None:
        """The decision number `seat`'s open question was first asked at, or None when
        the seat has nothing to decide. A button carries this number."""
        return self._asked().get(seat)

    def _asked(self) -> dict[int, int]:
        if not self.game.simultaneous:  # one question at a time, asked at the current number
            return {a.seat: self.seq for a in self.asked()}
        return self._asked_at

    def level(self, seat: int) -> str | None:
        """The computer level playing `seat` now, or None for a person."""
        return self.controllers.get(seat) or self.game.computer(self._state, seat)

    def is_computer(self, seat: int) -> bool:
        return self.level(seat) is not None

    def name(self, seat: int) -> str:
        return self.game.names(self._state)[seat]

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
        self, seat: int | None, decision: object, seq: int, actor: str = USER
    ) -> StepResult | None:
        """Why `seat`'s decision offered at `seq` would not count (None: it would), without
        applying it. `seat` None: someone who does not play in this match. The same
        actor's same decision again is a duplicate; anyone else's is stale."""
        return self._refusal(seat, str(decision), seq, actor)

    def decide(self, seat: int, decision: object, seq: int, actor: str = USER) -> StepResult:
        """Apply `seat`'s decision offered at `seq`, then let computer seats play on."""
        refused = self._refusal(seat, str(decision), seq, actor)
        if refused is not None:
            return refused
        return self._apply(seat, str(decision), actor, asked=True)

    def offer(self, seat: int, decision: str, actor: str = USER) -> StepResult:
        """A decision a seat may make without being asked (a Turf deal, TURF §7): no
        sequence number to match, the game's own check decides; nobody's open question
        is touched by it."""
        if self.over:
            return refused(Verdict.OVER)
        return self._apply(seat, decision, actor, asked=False)

    def _apply(self, seat: int, decision: str, actor: str, asked: bool) -> StepResult:
        """Apply a decision the caller has let through, then let computer seats play on.
        `asked`: it answers the seat's open question (which is then asked anew)."""
        try:
            text = self.game.parse(decision)
            entry = Applied(self.seq, seat, text, actor)
            events = self.game.apply(self._state, seat, text)
        except IllegalDecision as exc:
            return StepResult(Verdict.ILLEGAL, say(Verdict.ILLEGAL, detail=str(exc)))
        step = StepResult(Verdict.APPLIED, events=events)
        step.applied.append(entry)
        self.log.append(entry)
        self._track(seat if asked else None)
        if self.autoplay:
            self._play_computers(step)
        return self._finish(step)

    def expire(self, seq: int, only: Collection[int] | None = None) -> StepResult:
        """The timer started at decision `seq` ran out: each person still asked since
        then gets the game's safe default (`only`: just these seats, whose own time bank
        ran out, in a match played over days)."""
        if self.over:
            return refused(Verdict.OVER)
        late = [
            a.seat
            for a in self.asked()
            if not self.is_computer(a.seat)
            and self._asked().get(a.seat, -1) <= seq
            and (only is None or a.seat in only)
        ]
        if seq != self.seq or not late:
            return refused(Verdict.STALE)
        step = StepResult(Verdict.STALE)
        for seat in dict.fromkeys(late):
            asked_at = self._asked().get(seat)
            if asked_at is None or self.over:
                continue
            default = self.game.timeout_default(self._state, seat)
            merge_into(step, self.decide(seat, default, asked_at, TIMER))
        return step

    def hand_to_computer(self, seat: int, level: str = "normal") -> StepResult:
        """A computer plays `seat` from now on (and at once, if the seat must decide)."""
        if level not in self.game.levels and level != "normal":
            raise ValueError(f"unknown computer level {level!r}")
        self.controllers[seat] = level
        step = StepResult(Verdict.APPLIED)
        self._play_computers(step)
        return self._finish(step)

    def adopt(self, entries: Sequence[Applied]) -> StepResult:
        """Decisions already committed elsewhere (another bot process took a DM answer),
        applied here, then computer seats play on. The step's `applied` holds only the
        computers' new decisions (what is left to commit); its events and lines tell
        everything."""
        step = StepResult(Verdict.APPLIED)
        for entry in entries:
            step.events.extend(self.game.apply(self._state, entry.seat, entry.decision))
            self.log.append(entry)
            self._track(entry.seat)
        if self.autoplay:
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
        """One decision by a computer seat that must decide now, for a caller that
        paces computer turns itself (the demo, a bot showing turns one at a time)."""
        if self.over:
            return refused(Verdict.OVER)
        if self._computer_asked() is None:
            return refused(Verdict.WRONG_SEAT, waiting="a person")
        step = StepResult(Verdict.APPLIED)
        self._play_computers(step, limit=1, hold=False)
        return self._finish(step)

    async def settle(self, step: StepResult, executor: Executor | None = None) -> StepResult:
        """Play the slow computer seats a call held back (see `hold_slow`), each choice
        made on a copy of the match in `executor` (default: a worker thread) while the
        event loop serves other matches; `step` gains their decisions, in place. The
        choice is the one `decide` would have made: it depends on the match alone."""
        loop = asyncio.get_running_loop()
        game = self.game
        while self.autoplay and (seat := self._held()) is not None:
            level = self.level(seat)
            assert level is not None
            began = time.perf_counter()
            copy = game.clone(self._state)
            decision = await loop.run_in_executor(executor, game.choose, copy, seat, level)
            step.thinking.append((level, time.perf_counter() - began))
            self._apply_computer(step, seat, decision)
            self._play_computers(step)
        return self._finish(step)

    def take_back(self, seat: int) -> None:
        """A person plays `seat` again (a seat dealt to a computer at setup stays one)."""
        self.controllers.pop(seat, None)

    # --- inside ---------------------------------------------------------------------

    def _track(self, decided: int | None, given: dict[int, int] | None = None) -> None:
        """Note the number each open question was first asked at: a seat's question is
        new when that seat just decided or when what it is asked changed. (A game that
        asks one seat at a time needs no notes: its question is always the newest.)"""
        if not self.game.simultaneous:
            return
        seq = self.seq
        signatures: dict[int, str] = {}
        for asked in self.asked():
            signatures[asked.seat] = signatures.get(asked.seat, "") + "/" + asked.signature
        asked_at: dict[int, int] = {}
        for seat, signature in signatures.items():
            kept = self._asked_at.get(seat)
            if given is not None and seat in given:
                asked_at[seat] = given[seat]
            elif kept is not None and seat != decided and self._signatures.get(seat) == signature:
                asked_at[seat] = kept
            else:
                asked_at[seat] = seq
        self._signatures, self._asked_at = signatures, asked_at

    def _refusal(
        self, seat: int | None, decision: str, seq: int, actor: str = USER
    ) -> StepResult | None:
        if self.over:
            return refused(Verdict.OVER)
        if seat is not None and self._asked().get(seat) == seq:
            return None
        if seq < self.seq:
            first = self._first_by(seat, seq)
            if first is not None and self._same(first, seat, decision, actor):
                return refused(Verdict.DUPLICATE)
            return refused(Verdict.STALE)
        asked = self.asked()
        if seq > self.seq or not asked:
            return refused(Verdict.STALE)
        return refused(Verdict.WRONG_SEAT, waiting=self.name(asked[0].seat))

    def _first_by(self, seat: int | None, seq: int) -> Applied | None:
        """The first decision logged at or after `seq` by the seat asked at `seq`: what a
        repeated click on that question would repeat."""
        if not 0 <= seq < len(self.log):
            return None
        if not self.game.simultaneous:
            return self.log[seq]
        return next((e for e in self.log[seq:] if e.seat == seat), None)

    def _same(self, entry: Applied, seat: int | None, decision: str, actor: str) -> bool:
        if seat is None or entry.seat != seat or entry.actor != actor:
            return False
        try:
            return self.game.parse(decision) == entry.decision
        except IllegalDecision:
            return False

    def _computer_asked(self) -> int | None:
        """The first seat a computer plays that has a question open."""
        return next((a.seat for a in self.asked() if self.is_computer(a.seat)), None)

    def _play_computers(
        self, step: StepResult, limit: int | None = None, hold: bool = True
    ) -> None:
        while not self.over:
            if limit is not None and len(step.applied) >= limit:
                return
            seat = self._computer_asked()
            if seat is None:
                return
            level = self.level(seat)
            assert level is not None
            if hold and self.hold_slow and level in SLOW_LEVELS:
                return
            began = time.perf_counter()
            decision = self.game.choose(self._state, seat, level)
            step.thinking.append((level, time.perf_counter() - began))
            self._apply_computer(step, seat, decision)

    def _held(self) -> int | None:
        """The slow computer seat this session holds back, if one must decide now."""
        if not self.hold_slow or self.over:
            return None
        seat = self._computer_asked()
        return seat if seat is not None and self.level(seat) in SLOW_LEVELS else None

    def _apply_computer(self, step: StepResult, seat: int, decision: str) -> None:
        entry = Applied(self.seq, seat, str(decision), COMPUTER)
        step.events.extend(self.game.apply(self._state, seat, str(decision)))
        step.applied.append(entry)
        self.log.append(entry)
        self._track(seat)

    def _finish(self, step: StepResult) -> StepResult:
        if self.narrated:
            # Every game's lines: a run of identical ones is told once, counted.
            step.lines = told_once(self.game.narrate(self._state, step.events))
        step.pending = self.pending
        step.asked = self.asked()
        step.turns_ended = self.game.closes_turn(step.events)
        step.result = self.result
        return step


def merge_into(first: StepResult, second: StepResult) -> None:
    """`second` told after `first`, as one step (several timeouts at once)."""
    if second.ok:
        first.verdict = Verdict.APPLIED
        first.message = ""
    first.applied += second.applied
    first.events += second.events
    first.lines += second.lines
    first.pending = second.pending
    first.asked = second.asked
    first.turns_ended += second.turns_ended
    first.result = second.result
    first.thinking += second.thinking


__all__ = [
    "COMPUTER",
    "SLOW_LEVELS",
    "TIMER",
    "USER",
    "Applied",
    "MatchSession",
    "StepResult",
    "Verdict",
    "default_game",
    "merge_into",
]
