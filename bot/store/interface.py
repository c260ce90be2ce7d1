"""What the bot asks of a match store, and the records it gets back.

The bot talks only to `MatchStore`; SQLite (`bot.store.sqlite`) is the built-in
implementation and PostgreSQL (`bot.store.postgres`) the one for bots that outgrow one
machine. `bot.store.location.open_store` picks one from `CHICAGO_DB`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol


class MatchStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class StoreError(Exception):
    """The store cannot be used as it is; the message says what is wrong and what to do."""


class DuplicateDecision(StoreError):
    """A decision with this (match, seq) is already committed: a double click, or a race."""


class ChannelTaken(StoreError):
    """The channel already has an open match (two `/chicago new` at the same moment)."""


@dataclass(slots=True)
class StepWrite:
    """Everything one decision changes, committed in ONE durable transaction before
    anything is posted: the decisions (the player's, then the computer seats'), a
    snapshot when one is due, the timer of the decision asked next (`timer` None: left
    as it is; `(seq, None)`: no timer) and the messages it settles or will edit
    (purpose → message id; None forgets one, e.g. a reminder about to be deleted)."""

    decisions: Sequence[DecisionRecord] = ()
    snapshot: tuple[int, str] | None = None
    timer: tuple[int, datetime | None] | None = None
    messages: dict[str, int | None] = field(default_factory=dict)


@dataclass(slots=True)
class StoreStats:
    """What the store did since it opened: durable transactions (each waits for the
    disk), message notes (committed without waiting for the disk), reads, and the time
    spent in each (seconds). The bot benchmark prints them per click."""

    durable: int = 0
    notes: int = 0
    reads: int = 0
    seconds: float = 0.0  # as the caller waits (the event loop's own delays included)
    working: float = 0.0  # on the database's thread, for the one-call writes


@dataclass(slots=True)
class SeatRecord:
    """One seat of a lobby or match, in joining order. Bosses first, police last once
    the match starts. `user_id` None: a computer seat of `computer` level. `controller`:
    who decides for the seat now ("user" or a computer level after repeated timeouts)."""

    role: str  # "boss" or "police"
    name: str
    user_id: int | None = None
    computer: str | None = None
    controller: str = "user"


@dataclass(slots=True)
class MatchRecord:
    """A match row: where it is played, by whom, and how far it is."""

    match_id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: MatchStatus
    settings: dict[str, Any]
    seed: int
    engine_version: str
    created_at: datetime
    updated_at: datetime
    seats: list[SeatRecord] = field(default_factory=list)


@dataclass(slots=True)
class DecisionRecord:
    """One line of the append-only decision log. `actor`: the Discord user id who
    clicked, or "timer" or "computer"."""

    seq: int
    seat: int
    decision: str
    actor: str
    at: datetime | None = None


@dataclass(slots=True)
class ResultRecord:
    """A finished match as history and statistics read it: which game (its registry
    key), the winning seat (-1: nobody), and the reason as the game's engine names it
    ("marks"); the game turns it into words."""

    game: str
    winner: int
    reason: str
    scores: list[int | None]
    rounds: int
    decisions: int


@dataclass(slots=True)
class SideResult:
    """How one side of a finished match fared, for statistics and ratings. `user_id`
    None: a computer seat; `name` is the name it played under (kept when its player
    leaves). `place` 1 is the winner; `score` the final count (None: out of the match
    before it ended). `facts` are the game's own, as JSON: the platform stores them and
    hands them back to the game (`Game.winner_words`, `Game.stat_fields`), never reading
    them itself, so a new game needs no new column. `game` is the match's, as its result
    records it."""

    match_id: int
    seat: int
    game: str
    name: str
    user_id: int | None
    computer: str | None
    won: bool
    place: int
    score: int | None
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SideTally:
    """A player's sides of one game that share the same kind, added up as their matches
    finish (so a player's statistics cost the same after ten matches or ten thousand).
    The platform splits a side's facts without reading them: numbers are summed into
    `sums`, text and true/false values make up the `kind` the sides are grouped by, and
    other values (lists, nothing) are left out. `name` is the name of the player's latest
    side of this kind, finished at `last_at`; the first finished at `first_at` (seconds
    since the epoch)."""

    game: str
    kind: dict[str, str | bool]
    name: str
    first_at: float
    last_at: float
    played: int = 0
    won: int = 0
    sums: dict[str, int | float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Skill:
    """OpenSkill's belief about a player: `mu` the estimate, `sigma` its uncertainty."""

    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def rating(self) -> float:
        """The number players see and the leaderboard sorts by: a cautious estimate
        (mu − 3σ) that starts at 0 and rises as matches make the estimate sure."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One row of the ratings table: who, in which game (its registry key), under which
    name, how good, how many matches of that game."""

    guild_id: int
    game: str
    player: str
    name: str
    user_id: int | None
    skill: Skill
    matches: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one finished match did to the rating of the player in one seat (in the
    match's game)."""

    match_id: int
    seat: int
    guild_id: int
    game: str
    player: str
    name: str
    user_id: int | None
    place: int
    before: Skill
    after: Skill

    @property
    def delta(self) -> float:
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A stored result as a rebuild reads it, oldest first (its sides without facts)."""

    match_id: int
    guild_id: int | None
    game: str
    sides: list[SideResult]


RateMatch = Callable[
    [int, int | None, Sequence[SideResult], Mapping[str, PlayerRating]],
    tuple[list[RatingChange], list[PlayerRating]],
]
"""(match id, server, its sides, the current ratings of its players) → each seat's change
and the players' new rows: `bot.ratings.rated`, called by the store inside the
transaction that saves what it returns."""


def rated_player(side: SideResult) -> str:
    """Who a seat's result counts for in the ratings: the person who sat in it (even if a
    computer finished it for them), else its computer level."""
    if side.user_id is not None:
        return f"user:{side.user_id}"
    return f"computer:{side.computer or 'normal'}"


@dataclass(slots=True)
class FinishedMatch:
    """One line of a server's history: the result, the seats as they were, each side's
    record (empty for matches finished before side records were kept) and whether the
    decision log is still stored (`prune` removes it), so a replay can be made."""

    match_id: int
    guild_id: int | None
    channel_id: int
    finished_at: datetime
    result: ResultRecord
    seats: list[SeatRecord]
    sides: list[SideResult] = field(default_factory=list)
    replayable: bool = False


@dataclass(slots=True)
class StoredMatch:
    """Everything needed to continue a running match: its row, the setup JSON, the
    latest snapshot (state JSON and the seq of the last decision it includes; -1 and None
    without a snapshot) and the decisions logged after that snapshot, in order. The
    decisions come back without their time (`at` None): continuing a match never needs
    it, and the log keeps it."""

    record: MatchRecord
    setup_json: str | None
    snapshot_json: str | None
    snapshot_seq: int
    log_tail: list[DecisionRecord]
    full_log: list[DecisionRecord]


class MatchStore(Protocol):
    """The narrow async interface the bot uses. Every write commits before it returns,
    so the bot never posts anything that was not committed first."""

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_match(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: dict[str, Any],
        seed: int,
    ) -> MatchRecord:
        """A new lobby in this channel. Raises StoreError if one is already open there."""
        ...

    async def set_seats(self, match_id: int, seats: Sequence[SeatRecord]) -> None: ...

    async def update_settings(self, match_id: int, settings: dict[str, Any]) -> None: ...

    async def start_match(self, match_id: int, setup_json: str) -> None:
        """Lobby → running, with the engine setup that (with the log) replays the match."""
        ...

    async def append_decisions(
        self,
        match_id: int,
        decisions: Sequence[DecisionRecord],
        snapshot: tuple[int, str] | None = None,
    ) -> None:
        """Append decisions (and optionally a snapshot (seq, state JSON) taken after the
        last of them) in one transaction. Raises DuplicateDecision if a seq exists.
        A decision's seq is the engine's `state.seq` before it is applied (0-based); the
        snapshot's seq is the seq of the last decision it includes."""
        ...

    async def commit_step(self, match_id: int, write: StepWrite) -> None:
        """One decision's whole change (see `StepWrite`) in one durable transaction.
        Raises DuplicateDecision if a seq exists; then nothing of `write` is kept."""
        ...

    async def note_messages(self, match_id: int, messages: dict[str, int | None]) -> None:
        """Remember the ids of messages just posted (the new prompt, a DM offer). They
        are notes, not facts: committed at once but without waiting for the disk, since
        a power cut that loses one costs a re-post, never a decision."""
        ...

    async def commit_step_if_next(
        self, match_id: int, write: StepWrite, notify: tuple[str, str] | None = None
    ) -> bool:
        """`commit_step` as a compare-and-set on the log's end: False, with nothing of
        `write` kept, when its first decision's seq was already committed (by another
        click or another bot process). `notify` (channel, payload) reaches the channel's
        listeners with the commit, never without it (PostgreSQL only)."""
        ...

    async def log_end(self, match_id: int) -> int:
        """The seq of the last logged decision, -1 before the first."""
        ...

    async def set_aside(self, match_id: int, from_seq: int, reason: str) -> int:
        """Move logged decisions from `from_seq` on out of the log (kept, not deleted):
        for a match a newer engine can only continue from an earlier state."""
        ...

    async def load(self, match_id: int) -> StoredMatch: ...

    async def match(self, match_id: int) -> MatchRecord:
        """One match row with its seats; StoreError if there is none."""
        ...

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The open (lobby or running) match in this channel or thread, if any."""
        ...

    async def active_matches(self) -> list[MatchRecord]:
        """Every lobby and running match, to resume after a restart."""
        ...

    async def finish(
        self, match_id: int, status: MatchStatus, result: ResultRecord | None = None
    ) -> None: ...

    async def set_message(self, match_id: int, purpose: str, message_id: int | None) -> None:
        """Remember (or forget, with None) a message the bot posted, e.g. the prompt."""
        ...

    async def messages(self, match_id: int) -> dict[str, int]: ...

    async def set_deadline(self, match_id: int, seq: int, deadline: datetime | None) -> None:
        """The timer of the decision `seq`: when it runs out (None: no timer)."""
        ...

    async def deadline(self, match_id: int) -> tuple[int, datetime] | None: ...

    # -- play over days (bot.store.clock_tables) -------------------------------------

    async def clocks(self, match_id: int) -> str | None:
        """A match's clocks as JSON (None: it is played live)."""
        ...

    async def running_clocks(self) -> dict[int, str]: ...

    async def set_clocks(self, match_id: int, clocks: str) -> None: ...

    async def notify_choice(self, guild_id: int, user_id: int) -> str: ...

    async def set_notify_choice(self, guild_id: int, user_id: int, notify: str) -> None: ...

    async def quiet_hours(self, user_id: int) -> tuple[str, str] | None: ...

    async def set_quiet_hours(self, user_id: int, hours: str | None, zone: str = "") -> None: ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's own settings (`/chicago settings`); {} when it never set any."""
        ...

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None: ...

    async def record_sides(self, match_id: int, sides: Sequence[SideResult]) -> None:
        """Keep each side's record of a finished match (after `finish` stored its result)."""
        ...

    async def finished_matches(
        self, guild_id: int | None, limit: int = 10, offset: int = 0
    ) -> list[FinishedMatch]:
        """This server's finished matches, newest first."""
        ...

    async def finished_count(self, guild_id: int | None) -> int: ...

    async def finished_match(self, match_id: int) -> FinishedMatch | None: ...

    async def side_results(
        self, guild_id: int | None, user_id: int | None = None
    ) -> list[SideResult]:
        """Every side record of this server's finished matches played by people (one
        user's with `user_id`), oldest first."""
        ...

    async def player_tallies(self, guild_id: int | None, user_id: int) -> list[SideTally]:
        """One player's running totals in this server, game by game and kind by kind
        (what `/chicago stats` shows): as many rows as kinds, whatever the matches."""
        ...

    async def rate_match(self, match_id: int, rate: RateMatch) -> list[RatingChange]:
        """Update the ratings with a finished match whose sides are recorded, in one
        transaction; a match already rated returns its changes again, unchanged."""
        ...

    async def leaderboard(
        self,
        guild_id: int | None,
        game: str,
        min_matches: int,
        limit: int,
        offset: int = 0,
        below: int | None = None,
    ) -> list[PlayerRating]:
        """This server's people with at least `min_matches` rated matches of `game` (and
        fewer than `below`, when given), best first (computer levels are rated but not
        listed)."""
        ...

    async def ranked_count(
        self, guild_id: int | None, game: str, min_matches: int, below: int | None = None
    ) -> int: ...

    async def rated_above(
        self, guild_id: int | None, game: str, min_matches: int, rating: float
    ) -> int:
        """How many of this server's people with at least `min_matches` rated matches of
        `game` have a rating above `rating` (a player's place on its board, less one)."""
        ...

    async def player_rating(
        self, guild_id: int | None, game: str, player: str
    ) -> PlayerRating | None: ...

    async def rating_history(
        self, guild_id: int | None, game: str, player: str, limit: int = 10
    ) -> list[RatingChange]:
        """A player's latest rating changes in one game on this server, newest first."""
        ...

    async def channel_game(self, channel_id: int) -> str | None:
        """The game of the channel's open match, else of its last finished one (None:
        no match was ever played there), as its match's settings or result name it."""
        ...
