"""What `/chicago card <business>` answers: a business's category, cost, fine and who
runs it, as plain text any front end can show.

Businesses are not rule-book entries (their facts are engine data, RULES §2.1), so
they are looked up here, by name, beside the book's cards and characters. The answer
reads only public facts: who runs a business is on the board for everyone to see.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.chicago.narration import money
from bot.chicago.render.spotlight import space_facts
from bot.rulebook import prefix_first
from engine.chicago import MERCHANT, MatchState
from engine.chicago.board import BLOCK_NAMES, BLOCKS, BUSINESSES, SPACES, Category, Space, base_fine
from engine.chicago.cards import STREET_LIFE_ENTRIES

MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices


@dataclass(frozen=True, slots=True)
class BusinessCard:
    """A business's look-up: `title` is its name, `lines` the facts, one a line."""

    title: str
    category: Category
    lines: tuple[str, ...]

    def text(self) -> str:
        return "\n".join(self.lines)


def find_business(name: str) -> Space | None:
    """A business by its name, ignoring case and surrounding spaces."""
    wanted = name.strip().casefold()
    return next((SPACES[i] for i in BUSINESSES if SPACES[i].name.casefold() == wanted), None)


def receipts_card(category: Category) -> str | None:
    """The Street Life card that pays $500 per business of this category, if any."""
    return next((c.title for c in STREET_LIFE_ENTRIES if c.category is category), None)


def category_of(space: Space) -> Category:
    if space.category is None:
        raise ValueError(f"{space.name} is not a business")
    return space.category


def runner_text(state: MatchState, index: int) -> str:
    """Who runs a business now, in the words of the board: a merchant, a boss, a seal."""
    owner = state.control[index]
    if owner == MERCHANT:
        return "a merchant (any boss standing on it may take control)"
    side = state.sides[owner]
    if side.is_police:
        return f"sealed by the police ({side.name})"
    truce = " · under a Gangland truce: it cannot be raided" if side.truce_through > 0 else ""
    return f"{side.name}{truce}"


def business_card(space: Space, state: MatchState | None = None) -> BusinessCard:
    """The facts of one business; with a running match, also who runs it and the fine
    due there now (doubled when one side holds its whole block, RULES §2.1)."""
    category = category_of(space)
    fine = base_fine(space.block)
    neighbours = [SPACES[i].name for i in BLOCKS[space.block] if i != space.index]
    lines = [
        f"**Category:** {category.value}",
        f"**Cost** to take control or seal: {money(space.cost)}",
        f"**Fine** for a rival who lands: {money(fine)} ({money(2 * fine)} when one side "
        "holds the whole block)",
        f"**Block:** {space.block} {BLOCK_NAMES[space.block]}, with {' and '.join(neighbours)}",
        f"**Space:** {space.index} of 36, counted clockwise from Start",
    ]
    if state is not None:
        lines.append(f"**Run by:** {runner_text(state, space.index)}")
        if state.control[space.index] != MERCHANT:
            lines.append(f"**Fine now:** {money(space_facts(state.control, space.index).fine)}")
    else:
        lines.append("**Run by:** a merchant at the start of every match")
    paying = receipts_card(category)
    if paying is not None:
        lines.append(f"*{paying}* pays $500 for each {category.value} business its drawer runs.")
    return BusinessCard(space.name, category, tuple(lines))


def card_titles_matching(text: str, limit: int = MAX_CHOICES) -> list[str]:
    """What `/chicago card` offers as you type: every game's cards and pieces (each
    game's `card_titles`, Chicago 1927's businesses after its own cards) whose name starts
    with the text, then those containing it."""
    from bot.registry import CHICAGO, GAMES

    pool: list[str] = []
    for game in GAMES.values():
        pool += game.card_titles()
        if game is CHICAGO:
            pool += [SPACES[i].name for i in BUSINESSES]
    return prefix_first(list(dict.fromkeys(pool)), text, str)[:limit]
