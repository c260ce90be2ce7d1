"""From stored rows back to a live match state, checked against the log.

A stored match is its setup, an append-only decision log and the newest snapshot. The
log is the truth; the snapshot is the fallback. If a newer engine replays the log
differently (its rules changed), the players still keep their match: play continues
from the snapshot, and a warning names the match. A logged decision the engine now
refuses is set aside (kept, never deleted) so the log stays contiguous with the state
the match continues from.

Every game is restored the same way, through its `bot.games.Game` (the match's settings
name it; the registry's default game when they do not).

Since play goes on from the snapshot whatever a replay says, loading starts there and
applies only the tail after it (`resume`): the same cost at 100 decisions or 2,000. The
replay of the whole log is a check whose one outcome is the warning, so `load_state`
leaves it to `LogChecks`, which runs it in small steps between the bot's other work.
`restore` does both at once, for tools and tests that want the verdict now.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.games import Game
from bot.registry import game_named
from bot.store.interface import DecisionRecord, MatchStore, StoredMatch, StoreError
from engine.common import IllegalDecision

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 25
"""Decisions between snapshots: a snapshot is ~3 KB, a decision row ~40 bytes, and
replaying the up to 24 decisions after one takes about half a millisecond, so loading
the longest match costs a few milliseconds."""


def dump_setup(setup: Any, game: Game | None = None) -> str:
    """The setup as stored by `start_match`, written by its game (None: the registry's
    default game, whose matches name none)."""
    return (game or game_named(None)).dump_setup(setup)


def load_setup(text: str, game: Game | None = None) -> Any:
    """A stored setup read back by its game (None: the registry's default game)."""
    return (game or game_named(None)).load_setup(text)


def snapshot_due(seq: int) -> bool:
    """Should the decision `seq` be committed with a snapshot of the state after it?"""
    return (seq + 1) % SNAPSHOT_EVERY == 0


def snapshot_of(state: Any, game: Game | None = None) -> tuple[int, str]:
    """The `snapshot` argument of `append_decisions` for the state after its last
    decision: (that decision's seq, state JSON), as its game (None: the registry's
    default game) writes them."""
    game = game or game_named(None)
    return game.seq(state) - 1, game.state_json(state)


@dataclass(slots=True)
class Restored:
    """The state to play on. `diverged`: the log no longer replays to the snapshot, so
    play continues from the snapshot. `refused_from`: the first logged seq this engine
    refuses (the state stops before it), or None."""

    state: Any
    diverged: bool = False
    refused_from: int | None = None


def game_of(stored: StoredMatch) -> Game:
    """The game a stored match plays."""
    return game_named(stored.record.settings.get("game"))


def restore_state(stored: StoredMatch) -> Any:
    """The live state of a stored match (see `restore` for the checks and fallbacks)."""
    return restore(stored).state


def restore(stored: StoredMatch) -> Restored:
    """Replay the log, verify it against the snapshot, apply the tail; warn on any
    divergence. Raises StoreError only when no playable state can be rebuilt."""
    match_id = stored.record.match_id
    if stored.setup_json is None:
        raise StoreError(f"match {match_id} has not started: it has no engine setup")
    game = game_of(stored)
    try:
        setup = game.load_setup(stored.setup_json)
    except ValidationError as exc:
        raise StoreError(f"match {match_id}: this engine cannot read its setup ({exc})") from None
    state, _ = game.replay(setup, [])
    if stored.snapshot_json is None:
        return _apply_log(game, match_id, state, stored.full_log, diverged=False)

    upto = [d for d in stored.full_log if d.seq <= stored.snapshot_seq]
    replayed = _apply_log(game, match_id, state, upto, diverged=False, warn=False)
    snapshot = _read_snapshot(stored)
    if snapshot is None and replayed.refused_from is not None:
        raise StoreError(
            f"match {match_id}: this engine can neither read its snapshot nor replay its "
            f"log (refused at decision {replayed.refused_from}); it cannot be continued"
        )
    agrees = (
        snapshot is not None
        and replayed.refused_from is None
        and game.state_json(replayed.state) == game.state_json(snapshot)
    )
    if agrees or snapshot is None:
        if snapshot is None:
            log.warning(
                "match %d: this engine cannot read its snapshot after decision %d; "
                "continuing from the replayed log",
                match_id,
                stored.snapshot_seq,
            )
        tail = stored.log_tail
        return _apply_log(game, match_id, replayed.state, tail, diverged=snapshot is None)
    _warn_diverged(stored)
    return _apply_log(game, match_id, snapshot, stored.log_tail, diverged=True)


def _warn_diverged(stored: StoredMatch) -> None:
    log.warning(
        "match %d: its decision log no longer replays to its snapshot after decision %d "
        "(the engine's rules changed since it was recorded); continuing from the snapshot",
        stored.record.match_id,
        stored.snapshot_seq,
    )


def _read_snapshot(stored: StoredMatch) -> Any:
    if stored.snapshot_json is None:
        return None
    try:
        return game_of(stored).state_from_json(stored.snapshot_json)
    except (ValidationError, ValueError):
        return None


def resume(stored: StoredMatch) -> Restored:
    """The state to play on: the snapshot and the decisions after it, with no replay
    of the log before it (`check_log` does that, later). Without a readable snapshot
    the whole log is replayed, with every check of `restore`."""
    snapshot = _read_snapshot(stored)
    if snapshot is None:
        return restore(stored)
    match_id = stored.record.match_id
    return _apply_log(game_of(stored), match_id, snapshot, stored.log_tail, diverged=False)


CHECK_STEP = 50
"""Decisions replayed between two pauses of a log check: about a millisecond."""

CHECKS_AFTER_QUIET = 1.0
"""Seconds without a match being loaded before the log checks begin."""


async def check_log(stored: StoredMatch) -> bool:
    """Whether the log up to the snapshot still replays to it, pausing every
    CHECK_STEP decisions so the event loop keeps serving clicks. When it does not, the
    warning `restore` gives is logged; the match goes on from its snapshot either way."""
    snapshot = _read_snapshot(stored)
    if snapshot is None or stored.setup_json is None:
        return True  # nothing to check against: `resume` replayed the log itself
    game = game_of(stored)
    try:
        state, _ = game.replay(game.load_setup(stored.setup_json), [])
    except ValidationError:
        _warn_diverged(stored)
        return False
    upto = [d for d in stored.full_log if d.seq <= stored.snapshot_seq]
    refused = False
    for start in range(0, len(upto), CHECK_STEP):
        part = _apply_log(game, stored.record.match_id, state, upto[start : start + CHECK_STEP],
                          diverged=False, warn=False)  # fmt: skip
        if part.refused_from is not None:
            refused = True
            break
        await asyncio.sleep(0)
    agrees = not refused and game.state_json(state) == game.state_json(snapshot)
    if not agrees:
        _warn_diverged(stored)
    return agrees


def _apply_log(
    game: Game,
    match_id: int,
    state: Any,
    decisions: list[DecisionRecord],
    *,
    diverged: bool,
    warn: bool = True,
) -> Restored:
    for d in decisions:
        problem = None
        if d.seq != game.seq(state):
            problem = f"it is numbered {d.seq} where the state expects {game.seq(state)}"
        else:
            try:
                game.apply(state, d.seat, d.decision)
            except IllegalDecision as exc:
                problem = str(exc)
        if problem is not None:
            if warn:
                log.warning(
                    "match %d: this engine refuses logged decision %d (seat %d, %r): %s; "
                    "the match continues from the state before it",
                    match_id,
                    d.seq,
                    d.seat,
                    d.decision,
                    problem,
                )
            return Restored(state, diverged, d.seq)
    return Restored(state, diverged)


class LogChecks:
    """The full-log checks of loaded matches, one at a time in the background. They
    start once loading has been quiet for `quiet` seconds, so a start-up that loads a
    thousand matches is not slowed by checking them. A check reads its match again when
    its turn comes: the queue holds ids only, and a store closed meanwhile ends it."""

    def __init__(self, quiet: float = CHECKS_AFTER_QUIET) -> None:
        self.quiet = quiet
        self._waiting: deque[tuple[MatchStore, int]] = deque()
        self._worker: asyncio.Task[None] | None = None
        self._last = 0.0
        self._hurry = False

    def schedule(self, store: MatchStore, match_id: int) -> None:
        self._waiting.append((store, match_id))
        loop = asyncio.get_running_loop()
        self._last = loop.time()
        if self._worker is None or self._worker.done() or self._worker.get_loop() is not loop:
            self._worker = loop.create_task(self._work(), name="chicago-log-checks")

    async def wait(self) -> None:
        """Run every scheduled check now and return when they are done (tests, tools)."""
        self._hurry = True
        try:
            while self._worker is not None and not self._worker.done():
                await asyncio.shield(self._worker)
        finally:
            self._hurry = False

    async def _work(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            calm = self._last + self.quiet - loop.time()
            if calm > 0 and not self._hurry:
                await asyncio.sleep(min(calm, 0.1))
                continue
            store, match_id = self._waiting.popleft()
            try:
                stored = await store.load(match_id)
            except Exception as exc:  # the store closed, or the match is gone
                log.debug("match %d: log check skipped (%s)", match_id, exc)
                continue
            try:
                await check_log(stored)
            except Exception:  # a check must never take the bot down
                log.exception("match %d: the log check failed", match_id)


LOG_CHECKS = LogChecks()
"""The process's queue of log checks (its worker is one asyncio task)."""


async def load_match(
    store: MatchStore, match_id: int, checks: LogChecks | None = LOG_CHECKS
) -> tuple[Any, StoredMatch]:
    """The state to play on and the stored match it came from, read once. The log is
    checked against the snapshot later, by `checks` (None: not at all); decisions this
    engine refuses are set aside (kept in the database) so the next decision's seq
    follows the state's."""
    stored = await store.load(match_id)
    restored = resume(stored)
    if checks is not None and stored.snapshot_json is not None:
        checks.schedule(store, match_id)
    if restored.refused_from is not None:
        moved = await store.set_aside(match_id, restored.refused_from, "refused by engine on load")
        log.warning(
            "match %d: %d logged decision(s) from %d set aside", match_id, moved,
            restored.refused_from,
        )  # fmt: skip
    return restored.state, stored


async def load_state(
    store: MatchStore, match_id: int, checks: LogChecks | None = LOG_CHECKS
) -> Any:
    """`load_match` without the stored rows."""
    state, _ = await load_match(store, match_id, checks)
    return state
