"""The "normal" level: takes free buildings first, attacks only a fight it is sure to
win, keeps a thug home to defend, draws cards as its thugs allow, turns spare cards into
thugs, squeezes the leader, and weighs a deal by what it gains."""

from __future__ import annotations

from engine.turf.board import square_text
from engine.turf.cards import is_street, rank, thugs_for
from engine.turf.computer.reading import fighting_strength, leader, paired_cards, useful_ranks
from engine.turf.decisions import (
    CommitFacts,
    DealFacts,
    Decision,
    DecisionKind,
    LegworkFacts,
    Pending,
)
from engine.turf.state import NOBODY
from engine.turf.view import PlayerView

KEEP_CARDS = 6
HIT_WHEN = 7  # buildings a rival holds before a hit is worth its thugs
COPS_WANTED = 2


def choose_normal(view: PlayerView, pending: Pending) -> Decision:
    return _CHOOSERS[pending.kind](view, pending)


def _legwork(view: PlayerView, pending: Pending) -> Decision:
    seat = pending.seat
    me = view.players[seat]
    open_keys = set(pending.available())
    pairs = pending.facts_as(LegworkFacts).pairs
    targets = [sq for sq in pairs if f"infiltrate:{square_text(sq)}" in open_keys]
    free = [sq for sq in targets if view.guards[sq] == NOBODY]
    if free:
        return Decision("infiltrate", square=free[0], cards=pairs[free[0]][0])
    first = leader(view, seat)
    sure = [sq for sq in targets if me.idle + me.cops > _defence_ceiling(view, sq)]
    if sure:
        sq = max(sure, key=lambda s: (view.guards[s] == first, -_defence_ceiling(view, s)))
        return Decision("infiltrate", square=sq, cards=pairs[sq][0])
    if first != NOBODY and view.players[first].guards >= HIT_WHEN and f"hit:{first}" in open_keys:
        return Decision("hit", seat=first)
    # A thug kept home defends the buildings, unless the gang is too small to grow
    # without sending everyone for word on the street.
    reserve = 1 if me.guards and me.idle + me.job > 4 else 0
    if "police" in open_keys and me.cops < COPS_WANTED and me.idle >= 5 + reserve:
        return Decision("police")
    if "word" in open_keys and me.idle >= 2 + reserve:
        return Decision("word")
    return Decision("end")


def _defence_ceiling(view: PlayerView, square: int) -> int:
    """The most the building's side could commit: its guard and all its free thugs."""
    return fighting_strength(view, view.guards[square])


def _commit(view: PlayerView, pending: Pending) -> Decision:
    facts = pending.facts_as(CommitFacts)
    if pending.seat == facts.attacker:
        need = fighting_strength(view, facts.defender) + 1
        idle = min(facts.idle, need)
        cops = min(facts.cops, max(need - idle, 0))
        if idle + cops == 0:
            return Decision("commit", squares=facts.guards[:1])
        return Decision("commit", idle=idle, cops=cops)
    return Decision("commit", idle=facts.idle)


def _recruit(view: PlayerView, pending: Pending) -> Decision:
    seat = pending.seat
    keep = paired_cards(view, seat)
    wanted = useful_ranks(view, seat)
    spare = [c for c in view.hand if c not in keep]
    hopeful = [c for c in spare if is_street(c) and rank(c) in wanted]
    room = max(KEEP_CARDS - len(keep), 0)
    keep |= set(sorted(hopeful, key=rank)[:room])
    cash_in = tuple(sorted(c for c in view.hand if c not in keep))
    return Decision("recruit", cards=cash_in) if cash_in else Decision("keep")


def _cop(view: PlayerView, pending: Pending) -> Decision:
    choices = [Decision.parse(k) for k in pending.available() if k != "pass"]
    if not choices:
        return Decision("pass")
    return max(
        choices,
        key=lambda d: (
            view.players[d.seat].guards,
            d.kind == "squeeze_gang",
            view.players[d.seat].cops,
        ),
    )


def _lose_thug(view: PlayerView, pending: Pending) -> Decision:
    order = ("lose:job", "lose:idle", "lose:cop")
    keys = pending.available()
    return Decision.parse(next((k for k in order if k in keys), keys[0]))


def _lose_card(view: PlayerView, pending: Pending) -> Decision:
    keep = paired_cards(view, pending.seat)
    keys = [Decision.parse(k) for k in pending.available()]
    return min(keys, key=lambda d: (d.cards[0] in keep, thugs_for(d.cards[0]), rank(d.cards[0])))


def _deal(view: PlayerView, pending: Pending) -> Decision:
    facts = pending.facts_as(DealFacts)
    gain = 1.5 * len(facts.mine.give) + facts.mine.thugs
    cost = 1.5 * len(facts.theirs.give) + facts.theirs.thugs
    cost += len(facts.theirs.discard) + facts.theirs.drop_thugs
    threat = view.players[facts.proposer].guards >= HIT_WHEN
    take = gain > cost and not threat and f"accept:{facts.proposer}" in pending.available()
    return Decision("accept" if take else "reject", seat=facts.proposer)


_CHOOSERS = {
    DecisionKind.LEGWORK: _legwork,
    DecisionKind.COMMIT: _commit,
    DecisionKind.RECRUIT: _recruit,
    DecisionKind.COP: _cop,
    DecisionKind.LOSE_THUG: _lose_thug,
    DecisionKind.LOSE_CARD: _lose_card,
    DecisionKind.DEAL_ANSWER: _deal,
}
