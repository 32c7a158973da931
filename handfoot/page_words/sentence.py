"""One paragraph, list item or table cell of a rule page in handfoot's words, with the rules it words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    """What the page prints, and the rules whose not-stated marks and notes go with it (by spec path): only those
    its words rest on under these rules, so a rule it leaves out is never marked."""

    text: str
    rules: tuple[str, ...] = ()
