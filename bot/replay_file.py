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

Every game the table runs writes the same format through its `Game`: a file of the home
game (Chicago 1927, the registry's first) is exactly what it was before there were other
games (no "game" field), and any other game's file names its game, which its log digest
covers too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.games import Game
from bot.registry import GAMES, game_named
from engine.common import IllegalDecision

FORMAT = "chicago-1927-replay"
VERSION = 1
SUFFIX = ".chicago.json"  # a Chicago 1927 file; another game's is ".<game>.json"
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

    setup: Any
    decisions: list[tuple[int, str]]
    state: Any
    match: dict[str, Any]
    game: Game


def _canonical(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), sort_keys=True).encode()


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def log_digest(setup_json: Any, decisions: Sequence[Sequence[Any]], game: str | None = None) -> str:
    """The digest of what replays the match: the game (for games other than the home
    game, whose files predate the field), the setup and the decisions, in order. `game`:
    the game's key (None: the home game)."""
    covered: dict[str, Any] = {"setup": setup_json, "decisions": [list(d) for d in decisions]}
    if game is not None and game != game_named(None).key:
        covered["game"] = game
    return _sha(_canonical(covered))


def state_digest(state: Any, game: Game | None = None) -> str:
    return _sha((game or game_named(None)).state_json(state).encode())


def suffix(game: Game) -> str:
    """The file name's ending: ".chicago.json", ".turf.json"."""
    return f".{game.key}.json"


def export(
    setup: Any,
    decisions: Sequence[tuple[int, str]],
    match: dict[str, Any] | None = None,
    game: Game | None = None,
) -> bytes:
    """The replay file of a match (replayed here, so the digests are of what it does).
    `match`: facts shown to the reader (match id, date, players); not verified. `game`:
    the match's game (None: the home game)."""
    game = game or game_named(None)
    setup_json = json.loads(game.dump_setup(setup))
    log: list[list[int | str]] = [[seat, decision] for seat, decision in decisions]
    state, _ = game.replay(setup, list(decisions))
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if not game.home:
        document["game"] = game.key
    document.update(
        match=dict(match or {}),
        setup=setup_json,
        decisions=log,
        end=game.end_facts(state),
        digests={
            "log": log_digest(setup_json, log, game.key),
            "final_state": state_digest(state, game),
        },
    )
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


def check_setup(setup: Any, game: Game | None = None) -> None:
    """Refuse a setup the game (None: the home game) would not deal (for Chicago 1927:
    bosses, names, characters, options), by dealing it as a new match would."""
    try:
        (game or game_named(None)).check_setup(setup)
    except ValueError as exc:
        raise ReplayRefused(f"the replay file's setup {exc}") from None


def _game(document: dict[str, Any], games: Mapping[str, Game] = GAMES) -> Game:
    """The file's game: the home game when it names none (as every file did before)."""
    home = game_named(None)
    key = document.get("game", home.key)
    game = home if key == home.key else games.get(key) if isinstance(key, str) else None
    if game is None:
        shown = repr(key)[:40]
        raise ReplayRefused(
            f"the replay file is of a game this release does not know ({shown}); "
            f"games: {', '.join(games)}"
        )
    return game


def load(data: bytes | str, games: Mapping[str, Game] = GAMES) -> Replay:
    """Read, replay and verify a replay file; raises ReplayRefused with the reason.
    `games`: the games it may be of (every game this release runs)."""
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
    game = _game(document, games)
    setup_json, log = document.get("setup"), document.get("decisions")
    digests = document.get("digests")
    if not isinstance(log, list) or not isinstance(digests, dict) or setup_json is None:
        raise ReplayRefused("the replay file is incomplete: setup, decisions or digests missing")
    if not all(
        isinstance(d, list) and len(d) == 2 and type(d[0]) is int and isinstance(d[1], str)
        for d in log
    ):
        raise ReplayRefused("the replay file's decisions are not [seat, decision] pairs")
    if digests.get("log") != log_digest(setup_json, log, game.key):
        raise ReplayRefused(
            "the replay file was changed after it was exported: its setup or decision log "
            "does not match the log digest"
        )
    try:
        setup = game.load_setup(json.dumps(setup_json))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "setup"
        raise ReplayRefused(
            f"the replay file's setup cannot be read: {where}: {first['msg']}"
        ) from None
    check_setup(setup, game)
    decisions = [(int(seat), str(decision)) for seat, decision in log]
    try:
        state, _ = game.replay(setup, decisions)
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
    if digests.get("final_state") != state_digest(state, game):
        reached = game.end_facts(state)
        raise ReplayRefused(
            "replaying the log does not reach the final state recorded in the file "
            f"(after {reached['decisions']} decisions, round {reached['round']}): the file "
            "was tampered with, or recorded by an engine with other rules"
        )
    if document.get("end") != game.end_facts(state):
        raise ReplayRefused("the replay file's recorded ending is not where its log leads")
    match = document.get("match")
    return Replay(setup, decisions, state, match if isinstance(match, dict) else {}, game)
