"""The table's questions the rule helper is tested with, and handfoot's own answers to them in CPython.

Each question is answered in the browser by tapping cards (tests/test_helper.py) and here by calling handfoot, and
the two must agree. The seeds' examples are among them: 9 9 9 2 opens round 1 (50 points), seven sixes do not (35).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import handfoot
from handfoot import Variant
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
HOUSE = "house"
# A table's own rules, as the configurator shares them: Pagat partnership with four house rules.
HOUSE_DRAFT: dict[str, Any] = {
    "v": 1,
    "base": "pagat-partnership",
    "name": "Grandma's table",
    "changes": {
        "pile.cards_needed": 3,
        "pile.wild_top": "never",
        "melds.min_size": 4,
        "opening.by_score": [[0, 50], [2500, 90], [5000, 120]],
    },
}


def house_variant() -> Variant:
    """The table's rules as handfoot puts them on their base, as the browser's link holds them."""
    return VARIANTS[HOUSE_DRAFT["base"]].with_changes(HOUSE_DRAFT["changes"], name=HOUSE_DRAFT["name"])


def rules_of(key: str) -> Variant:
    return house_variant() if key == HOUSE else VARIANTS[key]


# The helper's questions beyond the books before going out, by the rule that asks each.
GOING_OUT_ASKS = {
    "going_out.partner_in_foot": "partner_in_foot",
    "going_out.ask_partner": "partner_agrees",
    "going_out.final_discard": "card_to_discard",
}


@dataclass(frozen=True)
class Question:
    """One question as a player puts it: ``kind`` is the helper's tab ("meld", "pile", "opening" or "out")."""

    rules: str
    kind: str
    cards: str = ""
    top: str = ""
    hand: str = ""
    melded: bool = True
    round: int = 1
    melds: tuple[str, ...] = ()
    pile_top: str = ""
    team_score: int = 0
    books: dict[str, int] = field(default_factory=dict)
    # "Can we go out?": the answers beyond the books ("partner_in_foot", "partner_agrees", "card_to_discard"), each
    # yes unless given; only those the rules ask are put.
    said: dict[str, bool] = field(default_factory=dict)

    def going_out_answers(self) -> dict[str, bool]:
        asked = handfoot.sheet_form(rules_of(self.rules))["going_out_asks"]
        return {key: self.said.get(key, True) for path, key in GOING_OUT_ASKS.items() if path in asked}

    def answer(self) -> handfoot.Verdict:
        """handfoot's verdict in CPython."""
        variant = rules_of(self.rules)
        if self.kind == "meld":
            return handfoot.check_meld(variant, self.cards)
        if self.kind == "pile":
            return handfoot.check_pickup(
                variant,
                self.top,
                self.hand,
                team_has_melded=self.melded,
                round=None if self.melded else self.round,
                team_score=self.team_score,
            )
        if self.kind == "opening":
            return handfoot.check_opening(
                variant, self.round, list(self.melds), pile_top=self.pile_top or None, team_score=self.team_score
            )
        return handfoot.check_go_out(variant, self.round, self.books, **self.going_out_answers())

    def call(self) -> list[Any]:
        """The call the rule helper makes to handfoot's bridge for this question (helper/*_question.mjs)."""
        mapping = rules_of(self.rules).to_mapping()
        if self.kind == "meld":
            return ["check_meld", mapping, self.cards]
        if self.kind == "pile":
            asked: dict[str, Any] = {"team_has_melded": self.melded, "playing_from_foot": True}
            if not self.melded:
                asked.update(round=self.round, team_score=self.team_score)
            return ["check_pickup", mapping, self.top, self.hand, asked]
        if self.kind == "opening":
            options: dict[str, Any] = {"team_score": self.team_score}
            if self.pile_top:
                options["pile_top"] = self.pile_top
            return ["check_opening", mapping, self.round, list(self.melds), options]
        return ["check_go_out", mapping, self.round, self.books, self.going_out_answers()]

    def __str__(self) -> str:
        asked = {"meld": self.cards, "pile": f"{self.top} over {self.hand or 'nothing'}"}.get(self.kind)
        if self.kind == "pile" and not self.melded:
            asked += f", not melded, round {self.round}"
        if self.kind == "opening":
            asked = f"round {self.round}: {' + '.join(self.melds)}" + (
                f", top {self.pile_top}" if self.pile_top else ""
            )
        if self.kind == "out":
            asked = f"round {self.round}: {self.books}" + (f", {self.said}" if self.said else "")
        return f"{self.rules} {self.kind} {asked}"


