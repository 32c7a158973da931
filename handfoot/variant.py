# A rules variant: validated rule values, their provenance and their sources.
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from handfoot.deck import Pack
from handfoot.errors import VariantError
from handfoot.provenance import (
    Provenance,
    Source,
    SourceProblem,
    check_source_links,
    parse_provenance,
    parse_source,
)
from handfoot.spec import BUILT_IN_BOOKS, FIELDS, FIELDS_BY_PATH, SECTIONS, SpecProblem, books_phrase
from handfoot.tables import OtherTable, TableProblem, parse_tables
from handfoot.wild_limits import wild_limits
from handfoot.words import pluralise

# How long a variant's id and texts may be: a house rule set made in the browser is held to the same.
TEXT_MOST = {"id": 41, "name": 60, "short_name": 24, "summary": 400}
_ID = re.compile(rf"^[a-z0-9][a-z0-9-]{{0,{TEXT_MOST['id'] - 1}}}$")
_TOP_KEYS = ("id", "name", "short_name", "summary", "extends", "sources", "rules", "provenance", "tables", "notes")
_TEXT_KEYS = ("name", "short_name", "summary")


def house_rules_id(title: str) -> str:
    """A house rule set's id from its name, as a file name would be: "Grandma's table" is "grandma-s-table"."""
    plain = re.sub(r"[\u0300-\u036f]", "", unicodedata.normalize("NFKD", title)).lower()
    text = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[: TEXT_MOST["id"]].rstrip("-")
    return text or "house-rules"


def borrowed_note(name: str) -> str:
    """The note of a rule a version takes, unstated, from the version it extends."""
    return f"We use {name}'s rule."


def is_borrowed_note(note: str) -> bool:
    return bool(re.fullmatch(r"We use .+'s rule\.", note))


@dataclass(frozen=True)
class BookKind:
    """A kind of book the variant scores: ``clean``, ``dirty``, ``wild`` or a house kind."""

    id: str
    label: str
    value: int
    counts_as: str = ""


