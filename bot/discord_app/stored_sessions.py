"""A running match's session as the store has it, for any game: loaded to play on,
rebuilt as it stood when the channel was last told, and the words a refused click gets.

A game that asks one seat at a time is loaded from its newest snapshot and the decisions
after it; a game that asks several seats at once is replayed from its setup, so each open
question keeps the number it was first asked at (buttons posted before a restart count).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bot.discord_app.lobby import seat_of_user
from bot.registry import game_named
from bot.session import Applied, MatchSession
from bot.store import MatchRecord, MatchStore, SeatRecord, StoredMatch, load_match, resume
from bot.verdicts import Verdict, say
from engine.common import IllegalDecision


def controllers_of(record: MatchRecord) -> dict[int, str]:
    """The computer levels playing seats a person was dealt (handed over)."""
    return {
        i: s.controller for i, s in enumerate(record.seats) if s.user_id and s.controller != "user"
    }


def session_of(
    record: MatchRecord, state: object, stored: StoredMatch, hold_slow: bool = True
) -> MatchSession:
    """A session on `state`, with the logged decisions before it and the computer
    levels that play seats handed over."""
    game = game_named(record.settings.get("game"))
    seq = game.seq(state)
    applied = [Applied(d.seq, d.seat, d.decision, d.actor) for d in stored.full_log if d.seq < seq]
    return MatchSession(state, applied, controllers_of(record), hold_slow=hold_slow, game=game)


async def stored_session(
    store: MatchStore, record: MatchRecord, upto: int | None = None
) -> MatchSession:
    """A running match rebuilt from the store, replayed once from its setup so each open
    question keeps the number it was first asked at (`upto`: only its first so many
    decisions). A logged decision this release refuses is set aside by the store's own
    restore and play goes on from the state before it."""
    game = game_named(record.settings.get("game"))
    stored = await store.load(record.match_id)
    if stored.setup_json is None:
        raise ValueError(f"match {record.match_id} has no setup")
    setup = game.load_setup(stored.setup_json)
    logged = [Applied(d.seq, d.seat, d.decision, d.actor) for d in stored.full_log][:upto]
    controllers = controllers_of(record)
    try:
        return MatchSession.replayed(game, setup, logged, controllers)
    except IllegalDecision:
        state, _ = await load_match(store, record.match_id)
        kept = [entry for entry in logged if entry.seq < game.seq(state)]
        return MatchSession.replayed(game, setup, kept, controllers)


async def load_session(store: MatchStore, record: MatchRecord) -> MatchSession:
    """The match to play on: from its snapshot, or replayed when several seats may be
    asked at once."""
    if game_named(record.settings.get("game")).simultaneous:
        session = await stored_session(store, record)
        session.hold_slow = True
        return session
    state, stored = await load_match(store, record.match_id)
    return session_of(record, state, stored)


def state_before(stored: StoredMatch, seq: int) -> object | None:
    """The match as it stood when decision `seq` was asked: the stored match without the
    decisions from `seq` on (replayed from the setup when the snapshot is newer); None
    when it cannot be rebuilt that far."""
    earlier = [d for d in stored.full_log if d.seq < seq]
    cut = dataclasses.replace(stored, full_log=earlier)
    if stored.snapshot_seq >= seq:
        cut.snapshot_json, cut.snapshot_seq = None, -1
    cut.log_tail = [d for d in earlier if d.seq > cut.snapshot_seq]
    rebuilt = resume(cut)
    state: object | None = rebuilt.state if rebuilt.refused_from is None else None
    return state


async def session_at(
    store: MatchStore, record: MatchRecord, stored: StoredMatch, told: int
) -> MatchSession | None:
    """The match as the channel last saw it, `told` decisions in (None: the log cannot
    be rebuilt that far), to tell what was decided since."""
    game = game_named(record.settings.get("game"))
    if game.simultaneous:
        earlier = await stored_session(store, record, upto=told)
        earlier.hold_slow = True
    else:
        state = state_before(stored, told)
        if state is None:
            return None
        earlier = session_of(record, state, stored)
    return earlier if earlier.seq == told and len(earlier.log) == told else None


def playing_seat(seats: Sequence[SeatRecord], user_id: int) -> int | None:
    """The seat this user decides for now (None: not theirs, or a computer's now)."""
    seat = seat_of_user(seats, user_id)
    return seat if seat is not None and seats[seat].controller == "user" else None


def mention(session: MatchSession, seats: Sequence[SeatRecord], seat: int) -> str:
    """The seat's player as a mention, or its name when a computer plays it."""
    record = seats[seat]
    user = record.user_id if record.controller == "user" else None
    return f"<@{user}>" if user is not None else session.name(seat)


def why_not(
    session: MatchSession,
    seats: Sequence[SeatRecord],
    user_id: int,
    seq: int,
    decision: object,
) -> str | None:
    """Why this user's click on decision `seq` does not count, or None if it may. The
    rules' part is the session's (`MatchSession.check`), decided once."""
    refused = session.check(playing_seat(seats, user_id), str(decision), seq, str(user_id))
    if refused is None:
        return None
    if refused.verdict is Verdict.WRONG_SEAT:
        people = [mention(session, seats, a.seat) for a in session.asked()]
        return say(Verdict.WRONG_SEAT, waiting=" and ".join(dict.fromkeys(people)))
    return refused.message
