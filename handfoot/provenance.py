# Where each rule value comes from: a source that states it, or an assumption and its basis.
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# How a source that is not the rule text itself carries that text.
SOURCE_KINDS = ("copy", "translation", "summary")


@dataclass(frozen=True)
class Source:
    """A rule source: ``id`` is how provenance entries refer to it.

    ``read`` is false for a source no one could read itself; its rules are then known only ``through`` the sources
    whose ``of`` names it (or the page it is ``part_of``). ``kind`` says how such a source carries the text.
    """

    id: str
    title: str
    url: str = ""
    author: str = ""
    note: str = ""
    read: bool = True
    kind: str = ""
    of: str = ""
    part_of: str = ""

    def carries(self, other: Source) -> bool:
        """Whether this copy or summary carries ``other``'s text (or the page ``other`` is a section of)."""
        return bool(self.of) and self.of in {other.id, other.part_of}

    def to_mapping(self) -> dict[str, Any]:
        data: dict[str, Any] = {"title": self.title}
        for key in ("url", "author", "note", "kind", "of", "part_of"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if not self.read:
            data["read"] = False
        return data


@dataclass(frozen=True)
class Provenance:
    """Why a rule has its value.

    ``status`` is "stated" (``sources`` name who states it, and ``through`` the copies or summaries it was read in
    when a source could not be read itself) or "assumed" (the variant's sources are silent; ``basis`` names the
    variant or source the value is taken from and ``note`` says why). ``conflict`` records sources that disagree,
    and the choice made. ``unstated_rounds`` lists rounds of a per-round value that no source gives, and
    ``unstated_part`` names a part of a stated rule its sources leave unsaid ("how the deal passes").
    """

    status: str
    sources: tuple[str, ...] = ()
    basis: str = ""
    note: str = ""
    conflict: str = ""
    through: tuple[str, ...] = ()
    unstated_rounds: tuple[int, ...] = ()
    unstated_part: str = ""

    @property
    def stated(self) -> bool:
        return self.status == "stated"

    def first_hand(self, sources: Mapping[str, Source]) -> bool:
        """Stated by a source that was read itself, not only through copies or summaries of it."""
        return self.stated and any(sources[key].read and sources[key].kind == "" for key in self.sources)

    def to_mapping(self) -> dict[str, Any]:
        data: dict[str, Any] = (
            {"stated": list(self.sources)} if self.stated else {"assumed": self.note, "from": self.basis}
        )
        if self.stated and self.note:
            data["note"] = self.note
        if self.through:
            data["through"] = list(self.through)
        if self.unstated_rounds:
            data["unstated_rounds"] = list(self.unstated_rounds)
        if self.unstated_part:
            data["unstated_part"] = self.unstated_part
        if self.conflict:
            data["conflict"] = self.conflict
        return data


class SourceProblem(ValueError):
    """A bad source entry: ``where`` is the key under ``sources`` ("pagat-copy.kind"), ``why`` what is allowed."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}")
        self.where, self.why = where, why


def parse_source(key: str, entry: Any) -> Source:
    """Read one source entry; raises ``SourceProblem`` for a bad one."""
    allowed = ("title", "url", "author", "note", "read", "kind", "of", "part_of")
    if not isinstance(entry, Mapping):
        raise SourceProblem(key, f"expected {{{', '.join(allowed)}}}, got {entry!r}")
    unknown = [k for k in entry if k not in allowed]
    if unknown:
        raise SourceProblem(f"{key}.{unknown[0]}", f"unknown key; allowed here: {', '.join(allowed)}")
    texts = {}
    for name in ("title", "url", "author", "note", "kind", "of", "part_of"):
        value = entry.get(name, "")
        if not isinstance(value, str) or (name == "title" and not value.strip()):
            raise SourceProblem(f"{key}.{name}", f"expected text, got {value!r}")
        texts[name] = " ".join(value.split()) if name in {"title", "note", "author"} else value.strip()
    if texts["url"] and not texts["url"].startswith(("https://", "http://")):
        raise SourceProblem(f"{key}.url", f"expected an http(s) address, got {texts['url']!r}")
    if texts["kind"] and texts["kind"] not in SOURCE_KINDS:
        raise SourceProblem(f"{key}.kind", f"expected one of {', '.join(SOURCE_KINDS)}, got {texts['kind']!r}")
    if bool(texts["kind"]) != bool(texts["of"]):
        why = "a copy, translation or summary names the source it carries in of, and only it does"
        raise SourceProblem(f"{key}.kind", why)
    read = entry.get("read", True)
    if not isinstance(read, bool):
        raise SourceProblem(f"{key}.read", f"expected true or false, got {read!r}")
    return Source(key, read=read, **texts)


def check_source_links(sources: Mapping[str, Source]) -> None:
    """Every ``of`` and ``part_of`` names a known source; raises ``SourceProblem`` otherwise."""
    for source in sources.values():
        for name in ("of", "part_of"):
            target = getattr(source, name)
            if target and target not in sources:
                why = f"unknown source {target!r}; sources are {', '.join(sources)}"
                raise SourceProblem(f"{source.id}.{name}", why)


def parse_provenance(entry: Any, sources: Mapping[str, Source], where: str) -> Provenance:
    """Read one provenance entry; raises ``ValueError`` whose text says what is allowed."""
    allowed = {"stated", "assumed", "from", "note", "conflict", "through", "unstated_rounds", "unstated_part"}
    if not isinstance(entry, Mapping) or not entry or set(entry) - allowed:
        raise ValueError(
            "expected {stated: [source ids], through: [copies or summaries], note: text} or "
            f"{{assumed: why, from: variant or source id}}, with an optional conflict: text; got {entry!r}"
        )
    texts = {key: entry.get(key, "") for key in ("note", "conflict", "unstated_part")}
    for key, text in texts.items():
        if not isinstance(text, str):
            raise ValueError(f"{key}: expected text, got {text!r}")
    if ("stated" in entry) == ("assumed" in entry):
        raise ValueError("expected exactly one of stated or assumed")
    if "stated" in entry:
        ids = _source_ids(entry["stated"], sources, "stated")
        if "from" in entry:
            raise ValueError("from: only an assumed value has a basis")
        through = _through(entry, ids, sources)
        rounds = entry.get("unstated_rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(n, int) and n >= 1 for n in rounds):
            raise ValueError(f"unstated_rounds: expected a list of round numbers, got {rounds!r}")
        return Provenance(
            "stated",
            ids,
            note=texts["note"],
            conflict=texts["conflict"],
            through=through,
            unstated_rounds=tuple(sorted(set(rounds))),
            unstated_part=" ".join(texts["unstated_part"].split()),
        )
    for key in ("through", "unstated_rounds", "unstated_part", "note"):
        if key in entry:
            raise ValueError(f"{key}: only a stated value has one; an assumed value's reason goes in assumed")
    why, basis = entry["assumed"], entry.get("from", "")
    if not isinstance(why, str) or not why.strip():
        raise ValueError(f"assumed: expected a sentence saying why, got {why!r}")
    if not isinstance(basis, str) or not basis:
        raise ValueError(f"from: expected the variant or source the assumed value is taken from ({where})")
    return Provenance("assumed", basis=basis, note=why.strip(), conflict=texts["conflict"])


def _source_ids(ids: Any, sources: Mapping[str, Source], key: str) -> tuple[str, ...]:
    if not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
        raise ValueError(f"{key}: expected a list of source ids, got {ids!r}")
    unknown = [i for i in ids if i not in sources]
    if unknown:
        raise ValueError(f"{key}: unknown source {unknown[0]!r}; sources are {', '.join(sorted(sources))}")
    return tuple(ids)


def _through(entry: Mapping[str, Any], stated: tuple[str, ...], sources: Mapping[str, Source]) -> tuple[str, ...]:
    """The copies and summaries a stated value was read in: given, or the one way in to a source not read itself."""
    given = _source_ids(entry["through"], sources, "through") if "through" in entry else ()
    for key in given:
        if not any(sources[key].carries(sources[s]) for s in stated):
            raise ValueError(f"through: {key} is not a copy or summary of {', '.join(stated)}")
    through = list(given)
    for key in stated:
        source = sources[key]
        if source.read or any(sources[t].carries(source) for t in through):
            continue
        ways = [s.id for s in sources.values() if s.carries(source)]
        if len(ways) != 1:
            raise ValueError(
                f"through: {key} could not be read itself; name the copies or summaries this value was read in"
                + (f" ({', '.join(ways)})" if ways else "")
            )
        through.append(ways[0])
    return tuple(through)
