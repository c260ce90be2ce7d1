"""The player-facing rule book: topics, cards and characters, read from `chicago_assets`.

The texts live as Markdown under `assets/rulebook/` (one file per topic, plus `cards.md`
and `characters.md`), so the bot's `/chicago rules` and `/chicago card`, the printable
book and the coverage test all read the same words. A heading tagged `{space:business}`
or `{decision:roll}` is the entry for that engine name; the tag is never shown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import TypeVar

T = TypeVar("T")
TITLE = "Chicago 1927 — the rule book"
CARDS_FILE = "cards.md"
CHARACTERS_FILE = "characters.md"
HEADING = re.compile(
    r"^(?P<hashes>#{1,6})\s+(?P<title>.*?)(?:\s*\{(?P<kind>\w+):(?P<key>\w+)\})?\s*$"
)


def prefix_first(pool: Sequence[T], text: str, title: Callable[[T], str]) -> list[T]:
    """The items whose title starts with `text`, then those containing it, ignoring case:
    the order an autocomplete list reads best in."""
    wanted = text.strip().casefold()
    first = [item for item in pool if title(item).casefold().startswith(wanted)]
    rest = [item for item in pool if wanted in title(item).casefold() and item not in first]
    return first + rest


@dataclass(frozen=True, slots=True)
class Topic:
    """One file of the book: `slug` is its name without the ordering number."""

    slug: str
    title: str
    body: str


@dataclass(frozen=True, slots=True)
class Entry:
    """A card, character, space kind or decision kind, with its text.

    `kind` is "card", "character", "space" or "decision"; `key` is the card title or
    character name for those, the engine's enum value for the others; `group` is the
    deck a card belongs to, or the topic an entry was found in."""

    kind: str
    key: str
    title: str
    text: str
    group: str


OLD_KINDS = frozenset({"card", "turfcard"})
KIND_WORDS = {"character": "Character", "turfcard": "Turf card", "bootlegcard": "Bootleg"}


def kind_words(entry: Entry) -> str:
    """What an entry is, in the words shown under it ("Turf card", "Chance card")."""
    return KIND_WORDS.get(entry.kind, f"{entry.group} card")


@dataclass(frozen=True, slots=True)
class RuleBook:
    topics: tuple[Topic, ...]
    entries: tuple[Entry, ...]

    def topic(self, name: str) -> Topic | None:
        """A topic by its slug or its title, ignoring case."""
        wanted = name.strip().casefold()
        return next(
            (t for t in self.topics if wanted in (t.slug.casefold(), t.title.casefold())), None
        )

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries if e.kind == kind]

    def entry(self, kind: str, key: str) -> Entry | None:
        return next((e for e in self.entries if e.kind == kind and e.key == key), None)

    def lookup(self, title: str) -> Entry | None:
        """A card or character by its title, ignoring case and surrounding spaces."""
        wanted = title.strip().casefold()
        return next((e for e in self.lookups() if e.title.casefold() == wanted), None)

    def lookups(self) -> list[Entry]:
        """What `/chicago card` can show: both decks, the characters, Turf's cards, then
        every later game's pieces (`pieces`)."""
        return self.first_lookups() + self.pieces()

    def first_lookups(self) -> list[Entry]:
        """Both decks, the characters, then Turf's cards: what `/chicago card` offered
        before later games added theirs, first in its suggestions as before."""
        return self.of_kind("card") + self.of_kind("character") + self.of_kind("turfcard")

    def pieces(self) -> list[Entry]:
        """Later games' pieces: entries of a kind "<game>card", in the book's order."""
        return [e for e in self.entries if e.kind.endswith("card") and e.kind not in OLD_KINDS]

    def matching(self, text: str, limit: int = 25) -> list[Entry]:
        """Cards and characters whose title starts with `text`, then those containing it
        (Discord shows at most 25 autocomplete choices)."""
        return prefix_first(self.lookups(), text, lambda e: e.title)[:limit]

    def markdown(self) -> str:
        """The whole book as one document: a contents list, then every topic."""
        parts = [f"# {TITLE}", "", "## Contents", ""]
        parts += [f"{i}. {t.title}" for i, t in enumerate(self.topics, start=1)]
        for topic in self.topics:
            parts += ["", f"## {topic.title}", "", _demote(topic.body)]
        return "\n".join(parts).rstrip() + "\n"


def _demote(body: str) -> str:
    """Headings one level down, so each topic sits under the book's title."""
    return "\n".join("#" + line if line.startswith("#") else line for line in body.splitlines())