@dataclass(frozen=True, eq=False)
class Variant:
    """One rule set. ``rules`` maps every spec path (``deal.hand_size``) to its value.

    Build one with ``Variant.from_mapping``; ``to_mapping`` gives JSON-ready data that round-trips.
    """

    id: str
    name: str
    short_name: str
    summary: str
    rules: Mapping[str, Any]
    provenance: Mapping[str, Provenance]
    sources: Mapping[str, Source]
    extends: str = ""
    notes: tuple[str, ...] = ()
    # Other table sizes this variant's own sources allow; a variant that extends another does not inherit them.
    tables: tuple[OtherTable, ...] = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and self.to_mapping() == other.to_mapping()

    def __hash__(self) -> int:
        return hash(self.id)

    def __getitem__(self, path: str) -> Any:
        return self.rules[path]

    def whole(self, path: str) -> int:
        """The value of a whole-number rule (``Whole`` in the spec, which checked it when the variant was made)."""
        value: int = self.rules[path]
        return value

    def whole_or_none(self, path: str) -> int | None:
        """The value of a whole-number rule that may be null (a ``Whole`` with ``none``)."""
        value: int | None = self.rules[path]
        return value

    # Derived facts the rules engine and the pages share.

    @property
    def pack(self) -> Pack:
        return Pack(self["decks.count"], self["decks.jokers"])

    @property
    def teams(self) -> int:
        return self.whole("players.count") // self.whole("players.team_size")

    @property
    def has_wild_book(self) -> bool:
        return self["books.wild"] is not None

    @property
    def book_kinds(self) -> tuple[BookKind, ...]:
        kinds = [BookKind("clean", "clean", self["books.clean"]), BookKind("dirty", "dirty", self["books.dirty"])]
        if self.has_wild_book:
            kinds.append(BookKind("wild", "wild", self["books.wild"]))
        kinds.extend(BookKind(book.id, book.label, book.value, book.counts_as) for book in self["books.extra"])
        return tuple(kinds)

    def book_labels(self) -> dict[str, str]:
        return {kind.id: kind.label for kind in self.book_kinds}

    @property
    def round_count(self) -> int | None:
        """Rounds in a game, or None for a game played to a target score."""
        return self.whole_or_none("rounds.count")

    @property
    def listed_rounds(self) -> int:
        """Rounds that rules listed round by round spell out: every round, or those the minimums list."""
        return self.round_count or len(self["opening.minimums"])

    def in_round(self, path: str, round_number: int) -> Any:
        """The value of a per-round rule in a 1-based round; a short list repeats its last entry."""
        values = self[path]
        return values[min(round_number, len(values)) - 1]

    def whole_in_round(self, path: str, round_number: int) -> int:
        """``in_round`` of a per-round whole-number rule (``PerRound`` in the spec)."""
        value: int = self.in_round(path, round_number)
        return value

    def hand_size(self, round_number: int) -> int:
        return self.whole("deal.hand_size") + self.whole("deal.growth") * (round_number - 1)

    def foot_size(self, round_number: int) -> int:
        return self.whole("deal.foot_size") + self.whole("deal.growth") * (round_number - 1)

    def books_to_go_out(self, round_number: int) -> dict[str, int]:
        return dict(self.in_round("going_out.books", round_number))

    def books_to_go_out_phrase(self, round_number: int) -> str:
        return books_phrase(self.in_round("going_out.books", round_number), self.book_labels())

    def opening_minimum(self, round_number: int, team_score: int = 0) -> int:
        ladder: tuple[tuple[int, int], ...] | None = self["opening.by_score"]
        if ladder is None:
            return self.whole_in_round("opening.minimums", round_number)
        # A team below 0 (red threes caught can take it there) meets the first step, as at 0: the ladder starts there.
        return next((minimum for score, minimum in reversed(ladder) if team_score >= score), ladder[0][1])

    def going_out_bonus(self, round_number: int) -> int:
        return self.whole_in_round("going_out.bonus", round_number)

    def wilds_allowed(self, size: int) -> int:
        """The most wild cards a meld of ``size`` cards may hold when it also holds natural cards."""
        return min(wild_limits(self, size).values())

    # Building and dumping.

    @classmethod
    def from_mapping(
        cls, data: Any, source: str = "<variant>", *, bases: Mapping[str, Variant] | None = None
    ) -> Variant:
        """Validate a variant mapping (as read from YAML or JSON) and build the Variant.

        ``source`` names the file in error messages. A mapping with ``extends: <id>`` takes every rule it does not
        set from ``bases[id]``; those inherited rules become "assumed" in provenance unless the mapping states them.
        Raises ``VariantError`` naming the source, the key path and what is allowed.
        """
        if not isinstance(data, Mapping):
            raise VariantError(source, "", f"expected a mapping of {', '.join(_TOP_KEYS)}, got {data!r}")
        _reject_unknown(source, "", data, _TOP_KEYS)
        base = _base(data, source, bases or {})
        variant_id = _variant_id(data, source)
        texts = {key: _text(data, key, source, base) for key in _TEXT_KEYS}
        sources = _sources(data.get("sources", {}), source, base)
        rules, saved_before = _rules(data.get("rules"), source, base)
        _check_together(rules, source)
        provenance = _provenance(data.get("provenance"), rules, saved_before, sources, source, base)
        tables = _tables(data.get("tables", []), rules, sources, source)
        notes = data.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(n, str) and n.strip() for n in notes):
            raise VariantError(source, "notes", f"expected a list of sentences, got {notes!r}")
        return cls(
            id=variant_id,
            name=texts["name"],
            short_name=texts["short_name"],
            summary=texts["summary"],
            rules=MappingProxyType(rules),
            provenance=MappingProxyType(provenance),
            sources=MappingProxyType(sources),
            extends=base.id if base else str(data.get("extends", "") or ""),
            notes=tuple(n.strip() for n in notes),
            tables=tables,
        )

    def with_changes(self, changes: Mapping[str, Any], *, name: str = "", share_url: str = "") -> Variant:
        """These rules with a table's house changes (spec paths to values), checked as a variant file is.

        The house rules are named ``name`` (else "<name> with house rules") and their changed rules are stated by
        the table itself, through a source that links ``share_url``. With no change and no name, the rules are
        returned as they are. Raises ``VariantError`` naming the rule at fault and what is allowed.
        """
        title = " ".join(name.split())
        if not title and not changes:
            return self
        title = title or f"{self.name} with house rules"
        source = f"{title} (house rules)"
        data = self.to_mapping()
        count = len(changes)
        kept = f"with {count} house {'rule' if count == 1 else 'rules'} of the table's own" if count else ""
        data |= {
            "id": house_rules_id(title),
            "name": title[: TEXT_MOST["name"]],
            "short_name": title[: TEXT_MOST["short_name"]].strip(),
            "summary": (
                f"{title}: {self.name}'s rules {kept}."
                if count
                else f"{title}: {self.name}'s rules, as this table plays them."
            )[: TEXT_MOST["summary"]],
        }
        data["sources"]["house"] = {
            "title": source,
            "url": share_url,
            "note": f"Written with the configurator, starting from {self.name}.",
        }
        for path, value in changes.items():
            if path not in FIELDS_BY_PATH:
                raise VariantError(source, path, "unknown rule; a house change names a rule of the spec")
            section, key = path.split(".", 1)
            data["rules"][section][key] = value
            data["provenance"][path] = {"stated": ["house"]}
        return Variant.from_mapping(data, source)

    def to_mapping(self) -> dict[str, Any]:
        """JSON-ready data with every rule resolved; ``Variant.from_mapping(v.to_mapping()) == v``."""
        rules: dict[str, dict[str, Any]] = {}
        for spec in FIELDS:
            section, key = spec.path.split(".", 1)
            rules.setdefault(section, {})[key] = spec.type.dump(self.rules[spec.path])
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "short_name": self.short_name,
            "summary": self.summary,
            "sources": {key: src.to_mapping() for key, src in self.sources.items()},
            "rules": rules,
            "provenance": {path: entry.to_mapping() for path, entry in self.provenance.items()},
        }
        if self.tables:
            data["tables"] = [table.to_mapping() for table in self.tables]
        if self.notes:
            data["notes"] = list(self.notes)
        return data


