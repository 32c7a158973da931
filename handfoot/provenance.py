# Where each rule value comes from: a source that states it, or an assumption and its basis.
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Source:
    """A rule source: ``id`` is how provenance entries refer to it."""

    id: str
    title: str
    url: str
    author: str = ""
    note: str = ""

    def to_mapping(self) -> dict[str, str]:
        data = {"title": self.title, "url": self.url}
        if self.author:
            data["author"] = self.author
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class Provenance:
    """Why a rule has its value.

    ``status`` is "stated" (``sources`` name who states it) or "assumed" (the variant's sources are silent; ``basis``
    names the variant or source the value is taken from and ``note`` says why). ``conflict`` records sources that
    disagree, and the choice made.
    """

    status: str
    sources: tuple[str, ...] = ()
    basis: str = ""
    note: str = ""
    conflict: str = ""

    @property
    def stated(self) -> bool:
        return self.status == "stated"

    def to_mapping(self) -> dict[str, Any]:
        data: dict[str, Any] = (
            {"stated": list(self.sources)} if self.stated else {"assumed": self.note, "from": self.basis}
        )
        if self.stated and self.note:
            data["note"] = self.note
        if self.conflict:
            data["conflict"] = self.conflict
        return data


def parse_provenance(entry: Any, sources: Mapping[str, Source], where: str) -> Provenance:
    """Read one provenance entry; raises ``ValueError`` whose text says what is allowed."""
    allowed = {"stated", "assumed", "from", "note", "conflict"}
    if not isinstance(entry, Mapping) or not entry or set(entry) - allowed:
        raise ValueError(
            "expected {stated: [source ids], note: text} or {assumed: why, from: variant or source id}, "
            f"with an optional conflict: text; got {entry!r}"
        )
    texts = {key: entry.get(key, "") for key in ("note", "conflict")}
    for key, text in texts.items():
        if not isinstance(text, str):
            raise ValueError(f"{key}: expected text, got {text!r}")
    if ("stated" in entry) == ("assumed" in entry):
        raise ValueError("expected exactly one of stated or assumed")
    if "stated" in entry:
        ids = entry["stated"]
        if not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"stated: expected a list of source ids, got {ids!r}")
        unknown = [i for i in ids if i not in sources]
        if unknown:
            raise ValueError(f"stated: unknown source {unknown[0]!r}; sources are {', '.join(sorted(sources))}")
        if "from" in entry:
            raise ValueError("from: only an assumed value has a basis")
        return Provenance("stated", tuple(ids), note=texts["note"], conflict=texts["conflict"])
    why, basis = entry["assumed"], entry.get("from", "")
    if not isinstance(why, str) or not why.strip():
        raise ValueError(f"assumed: expected a sentence saying why, got {why!r}")
    if not isinstance(basis, str) or not basis:
        raise ValueError(f"from: expected the variant or source the assumed value is taken from ({where})")
    if "note" in entry:
        raise ValueError("note: an assumed value's reason goes in assumed")
    return Provenance("assumed", basis=basis, note=why.strip(), conflict=texts["conflict"])
