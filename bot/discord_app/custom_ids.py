"""Every custom id the bot writes and reads, in one place.

A button or form carries what it does in its custom id, so a click on a message
posted before a restart still reaches the match. Ids are built by the functions here
and read back by `parse`, which returns a typed click or `Malformed` — never an
exception — so a click of an unexpected shape (an old release's button, a forged
payload) is refused politely in one place.

    chicago:{match}:{seq}:{decision}       a decision offered at decision number seq
    chicago:{match}:sure:{seq}:{decision}  the same, confirmed after a warning of its risk
    chicago:{match}:lobby:{action}         a lobby button (join_boss, add:boss:easy, ...)
    chicago:{match}:end:{yes|no}           the answer to "end this match?"
    chicago:{match}:propose:{seq}          "Propose a trade" on the prompt of decision seq
    chicago:{match}:draft:{token}:{part}   a part of one player's private trade screen
    chicago:{match}:rematch                the Rematch button under a final summary
    chicago:{match}:board                  "Full board" on a prompt: the whole board, privately
    chicago:leaderboard:{game}:{page}      the page buttons of a game's leaderboard
                                           (without the game: the default game's, as
                                           they were when it alone was rated)

A plain decision id is the default game's (its buttons came before any other game's):
its decision is read by that game's rules, found through the registry. Games other than
Chicago 1927 (Turf) use three more, their decisions read by the game:

    chicago:{match}:g:{seq}:{decision}     a decision offered at decision number seq
    chicago:{match}:gp:{seq}:{seat}:{list} opens `seat`'s private list (a hand, a secret)
    chicago:{match}:gs:{seq}               the private list itself: a select menu
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.registry import DEFAULT_GAME, game_named

PREFIX = "chicago:"
MAX_CUSTOM_ID = 100  # Discord's limit

DECISION = re.compile(r"chicago:(?P<match>\d{1,18}):(?P<seq>\d{1,9}):(?P<decision>\S+)")
LOBBY = re.compile(r"chicago:(?P<match>\d{1,18}):lobby:(?P<action>[a-z0-9_:]{1,40})")
SURE = re.compile(r"chicago:(?P<match>\d{1,18}):sure:(?P<seq>\d{1,9}):(?P<decision>\S+)")
END = re.compile(r"chicago:(?P<match>\d{1,18}):end:(?P<answer>yes|no)")
PROPOSE = re.compile(r"chicago:(?P<match>\d{1,18}):propose:(?P<seq>\d{1,9})")
DRAFT = re.compile(
    r"chicago:(?P<match>\d{1,18}):draft:(?P<token>[0-9a-f]{8}):(?P<part>[a-z]{1,12})"
)
REMATCH = re.compile(r"chicago:(?P<match>\d{1,18}):rematch")
BOARD = re.compile(r"chicago:(?P<match>\d{1,18}):board")
GAME = re.compile(r"chicago:(?P<match>\d{1,18}):g:(?P<seq>\d{1,9}):(?P<decision>[!-~]{1,90})")
PRIVATE = re.compile(
    r"chicago:(?P<match>\d{1,18}):gp:(?P<seq>\d{1,9}):(?P<seat>\d{1,2}):(?P<group>[a-z]{1,12})"
)
SELECT = re.compile(r"chicago:(?P<match>\d{1,18}):gs:(?P<seq>\d{1,9})")
LEADERBOARD = re.compile(r"chicago:leaderboard:(?:(?P<game>[a-z0-9_]{1,20}):)?(?P<page>-?\d{1,6})")

SIMPLE_LOBBY_ACTIONS = ("add", "leave", "start")
ROLE = re.compile(r"[a-z]{1,12}")  # a seat's role, as each game's seating names it


@dataclass(frozen=True, slots=True)
class DecisionClick:
    """A decision of the default game, in its rules' own text form."""

    match_id: int
    seq: int
    decision: str
    sure: bool = False  # confirmed after a warning of what it risks


@dataclass(frozen=True, slots=True)
class LobbyClick:
    """A lobby action. `role`/`level` for adding a computer, `index` for removing one."""

    match_id: int
    action: str  # SIMPLE_LOBBY_ACTIONS, "join_<role>", "add_computer" or "remove_computer"
    role: str = ""
    level: str = ""
    index: int = -1


@dataclass(frozen=True, slots=True)
class EndClick:
    match_id: int
    yes: bool


@dataclass(frozen=True, slots=True)
class ProposeClick:
    match_id: int
    seq: int


@dataclass(frozen=True, slots=True)
class DraftClick:
    match_id: int
    token: str
    part: str


@dataclass(frozen=True, slots=True)
class RematchClick:
    match_id: int


@dataclass(frozen=True, slots=True)
class BoardClick:
    match_id: int


@dataclass(frozen=True, slots=True)
class LeaderboardClick:
    page: int
    game: str = DEFAULT_GAME


@dataclass(frozen=True, slots=True)
class GameClick:
    """A decision of a game read by its own rules (the text is checked there)."""

    match_id: int
    seq: int
    decision: str


@dataclass(frozen=True, slots=True)
class PrivateClick:
    """Open `seat`'s private list `group` (its hand, its secret choice) for decision seq."""

    match_id: int
    seq: int
    seat: int
    group: str