def _reject_unknown(source: str, where: str, data: Mapping[str, Any], allowed: tuple[str, ...] | list[str]) -> None:
    for key in data:
        if key not in allowed:
            name = key if isinstance(key, str) and re.fullmatch(r"[\w-]+", key) else repr(key)
            path = f"{where}.{name}" if where else name
            raise VariantError(source, path, f"unknown key; allowed here: {', '.join(allowed)}")


def _base(data: Mapping[str, Any], source: str, bases: Mapping[str, Variant]) -> Variant | None:
    parent = data.get("extends")
    if parent is None:
        return None
    if not isinstance(parent, str) or parent not in bases:
        known = ", ".join(sorted(bases)) or "none loaded"
        raise VariantError(source, "extends", f"expected the id of another variant ({known}), got {parent!r}")
    return bases[parent]


def _variant_id(data: Mapping[str, Any], source: str) -> str:
    variant_id = data.get("id")
    if variant_id is None:
        stem = source.rsplit("/", 1)[-1].removesuffix(".yaml").removesuffix(".yml").removesuffix(".json")
        variant_id = stem
    if not isinstance(variant_id, str) or not _ID.match(variant_id):
        raise VariantError(source, "id", f"expected lower-case letters, digits and hyphens, got {variant_id!r}")
    return variant_id


def _text(data: Mapping[str, Any], key: str, source: str, base: Variant | None) -> str:
    value = data.get(key)
    if value is None and key == "short_name":
        value = data.get("name")
    if value is None and base is not None:
        value = getattr(base, key)
    limit = TEXT_MOST[key]
    if not isinstance(value, str) or not 0 < len(value.strip()) <= limit:
        raise VariantError(source, key, f"expected text of 1 to {limit} characters, got {value!r}")
    return " ".join(value.split())


def _sources(raw: Any, source: str, base: Variant | None) -> dict[str, Source]:
    sources = dict(base.sources) if base else {}
    if not isinstance(raw, Mapping):
        raise VariantError(source, "sources", f"expected a mapping of source id to {{title, url}}, got {raw!r}")
    try:
        for key, entry in raw.items():
            sources[key] = parse_source(key, entry)
        check_source_links(sources)
    except SourceProblem as problem:
        raise VariantError(source, f"sources.{problem.where}", problem.why) from None
    if not sources:
        raise VariantError(source, "sources", "expected at least one source")
    return sources


def _tables(raw: Any, rules: Mapping[str, Any], sources: Mapping[str, Source], source: str) -> tuple[OtherTable, ...]:
    try:
        tables = parse_tables(raw, sources)
    except TableProblem as problem:
        raise VariantError(source, f"tables.{problem.where}".rstrip("."), problem.why) from None
    over, count = rules["decks.more_than_players"], rules["rounds.count"] or 1
    if over is not None:
        per_player = rules["deal.hand_size"] + rules["deal.foot_size"] + 2 * rules["deal.growth"] * (count - 1)
        deck = Pack(1, rules["decks.jokers"]).cards
        for number, table in enumerate(tables, start=1):
            for players in table.players:
                if players * per_player >= (players + over) * deck:
                    why = (
                        f"{players} players × {per_player} cards need more than the {players + over} decks "
                        f"decks.more_than_players gives them"
                    )
                    raise VariantError(source, f"tables.{number}.players", why)
    return tables


