"""Where the turn happened and what stands there, read from a board snapshot: the side
that moved (or whose turn it is), its space, who runs that space and the fine due.

The phone picture and the alt text both start from this, so the words a screen reader
says and the words a phone shows are the same facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.chicago.narration import money
from bot.chicago.render.view import BoardView, SideView
from engine.chicago import MERCHANT
from engine.chicago.board import BLOCKS, SPACES, Category, Space, SpaceKind, base_fine

SPACE_KINDS = {
    SpaceKind.CARD: "draws a card",
    SpaceKind.HUB: "recruitment hub: recruit 4 or 10",
    SpaceKind.CORNER: "corner",
}
CORNER_WORDS = {
    0: "Start: +$4,000 on passing; trades here",
    9: "Detention: detained bosses sit out; visitors meet the police if it is here",
    18: "Heist: +$1,500, and the police moves 3",
    27: "Arrested: straight to Detention",
}


@dataclass(frozen=True, slots=True)
class SpaceFacts:
    """A space as the table sees it now. `owner` is a seat or MERCHANT; `fine` is what a
    rival landing there owes now (0 when it is not a business or merchant-run)."""

    space: Space
    owner: int
    fine: int
    doubled: bool

    @property
    def category(self) -> Category | None:
        return self.space.category


@dataclass(frozen=True, slots=True)
class Spotlight:
    """The side the turn is about, the space it stands on, and who else stands there."""

    mover: SideView
    facts: SpaceFacts
    others: tuple[SideView, ...]
    arrived: bool  # it moved there in the events shown (not merely standing)


def space_facts(control: Sequence[int], index: int) -> SpaceFacts:
    """Owner and fine of a space, from who runs each business (`view.control` or
    `state.control`); the fine doubles when one side runs its whole block (RULES §2.1)."""
    space = SPACES[index]
    if not space.is_business:
        return SpaceFacts(space, MERCHANT, 0, False)
    owner = control[index]
    if owner == MERCHANT:
        return SpaceFacts(space, owner, 0, False)
    whole = all(control[i] == owner for i in BLOCKS[space.block])
    fine = base_fine(space.block) * (2 if whole else 1)
    return SpaceFacts(space, owner, fine, whole)


def standing_on(view: BoardView, index: int) -> tuple[SideView, ...]:
    """Sides still in play whose piece is on this space (detained bosses included)."""
    return tuple(s for s in view.sides if not s.eliminated and s.position == index)


def spotlight(view: BoardView) -> Spotlight:
    """The side whose move set off the last events, where it stands now; but when a card
    or the Heist moved another side that must now decide, that side and its new space.
    Before any move, the side whose turn it is."""
    moves = view.recent.moves
    seat = moves[0].seat if moves else view.turn_seat
    deciding = view.waiting[0] if view.waiting else seat
    if deciding != seat and any(m.seat == deciding and m.path for m in moves):
        seat = deciding
    mover = view.sides[seat]
    index = mover.position
    others = tuple(s for s in standing_on(view, index) if s.seat != seat)
    arrived = any(m.seat == seat and m.path for m in moves)
    return Spotlight(mover, space_facts(view.control, index), others, arrived)


def short_name(name: str, limit: int | None) -> str:
    """A player's name cut to `limit` characters with an ellipsis (None: whole)."""
    if limit is None or len(name) <= limit:
        return name
    return name[: limit - 1].rstrip() + "…"


def spotlight_title(spot: Spotlight, limit: int | None = None) -> str:
    """ "Nora moved to Drake Supper Club", or where a side that did not move stands."""
    verb = "moved to" if spot.arrived else "is on"
    if spot.mover.detained:
        verb = "is detained on"
    return f"{short_name(spot.mover.name, limit)} {verb} {spot.facts.space.name}"


def space_words(view: BoardView, spot: Spotlight, limit: int | None = None) -> str:
    """What stands on the mover's space: category, who runs it, what it costs a rival;
    the runner's name cut to `limit` characters if given."""
    facts = spot.facts
    space = facts.space
    if not space.is_business:
        if space.kind is SpaceKind.CORNER:
            return CORNER_WORDS[space.index]
        return f"{space.name}: {SPACE_KINDS[space.kind]}"
    category = f"{space.category} business"
    if facts.owner == MERCHANT:
        return f"{category} · merchant-run · cost {money(space.cost)}"
    owner = view.sides[facts.owner]
    name = short_name(owner.name, limit)
    runner = "sealed by the police" if owner.is_police else f"run by {name}"
    whole = " (whole block)" if facts.doubled else ""
    rivals = " for rivals" if owner.seat == spot.mover.seat else ""
    return f"{category} · {runner} · fine {money(facts.fine)}{whole}{rivals}"
