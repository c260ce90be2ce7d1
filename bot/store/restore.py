"""From stored rows back to a live `MatchState`, checked against the log.

A stored match is its setup, an append-only decision log and the newest snapshot. The
log is the truth; the snapshot is the fallback. Loading replays the log up to the
snapshot and compares: if they agree, the tail after the snapshot is applied and play
goes on. If a newer engine replays the log differently (its rules changed), the players
still keep their match: play continues from the snapshot, and a warning names the match.
A logged decision the engine now refuses is set aside (kept, never deleted) so the log
stays contiguous with the state the match continues from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from pydantic import TypeAdapter, ValidationError

from bot.store.interface import DecisionRecord, MatchStore, StoredMatch, StoreError
from engine import IllegalDecision, MatchState, Setup, apply, replay

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50
"""Decisions between snapshots: a snapshot is ~3 KB, a decision row ~40 bytes, and
replaying 50 decisions takes about a millisecond."""

_SETUP: TypeAdapter[Setup] = TypeAdapter(Setup)


def dump_setup(setup: Setup) -> str:
    """The setup as stored by `start_match`."""
    return _SETUP.dump_json(setup).decode()


def load_setup(text: str) -> Setup:
    return _SETUP.validate_json(text)


def snapshot_due(seq: int) -> bool:
    """Should the decision `seq` be committed with a snapshot of the state after it?"""
    return (seq + 1) % SNAPSHOT_EVERY == 0


def snapshot_of(state: MatchState) -> tuple[int, str]:
    """The `snapshot` argument of `append_decisions` for the state after its last
    decision: (that decision's seq, state JSON)."""
    return state.seq - 1, state.to_json().decode()


@dataclass(slots=True)
class Restored:
    """The state to play on. `diverged`: the log no longer replays to the snapshot, so
    play continues from the snapshot. `refused_from`: the first logged seq this engine
    refuses (the state stops before it), or None."""

    state: MatchState
    diverged: bool = False
    refused_from: int | None = None


def restore_state(stored: StoredMatch) -> MatchState:
    """The live state of a stored match (see `restore` for the checks and fallbacks)."""
    return restore(stored).state


def restore(stored: StoredMatch) -> Restored:
    """Replay the log, verify it against the snapshot, apply the tail; warn on any
    divergence. Raises StoreError only when no playable state can be rebuilt."""
    match_id = stored.record.match_id
    if stored.setup_json is None:
        raise StoreError(f"match {match_id} has not started: it has no engine setup")
    try:
        setup = load_setup(stored.setup_json)
    except ValidationError as exc:
        raise StoreError(f"match {match_id}: this engine cannot read its setup ({exc})") from None
    state, _ = replay(setup, [])
    if stored.snapshot_json is None:
        return _apply_log(match_id, state, stored.full_log, diverged=False)

    upto = [d for d in stored.full_log if d.seq <= stored.snapshot_seq]
    replayed = _apply_log(match_id, state, upto, diverged=False, warn=False)
    snapshot: MatchState | None
    try:
        snapshot = MatchState.from_json(stored.snapshot_json)
    except (ValidationError, ValueError):
        snapshot = None
    if snapshot is None and replayed.refused_from is not None:
        raise StoreError(
            f"match {match_id}: this engine can neither read its snapshot nor replay its "
            f"log (refused at decision {replayed.refused_from}); it cannot be continued"
        )
    agrees = (
        snapshot is not None
        and replayed.refused_from is None
        and replayed.state.to_json() == snapshot.to_json()
    )
    if agrees or snapshot is None:
        if snapshot is None:
            log.warning(
                "match %d: this engine cannot read its snapshot after decision %d; "
                "continuing from the replayed log",
                match_id,
                stored.snapshot_seq,
            )
        return _apply_log(match_id, replayed.state, stored.log_tail, diverged=snapshot is None)
    log.warning(
        "match %d: its decision log no longer replays to its snapshot after decision %d "
        "(the engine's rules changed since it was recorded); continuing from the snapshot",
        match_id,
        stored.snapshot_seq,
    )
    return _apply_log(match_id, snapshot, stored.log_tail, diverged=True)


def _apply_log(
    match_id: int,
    state: MatchState,
    decisions: list[DecisionRecord],
    *,
    diverged: bool,
    warn: bool = True,
) -> Restored:
    for d in decisions:
        problem = None
        if d.seq != state.seq:
            problem = f"it is numbered {d.seq} where the state expects {state.seq}"
        else:
            try:
                apply(state, d.seat, d.decision)
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


async def load_state(store: MatchStore, match_id: int) -> MatchState:
    """Load, verify and restore a match; decisions this engine refuses are set aside
    (kept in the database) so the next decision's seq follows the state's own."""
    restored = restore(await store.load(match_id))
    if restored.refused_from is not None:
        moved = await store.set_aside(match_id, restored.refused_from, "refused by engine on load")
        log.warning(
            "match %d: %d logged decision(s) from %d set aside", match_id, moved,
            restored.refused_from,
        )  # fmt: skip
    return restored.state