def _rules(raw: Any, source: str, base: Variant | None) -> tuple[dict[str, Any], set[str]]:
    """The rules, and the paths of rules a mapping saved before they existed did not hold."""
    if raw is None and base is not None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise VariantError(source, "rules", f"expected a mapping of sections, got {raw!r}")
    sections = [s.key for s in SECTIONS]
    _reject_unknown(source, "rules", raw, sections)
    given: dict[str, Any] = {}
    for section_key, section_values in raw.items():
        if not isinstance(section_values, Mapping):
            raise VariantError(source, f"rules.{section_key}", f"expected a mapping, got {section_values!r}")
        keys = [f.path.split(".", 1)[1] for f in FIELDS if f.section == section_key]
        _reject_unknown(source, f"rules.{section_key}", section_values, keys)
        for key, value in section_values.items():
            given[f"{section_key}.{key}"] = value
    rules: dict[str, Any] = {}
    saved_before: set[str] = set()
    for spec in FIELDS:
        if spec.path in given:
            try:
                rules[spec.path] = spec.type.parse(given[spec.path])
            except SpecProblem as problem:
                where = f"{spec.path}.{problem.where}" if problem.where else spec.path
                raise VariantError(source, where, problem.why) from None
        elif base is not None:
            rules[spec.path] = base.rules[spec.path]
        elif spec.saved_before:
            rules[spec.path] = spec.value_saved_before(rules)
            saved_before.add(spec.path)
        else:
            raise VariantError(source, spec.path, f"missing; expected {spec.type.describe()}")
    return rules, saved_before


def _check_together(rules: Mapping[str, Any], source: str) -> None:
    """Checks that span several rules; each names the key to change."""

    def fail(path: str, problem: str) -> None:
        raise VariantError(source, path, problem)

    players, team_size = rules["players.count"], rules["players.team_size"]
    if players % team_size:
        fail("players.team_size", f"{players} players cannot split into teams of {team_size}")
    if team_size > 1 and players // team_size < 2:
        fail("players.team_size", f"{players} players in teams of {team_size} make fewer than 2 teams")
    pack = Pack(rules["decks.count"], rules["decks.jokers"])
    decks = pluralise(pack.decks, "deck")
    growth, count = rules["deal.growth"], rules["rounds.count"]
    if growth and count is None:
        fail("deal.growth", "a deal that grows each round needs a fixed rounds.count")
    extra = growth * ((count or 1) - 1)
    hand, foot = rules["deal.hand_size"] + extra, rules["deal.foot_size"] + extra
    dealt = players * (hand + foot)
    if dealt >= pack.cards:
        fail(
            "deal.growth" if extra and players * (hand + foot - 2 * extra) < pack.cards else "deal.hand_size",
            f"{players} players × ({hand} + {foot}) cards = {dealt} dealt{' in the last round' if extra else ''}, "
            f"but {decks} {'holds' if pack.decks == 1 else 'hold'} only "
            f"{pack.cards} cards and the stock needs at least one",
        )
    if rules["deal.exact_cut_bonus"] and rules["deal.method"] == "dealt":
        fail("deal.exact_cut_bonus", "a bonus for an exact cut needs a cut: deal.method self_cut or cut_pass_foot")
    book = rules["melds.book_size"]
    if rules["melds.min_size"] > book:
        fail("melds.min_size", f"expected at most the book size ({book}), got {rules['melds.min_size']}")
    if rules["melds.min_naturals"] >= book:
        fail("melds.min_naturals", f"a dirty book would be impossible: a book holds only {book} cards")
    ratio = rules["melds.wild_ratio"]
    if ratio and book // (ratio + 1) < 1:
        fail("melds.wild_ratio", f"a dirty book would be impossible: {book} cards cannot hold a wild card at {ratio}:1")
    if count is None and rules["rounds.target_score"] is None:
        fail("rounds.count", "expected a number of rounds, or a rounds.target_score to play to")
    for path in ("opening.minimums", "opening.books_needed", "going_out.books", "going_out.bonus"):
        length = len(rules[path])
        if count is not None and length not in {1, count}:
            fail(path, f"expected one value for every round or a list of {count} (one per round), got {length}")
    kinds = {"clean", "dirty", *([] if rules["books.wild"] is None else ["wild"])}
    kinds |= {book.id for book in rules["books.extra"]}
    limits = {
        "clean": pack.max_clean_books(book),
        "wild": pack.max_wild_books(book),
    }
    for number, needed in enumerate(rules["going_out.books"], start=1):
        where = "going_out.books" if len(rules["going_out.books"]) == 1 else f"going_out.books[{number}]"
        for kind, wanted in needed:
            if kind not in kinds:
                allowed = ", ".join(k for k in (*BUILT_IN_BOOKS, *sorted(kinds - set(BUILT_IN_BOOKS))) if k in kinds)
                fail(where, f"{kind}: no such book in these rules; books here: {allowed}")
            if kind in limits and wanted > limits[kind]:
                fail(where, f"{kind}: {decks} can make at most {limits[kind]} {kind} books")
        total = sum(wanted for _, wanted in needed)
        if total > pack.max_books(book):
            fail(where, f"{total} books need {total * book} cards, more than {decks} can meld")
    if team_size == 1:
        for path in ("going_out.ask_partner", "going_out.partner_in_foot"):
            if rules[path]:
                fail(path, "expected false when everyone plays alone (players.team_size: 1)")
    first, method = rules["turn.first_player"], rules["deal.method"]
    if method == "dealt" and first == "agreed":
        fail("turn.first_player", "the hands are dealt (deal.method: dealt); expected dealer_left or hand_dealer_left")
    if method != "dealt" and first != "agreed":
        fail("turn.first_player", f"nobody deals with deal.method {method}; expected agreed")
    if team_size == 1 and first == "hand_dealer_left":
        fail("turn.first_player", "no partner deals the hands when everyone plays alone; expected dealer_left")
    if rules["card_values.nine"] == "low" and rules["card_values.eight"] == "high":
        fail(
            "card_values.nine",
            "nines counted low with eights counted high would split the low cards; expected "
            "card_values.eight: low as well, or nines high",
        )
    if not rules["threes.red_laid_down"]:
        if rules["threes.red_laid"] != 0:
            fail("threes.red_laid", "no red three is laid down (threes.red_laid_down: false); expected 0")
        if rules["threes.red_laid_not_out"] is not None:
            fail("threes.red_laid_not_out", "no red three is laid down (threes.red_laid_down: false); expected null")
    plus = rules["decks.more_than_players"]
    if plus is not None and rules["decks.count"] != players + plus:
        fail(
            "decks.count",
            f"{players} players with decks.more_than_players {plus} play with {players + plus} decks; expected "
            f"{players + plus}, or decks.more_than_players empty",
        )
    if rules["books.wild"] is None and rules["pile.wild_top"] == "matching_wild_pair":
        fail(
            "pile.wild_top",
            "a wild top card taken with a matching wild pair makes a meld of wild cards only, which books.wild: null "
            "forbids; expected never, or a value for books.wild",
        )