@dataclass(frozen=True, slots=True)
class SelectClick:
    """A choice from a private list; the decision is the selected value."""

    match_id: int
    seq: int


@dataclass(frozen=True, slots=True)
class Malformed:
    """An id that starts like ours but reads as nothing the bot offers."""

    custom_id: str


Click = (
    DecisionClick
    | LobbyClick
    | EndClick
    | ProposeClick
    | DraftClick
    | RematchClick
    | BoardClick
    | LeaderboardClick
    | GameClick
    | PrivateClick
    | SelectClick
    | Malformed
)


# --- writing ---------------------------------------------------------------------------


def decision_id(match_id: int, seq: int, decision: object) -> str:
    return f"chicago:{match_id}:{seq}:{decision}"


def sure_id(match_id: int, seq: int, decision: object) -> str:
    return f"chicago:{match_id}:sure:{seq}:{decision}"


def lobby_id(match_id: int, action: str) -> str:
    return f"chicago:{match_id}:lobby:{action}"


def add_computer_id(match_id: int, role: str, level: str) -> str:
    return lobby_id(match_id, f"add:{role}:{level}")


def remove_computer_id(match_id: int, index: int) -> str:
    return lobby_id(match_id, f"remove:{index}")


def end_id(match_id: int, yes: bool) -> str:
    return f"chicago:{match_id}:end:{'yes' if yes else 'no'}"


def propose_id(match_id: int, seq: int) -> str:
    return f"chicago:{match_id}:propose:{seq}"


def draft_id(match_id: int, token: str, part: str) -> str:
    return f"chicago:{match_id}:draft:{token}:{part}"


def rematch_id(match_id: int) -> str:
    return f"chicago:{match_id}:rematch"


def board_id(match_id: int) -> str:
    return f"chicago:{match_id}:board"


def game_id(match_id: int, seq: int, decision: str) -> str:
    return f"chicago:{match_id}:g:{seq}:{decision}"


def private_id(match_id: int, seq: int, seat: int, group: str) -> str:
    return f"chicago:{match_id}:gp:{seq}:{seat}:{group}"


def select_id(match_id: int, seq: int) -> str:
    return f"chicago:{match_id}:gs:{seq}"


def leaderboard_id(game: str, page: int) -> str:
    return f"chicago:leaderboard:{game}:{page}"


# --- reading ---------------------------------------------------------------------------


def ours(custom_id: str) -> bool:
    return custom_id.startswith(PREFIX)


def parse(custom_id: str) -> Click:
    """The click a custom id names, or `Malformed`."""
    if len(custom_id) > MAX_CUSTOM_ID or not ours(custom_id):
        return Malformed(custom_id)
    if found := LOBBY.fullmatch(custom_id):
        return _lobby(int(found["match"]), found["action"], custom_id)
    if found := END.fullmatch(custom_id):
        return EndClick(int(found["match"]), found["answer"] == "yes")
    if found := PROPOSE.fullmatch(custom_id):
        return ProposeClick(int(found["match"]), int(found["seq"]))
    if found := DRAFT.fullmatch(custom_id):
        return DraftClick(int(found["match"]), found["token"], found["part"])
    if found := REMATCH.fullmatch(custom_id):
        return RematchClick(int(found["match"]))
    if found := BOARD.fullmatch(custom_id):
        return BoardClick(int(found["match"]))
    if found := GAME.fullmatch(custom_id):
        return GameClick(int(found["match"]), int(found["seq"]), found["decision"])
    if found := PRIVATE.fullmatch(custom_id):
        match, seq, seat = int(found["match"]), int(found["seq"]), int(found["seat"])
        return PrivateClick(match, seq, seat, found["group"])
    if found := SELECT.fullmatch(custom_id):
        return SelectClick(int(found["match"]), int(found["seq"]))
    if found := LEADERBOARD.fullmatch(custom_id):
        return LeaderboardClick(int(found["page"]), found["game"] or DEFAULT_GAME)
    sure = SURE.fullmatch(custom_id)
    if found := sure or DECISION.fullmatch(custom_id):
        try:
            decision = game_named(DEFAULT_GAME).parse(found["decision"])
        except ValueError:  # the rules' IllegalDecision: nothing the bot offers
            return Malformed(custom_id)
        return DecisionClick(int(found["match"]), int(found["seq"]), decision, sure is not None)
    return Malformed(custom_id)


def _lobby(match_id: int, action: str, custom_id: str) -> LobbyClick | Malformed:
    if action in SIMPLE_LOBBY_ACTIONS or (
        action.startswith("join_") and ROLE.fullmatch(action.removeprefix("join_"))
    ):
        return LobbyClick(match_id, action)
    parts = action.split(":")
    if len(parts) == 3 and parts[0] == "add" and ROLE.fullmatch(parts[1]) and parts[2].isalpha():
        return LobbyClick(match_id, "add_computer", role=parts[1], level=parts[2])
    if len(parts) == 2 and parts[0] == "remove" and parts[1].isdigit() and len(parts[1]) < 4:
        return LobbyClick(match_id, "remove_computer", index=int(parts[1]))
    return Malformed(custom_id)
