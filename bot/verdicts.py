"""Why a click counted or not, decided once, and the one table of words players read.

The session decides legality (stale, double, not your seat, not allowed by the rules,
match over); the Discord layer adds the few reasons that are not about the rules (the
bot is restarting, there is no match, the button is not one we offer). Every refusal a
player reads comes from `WORDS`, so the same reason always reads the same way.
"""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    APPLIED = "applied"
    STALE = "stale"
    DUPLICATE = "duplicate"
    WRONG_SEAT = "wrong_seat"
    ILLEGAL = "illegal"
    OVER = "over"
    # Not about the rules: said by the Discord layer.
    STOPPING = "stopping"
    NO_MATCH = "no_match"
    NOT_STARTED = "not_started"
    MALFORMED = "malformed"
    SCREEN_GONE = "screen_gone"


WORDS: dict[Verdict, str] = {
    Verdict.APPLIED: "",
    Verdict.STALE: "That choice has passed.",
    Verdict.DUPLICATE: "Already done: your choice was counted once.",
    Verdict.WRONG_SEAT: "Waiting for {waiting}: it is their decision.",
    Verdict.ILLEGAL: "That is not allowed now: {detail}.",
    Verdict.OVER: "That match is over.",
    Verdict.STOPPING: (
        "The bot is restarting for a moment. Your match is saved exactly as it is; "
        "try again in a minute."
    ),
    Verdict.NO_MATCH: "That match is over.",
    Verdict.NOT_STARTED: "The match has not started yet.",
    Verdict.MALFORMED: "That button is no longer in use.",
    Verdict.SCREEN_GONE: (
        "This trade screen has closed (it was open too long, or the bot restarted); "
        "nothing was sent. Press 🤝 Propose a trade on the prompt to start again."
    ),
}


def say(verdict: Verdict, **facts: str) -> str:
    """The words for a verdict, with its facts (`waiting`, `detail`) filled in."""
    return WORDS[verdict].format(**facts)