def _provenance(
    raw: Any,
    rules: Mapping[str, Any],
    saved_before: set[str],
    sources: Mapping[str, Source],
    source: str,
    base: Variant | None,
) -> dict[str, Provenance]:
    raw = {} if raw is None and base is not None else raw
    if not isinstance(raw, Mapping):
        raise VariantError(source, "provenance", f"expected a mapping of rule path to provenance, got {raw!r}")
    sections = {s.key for s in SECTIONS}
    for key in raw:
        if key not in FIELDS_BY_PATH and key not in sections:
            raise VariantError(source, f"provenance.{key}", "expected a rule path (deal.hand_size) or a section (deal)")
    entries: dict[str, Provenance] = {}
    for spec in FIELDS:
        key = spec.path if spec.path in raw else spec.section if spec.section in raw else None
        if key is not None:
            try:
                entries[spec.path] = parse_provenance(raw[key], sources, spec.path)
            except ValueError as problem:
                raise VariantError(source, f"provenance.{key}", str(problem)) from None
        elif base is not None and rules[spec.path] == base.rules[spec.path]:
            inherited = base.provenance[spec.path]
            why = borrowed_note(base.name)
            if not inherited.stated:
                why = f"We use {base.name}'s rule, which is assumed there too: {inherited.note}"
            entries[spec.path] = Provenance("assumed", basis=base.id, note=why, conflict=inherited.conflict)
        elif spec.path in saved_before:
            why = "These rules were saved before the site recorded this rule, so it takes the usual value."
            entries[spec.path] = Provenance("assumed", basis="handfoot", note=why)
        else:
            raise VariantError(
                source, f"provenance.{spec.path}", "missing; say which source states this value, or why it is assumed"
            )
    return entries
