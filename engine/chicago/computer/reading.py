"""Reading the table the way a good player does: what the next move may cost, who is
close to winning, what a business is worth to whom.

These are small pure functions over the state, shared by the computer levels; none of
them changes the state.
"""

from __future__ import annotations

from engine.chicago.board import BLOCKS, BOARD_SIZE, SPACES, START, SpaceKind, base_fine
from engine.chicago.economy import fine_at
from engine.chicago.encounters import MAX_BRIBE
from engine.chicago.state import MERCHANT, MatchState, Side

REACH = 12  # two dice move 2 to 12 spaces
CARD_RISK = 1500  # the dearest common card payment (Prohibition raid, Missing ledgers)


def alive_rivals(state: MatchState, seat: int) -> list[Side]:
    return [s for s in state.sides if s.seat != seat and not s.eliminated]


def marks_left(state: MatchState, side: Side) -> int:
    """Marks this side still needs to win."""
    return state.setup.options.marks_to_win - side.marks


def one_from_winning(state: MatchState, seat: int) -> bool:
    return marks_left(state, state.sides[seat]) <= 1


def threat(state: MatchState, seat: int) -> int:
    """The fewest marks any rival still needs: 1 means someone wins with one more raid."""
    rivals = alive_rivals(state, seat)
    return min((marks_left(state, s) for s in rivals), default=99)


def ahead(state: MatchState, seat: int, steps: int) -> int:
    """The space `steps` forward of this side (police moves counterclockwise)."""
    side = state.sides[seat]
    direction = -1 if side.is_police else 1
    return (side.position + direction * steps) % BOARD_SIZE


def worst_bill_ahead(state: MatchState, seat: int) -> int:
    """The largest single payment the next move could demand: a rival's fine, a bribe,
    a card. Cash above it is what a side may spend and still survive its next turn."""
    worst = 0
    side = state.sides[seat]
    police = state.police
    for steps in range(2, REACH + 1):
        space = ahead(state, seat, steps)
        info = SPACES[space]
        owner = state.control[space]
        if info.is_business and owner not in (MERCHANT, seat):
            worst = max(worst, fine_at(state, space))
        elif info.kind is SpaceKind.CARD and not side.is_police:
            worst = max(worst, CARD_RISK)
        if not side.is_police and not police.eliminated and police.position == space:
            worst = max(worst, MAX_BRIBE)
    return worst


def holdings_value(state: MatchState, seat: int, control: list[int]) -> int:
    """What a set of businesses is worth to a side: establishment costs (they count in the
    final count) plus the extra income of whole blocks, whose fines double, plus a little
    for blocks one business short of whole."""
    value = 0
    for block, spaces in BLOCKS.items():
        mine = sum(1 for i in spaces if control[i] == seat)
        value += sum(SPACES[i].cost for i in spaces if control[i] == seat)
        if mine == len(spaces):
            value += 4 * base_fine(block)
        elif mine == len(spaces) - 1 and mine > 0:
            value += base_fine(block)
    return value


def distance_to_start(state: MatchState, seat: int) -> int:
    """Forward steps from this side's space to Start."""
    side = state.sides[seat]
    if side.is_police:
        return side.position % BOARD_SIZE
    return (START - side.position) % BOARD_SIZE
