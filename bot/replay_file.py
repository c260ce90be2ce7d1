"""The match log as a file anyone can replay and check: seed, setup and every decision,
with digests of the log and of the final state it leads to.

Reading a file replays it, and the file is refused with a plain reason when any part
disagrees: the log with its digest (edited after export), a decision the rules refuse,
or a replay that ends anywhere but the recorded final state. The digests are plain
SHA-256, not a signature: they catch edits and mistakes, and the replay proves that the
recorded result is what the logged decisions produce.

A file is untrusted input: its size, its nesting and its setup are checked against the
engine's own limits before anything is replayed, so a crafted file is refused with a
reason rather than exhausting memory or failing inside the engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.store.restore import dump_setup, load_setup
from engine import IllegalDecision, MatchState, Setup, new_match, replay
from engine.limits import MARKS_CHOICES, MAX_ROUND_LIMIT

FORMAT = "chicago-1927-replay"
VERSION = 1
SUFFIX = ".chicago.json"
# A long match's file is well under 1 MB; the cap keeps a wrong or hostile file from
# filling memory before it is refused.
MAX_BYTES = 8 * 1024 * 1024
# The format nests four levels deep; anything much deeper is not a replay file.
MAX_DEPTH = 8


class ReplayRefused(ValueError):
    """The file is not a replay this release can trust; the message says why."""


@dataclass(slots=True)
class Replay:
    """A verified replay: what it was made from, and the final state it replays to."""

    setup: Setup
    decisions: list[tuple[int, str]]
    state: MatchState
    match: dict[str, Any]


def _canonical(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), sort_keys=True).encode()


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def log_digest(setup_json: Any, decisions: Sequence[Sequence[Any]]) -> str:
    """The digest of what replays the match: the setup and the decisions, in order."""
    return _sha(_canonical({"setup": setup_json, "decisions": [list(d) for d in decisions]}))


def state_digest(state: MatchState) -> str:
    return _sha(state.to_json())


def _end(state: MatchState) -> dict[str, Any]:
    result = state.result
    end: dict[str, Any] = {"decisions": state.seq, "round": state.round}
    if result is not None:
        end.update(
            winner=result.winner,
            winner_name=state.sides[result.winner].name,
            reason=str(result.reason),
            scores=list(result.scores),
        )
    return end


def export(
    setup: Setup, decisions: Sequence[tuple[int, str]], match: dict[str, Any] | None = None
) -> bytes:
    """The replay file of a match (replayed here, so the digests are of what it does).
    `match`: facts shown to the reader (match id, date, players); not verified."""
    setup_json = json.loads(dump_setup(setup))
    log: list[list[int | str]] = [[seat, decision] for seat, decision in decisions]
    state, _ = replay(setup, list(decisions))
    document = {
        "format": FORMAT,
        "version": VERSION,
        "match": dict(match or {}),
        "setup": setup_json,
        "decisions": log,
        "end": _end(state),
        "digests": {"log": log_digest(setup_json, log), "final_state": state_digest(state)},
    }
    return json.dumps(document, indent=1, ensure_ascii=False).encode() + b"\n"


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed document (without recursion)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list):
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def check_setup(setup: Setup) -> None:
    """Refuse a setup the engine would not deal (bosses, names, characters, options),
    by dealing it as a new match would."""
    options = setup.options
    if options.marks_to_win not in MARKS_CHOICES:
        raise ReplayRefused(f"the replay file's setup asks {options.marks_to_win} marks to win")
    if options.round_limit is not None and not 1 <= options.round_limit <= MAX_ROUND_LIMIT:
        raise ReplayRefused(f"the replay file's setup has a round limit of {options.round_limit}")
    try:
        new_match(
            len(setup.players),
            setup.seed,
            options,
            setup.players,
            setup.police,
            setup.characters,
            setup.shuffle_seats,
        )
    except ValueError as exc:
        raise ReplayRefused(f"the replay file's setup is not a match: {exc}") from None


def load(data: bytes | str) -> Replay:
    """Read, replay and verify a replay file; raises ReplayRefused with the reason."""
    if len(data) > MAX_BYTES:
        raise ReplayRefused(f"the file is larger than {MAX_BYTES // 2**20} MB: not a replay file")
    try:
        document = json.loads(data)
    except RecursionError:
        raise ReplayRefused("not a Chicago 1927 replay file: it nests too deeply") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise ReplayRefused(f"not a Chicago 1927 replay file: it is not JSON ({exc})") from None
    if _depth(document) > MAX_DEPTH:
        raise ReplayRefused("not a Chicago 1927 replay file: it nests too deeply")
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ReplayRefused("not a Chicago 1927 replay file: its format is not " + FORMAT)
    if document.get("version") != VERSION:
        raise ReplayRefused(
            f"replay file version {document.get('version')!r} is not one this release "
            f"reads ({VERSION}); use a newer chicago-bot"
        )
    setup_json, log = document.get("setup"), document.get("decisions")
    digests = document.get("digests")
    if not isinstance(log, list) or not isinstance(digests, dict) or setup_json is None:
        raise ReplayRefused("the replay file is incomplete: setup, decisions or digests missing")
    if not all(
        isinstance(d, list) and len(d) == 2 and type(d[0]) is int and isinstance(d[1], str)
        for d in log
    ):
        raise ReplayRefused("the replay file's decisions are not [seat, decision] pairs")
    if digests.get("log") != log_digest(setup_json, log):
        raise ReplayRefused(
            "the replay file was changed after it was exported: its setup or decision log "
            "does not match the log digest"
        )
    try:
        setup = load_setup(json.dumps(setup_json))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "setup"
        raise ReplayRefused(
            f"the replay file's setup cannot be read: {where}: {first['msg']}"
        ) from None
    check_setup(setup)
    decisions = [(int(seat), str(decision)) for seat, decision in log]
    try:
        state, _ = replay(setup, decisions)
    except IllegalDecision as exc:
        raise ReplayRefused(
            f"the replay file's log does not replay: {exc} (tampered with, or recorded by "
            "an engine with other rules)"
        ) from None
    except Exception as exc:  # the checks above should leave nothing for this
        raise ReplayRefused(
            f"the replay file's log does not replay ({type(exc).__name__}): tampered with, "
            "or recorded by an engine with other rules"
        ) from None
    if digests.get("final_state") != state_digest(state):
        raise ReplayRefused(
            "replaying the log does not reach the final state recorded in the file "
            f"(after {state.seq} decisions, round {state.round}): the file was tampered "
            "with, or recorded by an engine with other rules"
        )
    if document.get("end") != _end(state):
        raise ReplayRefused("the replay file's recorded ending is not where its log leads")
    match = document.get("match")
    return Replay(setup, decisions, state, match if isinstance(match, dict) else {})