def _sections(text: str) -> list[tuple[int, str, str | None, str | None, list[str]]]:
    """(level, title, tag kind, tag key, body lines) for every heading of a file."""
    out: list[tuple[int, str, str | None, str | None, list[str]]] = []
    for line in text.splitlines():
        found = HEADING.match(line)
        if found:
            level = len(found["hashes"])
            out.append((level, found["title"], found["kind"], found["key"], []))
        elif out:
            out[-1][4].append(line)
    return out


def _strip_tags(text: str) -> str:
    lines = []
    for line in text.splitlines():
        found = HEADING.match(line)
        lines.append(f"{found['hashes']} {found['title']}" if found else line)
    return "\n".join(lines)


def _parse(name: str, text: str) -> tuple[Topic, list[Entry]]:
    sections = _sections(text)
    if not sections or sections[0][0] != 1:
        raise ValueError(f"rule book file {name} must open with a '# Title' line")
    title = sections[0][1]
    slug = re.sub(r"^\d+-", "", name.removesuffix(".md"))
    body = _strip_tags(text.split("\n", 1)[1] if "\n" in text else "").strip()
    entries: list[Entry] = []
    group = title
    for level, heading, kind, key, lines in sections[1:]:
        content = "\n".join(lines).strip()
        if level == 2:
            group = heading
        if level != 3:
            continue
        if kind and key:
            entries.append(Entry(kind, key, heading, content, title))
        elif name == CARDS_FILE:
            entries.append(Entry("card", heading, heading, content, group))
        elif name == CHARACTERS_FILE:
            entries.append(Entry("character", heading, heading, content, title))
    return Topic(slug, title, body), entries


@cache
def load() -> RuleBook:
    """The rule book shipped with the bot (read once)."""
    folder = files("chicago_assets") / "rulebook"
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".md"))
    # Numbered topics first, in their order; the cards and characters close the book.
    names.sort(key=lambda n: (not n[0].isdigit(), n))
    topics: list[Topic] = []
    entries: list[Entry] = []
    for name in names:
        topic, found = _parse(name, (folder / name).read_text(encoding="utf-8"))
        topics.append(topic)
        entries.extend(found)
    return RuleBook(tuple(topics), tuple(entries))


# --- printable HTML -----------------------------------------------------------------------

STYLE = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 46em; margin: 2em auto;
       padding: 0 1em; line-height: 1.45; color: #1d1a16; }
h1 { border-bottom: 3px double #b8860b; padding-bottom: .2em; }
h2 { color: #6b4e0a; margin-top: 2em; border-bottom: 1px solid #d8c9a3; }
h3 { margin-bottom: .2em; }
table { border-collapse: collapse; margin: .8em 0; }
th, td { border: 1px solid #c9bb95; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #f3ecd9; }
code { font-family: 'DejaVu Sans Mono', monospace; background: #f3ecd9; padding: 0 .2em; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; }
               h2 { page-break-before: always; } h2#contents { page-break-before: avoid; }
               h3, tr { page-break-inside: avoid; } }
"""


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<em>\1</em>", out)


def _anchor(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.casefold()).strip("-")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def to_html(markdown: str, title: str = TITLE) -> str:
    """A small Markdown subset (headings, paragraphs, lists, tables, bold, italics, code)
    as a standalone page that prints well; enough for this book, no dependency."""
    body: list[str] = []
    para: list[str] = []
    lines = markdown.splitlines()

    def flush() -> None:
        if para:
            body.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        heading = HEADING.match(line)
        if heading:
            flush()
            level, text = len(heading["hashes"]), heading["title"]
            body.append(f'<h{level} id="{_anchor(text)}">{_inline(text)}</h{level}>')
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            head, data = rows[0], [r for r in rows[1:] if not set("".join(r)) <= set("-: ")]
            table = ["<table>", "<tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>"]
            table += ["<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in data]
            body.append("\n".join([*table, "</table>"]))
            continue
        elif re.match(r"^(- |\d+\. )", stripped):
            flush()
            ordered = stripped[0].isdigit()
            items: list[str] = []
            while i < len(lines) and lines[i].strip():
                item = lines[i].strip()
                marker = re.match(r"^(- |\d+\. )", item)
                if marker:
                    items.append(item[marker.end() :])
                elif items:
                    items[-1] += " " + item
                i += 1
            tag = "ol" if ordered else "ul"
            body.append(f"<{tag}>" + "".join(f"<li>{_inline(t)}</li>" for t in items) + f"</{tag}>")
            continue
        elif not stripped:
            flush()
        else:
            para.append(stripped)
        i += 1
    flush()
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