def _each_version(key: str) -> list[Question]:
    needed = VARIANTS[key].books_to_go_out(1)
    short = dict(needed, clean=needed["clean"] - 1)
    return [
        Question(key, "meld", cards="9 9 9 2"),
        Question(key, "meld", cards="2 2 JK"),
        Question(key, "pile", top="2", hand="2 2"),
        Question(key, "pile", top="9", hand="9 9"),
        # Issue 37: a team that has not melded takes the pile as its first meld, 15 of 50 is not enough, 60 is.
        Question(key, "pile", top="5", hand="5 5", melded=False),
        Question(key, "pile", top="A", hand="A A", melded=False),
        Question(key, "opening", melds=("9 9 9 2",)),
        Question(key, "out", books=dict(needed)),
        Question(key, "out", books=short),
    ]


PAGAT = "pagat-partnership"
QUESTIONS: list[Question] = [
    *_each_version(PAGAT),
    Question(PAGAT, "meld", cards="9 9"),
    Question(PAGAT, "meld", cards="9 9 2 2"),
    Question(PAGAT, "meld", cards="9 9 9 9 9 9 9 9"),
    Question(PAGAT, "meld", cards="3H 3H 3H"),
    Question(PAGAT, "meld", cards="9 9 8"),
    Question(PAGAT, "pile", top="9", hand="9 2"),
    Question(PAGAT, "pile", top="3S", hand="9 9"),
    Question(PAGAT, "pile", top="JK", hand="JK"),
    Question(PAGAT, "opening", melds=("6 6 6 6 6 6 6",)),
    Question(PAGAT, "opening", round=2, melds=("K K K", "9 9 9 2")),
    Question(PAGAT, "opening", round=2, melds=("K K K K", "9 9 9 2")),
    Question(PAGAT, "opening", melds=("9 9 2",), pile_top="9"),
    Question(PAGAT, "out", round=4, books={"clean": 2, "dirty": 2, "wild": 0}),
    # Issue 37, item 3: going out asks what the rules need beyond the books.
    Question(PAGAT, "out", books={"clean": 2, "dirty": 2, "wild": 1}, said={"partner_in_foot": False}),
    Question(PAGAT, "out", books={"clean": 2, "dirty": 2, "wild": 1}, said={"partner_agrees": False}),
    Question("bicycle", "out", books={"clean": 1, "dirty": 1}, said={"card_to_discard": False}),
    *(question for key in ("bicycle", "brouillette", "saskatchewan", "simpson") for question in _each_version(key)),
    Question("bicycle", "opening", melds=("6 6 6 6 6 6 6",)),
    Question("simpson", "pile", top="3H", hand=""),
    Question(HOUSE, "meld", cards="9 9 9"),
    Question(HOUSE, "meld", cards="9 9 9 2"),
    Question(HOUSE, "pile", top="9", hand="9 9"),
    Question(HOUSE, "pile", top="9", hand="9 9 9", melded=False, team_score=3000),
    Question(HOUSE, "pile", top="2", hand="2 2"),
    Question(HOUSE, "opening", melds=("A A A A", "K K K K"), team_score=3000),
    Question(HOUSE, "opening", melds=("A A A A", "K K K K"), team_score=0),
]
