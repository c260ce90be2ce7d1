"""Raid arithmetic (RULES §8.1): how likely a raid is to be won, and what it costs.

A raid is a race: each round one side loses a person, and a side loses the raid at 20
losses in this raid or at 0 people. Everything a computer player decides about raids —
raid or pay, bribe or raid, fight on or withdraw — rests on these two numbers, so they are
exact (a small dynamic programme), not guesses. The tables are tiny (21 x 21 per round
probability) and built once, which keeps decisions in microseconds.
"""

from __future__ import annotations

from functools import cache

from engine.chicago.raids import RAID_LIMIT, tie_winner
from engine.chicago.state import NOBODY, MatchState, Raid

EVEN = 0.5
TIE_WINNER = 21 / 36  # a side that wins tied dice wins 21 of the 36 rolls (RULES §2.5)


@cache
def race(need: int, spare: int, p: float) -> tuple[float, float]:
    """(chance to win, expected own losses) when a side must win `need` more rounds
    before losing `spare` more, winning each round with probability `p`."""
    if need <= 0:
        return 1.0, 0.0
    if spare <= 0:
        return 0.0, 0.0
    win_next, lost_next = race(need - 1, spare, p)
    win_lose, lost_lose = race(need, spare - 1, p)
    chance = p * win_next + (1 - p) * win_lose
    losses = p * lost_next + (1 - p) * (1 + lost_lose)
    return chance, losses


def race_ends(need: int, spare: int, p: float) -> tuple[float, float, float]:
    """The same race told by how it ends: (chance to win, expected own losses when it is
    won, expected losses of the other side when it is lost). A lost race costs all
    `spare`, a won one all `need` of the other side, so the rest of each side's expected
    losses belongs to the other ending."""
    chance, own = race(need, spare, p)
    _, theirs = race(spare, need, 1 - p)
    own_if_won = (own - (1 - chance) * spare) / chance if chance > 0 else 0.0
    theirs_if_lost = (theirs - chance * need) / (1 - chance) if chance < 1 else 0.0
    return chance, max(0.0, own_if_won), max(0.0, theirs_if_lost)


def round_chance(state: MatchState, attacker: int, defender: int, business: bool) -> float:
    """The attacker's chance to win one round (ties rerolled unless a power breaks them)."""
    winner = tie_winner(state, attacker, defender, business)
    if winner == NOBODY:
        return EVEN
    return TIE_WINNER if winner == attacker else 1 - TIE_WINNER


def raid_odds(
    state: MatchState, attacker: int, defender: int, business: bool = True
) -> tuple[float, float, float]:
    """A fresh raid, both sides fighting to the end: (attacker's chance to win, attacker's
    expected losses, defender's expected losses)."""
    a_people = state.sides[attacker].people
    d_people = state.sides[defender].people
    p = round_chance(state, attacker, defender, business)
    need = min(RAID_LIMIT, d_people)
    spare = min(RAID_LIMIT, a_people)
    chance, a_lost = race(need, spare, p)
    _, d_lost = race(spare, need, 1 - p)
    return chance, a_lost, d_lost


def odds_in_raid(state: MatchState, raid: Raid, seat: int) -> tuple[float, float]:
    """In a raid under way, for one of its sides: (chance to win, expected further losses)
    if both fight to the end."""
    attacker = seat == raid.attacker
    other = raid.defender if attacker else raid.attacker
    p = round_chance(state, raid.attacker, raid.defender, raid.space >= 0)
    if not attacker:
        p = 1 - p
    mine_lost, theirs_lost = (
        (raid.attacker_lost, raid.defender_lost)
        if attacker
        else (raid.defender_lost, raid.attacker_lost)
    )
    need = min(RAID_LIMIT - theirs_lost, state.sides[other].people)
    spare = min(RAID_LIMIT - mine_lost, state.sides[seat].people)
    return race(need, spare, p)
