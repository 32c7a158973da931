# The rule spec: every rule a variant sets, its type, its allowed values and its words.
# Validation, the rule pages, the comparison table and the configurator's controls all read this one list.
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard

from handfoot.words import format_number, whole_number_words

BUILT_IN_BOOKS = ("clean", "dirty", "wild")
_ID_MOST = 31
_ID = re.compile(rf"^[a-z][a-z0-9_]{{0,{_ID_MOST - 1}}}$")


class SpecProblem(ValueError):
    """A value that does not fit its field: ``why`` says what is allowed and what was given, and ``where`` names the
    part of the value at fault ("sevens.label" in the house books), if any."""

    def __init__(self, why: str, where: str = "") -> None:
        super().__init__(f"{where}: {why}" if where else why)
        self.why, self.where = why, where


def _got(value: Any) -> str:
    return f"got {value!r}" if not isinstance(value, bool) else f"got {str(value).lower()}"


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# The two ways a signed rule counts, as a table says them: the key of each is what the browser's control reads.
DIRECTIONS = (("adds", "adds"), ("costs", "costs"))


@dataclass(frozen=True)
class Sign:
    """How a rule that may be taken off is typed: "adds" or "costs", and an amount with no sign, which a phone's
    numeric keypad can always type (many have no minus key). The value is kept signed. ``usual`` is the direction
    shown while there is no amount (0, or none); ``each`` names what one amount is for ("red three caught"), and
    ``zero`` says what 0 means where it is not simply nothing."""

    usual: str
    each: str
    zero: str = ""

    def control(self, high: int, empty: bool) -> dict[str, Any]:
        words = dict(DIRECTIONS)
        return {
            "directions": [list(pair) for pair in DIRECTIONS],
            "choice": "Which way it counts",
            "usual": self.usual,
            "enter": whole_number_words(0, high, empty=empty),
            "typed": f'Type the amount without \u2212 or +: "{words["adds"]}" or "{words["costs"]}" beside it says '
            "which way it counts.",
            # What the amount does, said at the field as it is typed: {amount} is the amount as the site prints it.
            "words": {
                "adds": f"{words['adds'].capitalize()} {{amount}}: +{{amount}} for each {self.each}.",
                "costs": f"{words['costs'].capitalize()} {{amount}}: \u2212{{amount}} for each {self.each}.",
                "zero": f"0: {self.zero or f'a {self.each} scores nothing'}.",
            },
        }


@dataclass(frozen=True)
class Whole:
    """A whole number in [low, high]; ``null`` (None) allowed when ``none`` names what it means. With ``sign``, a rule
    that may be taken off: from -high to high, typed as a direction and an amount."""

    low: int
    high: int
    none: str = ""
    unit: str = ""
    zero: str = ""  # what 0 means, where it is not a count ("no ratio")
    sign: Sign | None = None

    def __post_init__(self) -> None:
        if self.sign and self.low != -self.high:
            raise ValueError("a signed rule's amount is as large whichever way it counts: low must be -high")

    def describe(self) -> str:
        text = f"a whole number from {self.low} to {self.high}"
        return f"{text}, or null for {self.none}" if self.none else text

    def parse(self, value: Any) -> int | None:
        if value is None and self.none:
            return None
        return self.number(value)

    def number(self, value: Any) -> int:
        """``value`` if it is a whole number in range (never None, whatever ``none`` says)."""
        if not _whole(value) or not self.low <= value <= self.high:
            raise SpecProblem(f"expected {self.describe()}, {_got(value)}")
        return value

    def dump(self, value: Any) -> Any:
        return value

    def show(self, value: Any) -> str:
        if value is None:
            return self.none
        if value == 0 and self.zero:
            return self.zero
        return f"{format_number(value)} {self.unit}".strip()

    def control(self) -> dict[str, Any]:
        control: dict[str, Any] = {
            "type": "whole",
            "min": self.low,
            "max": self.high,
            "none": self.none,
            "enter": whole_number_words(self.low, self.high, empty=bool(self.none)),
        }
        if self.sign:
            control["sign"] = self.sign.control(self.high, empty=bool(self.none))
        return control


@dataclass(frozen=True)
class Flag:
    """Yes or no, shown with the words for each."""

    yes: str = "yes"
    no: str = "no"

    def describe(self) -> str:
        return "true or false"

    def parse(self, value: Any) -> bool:
        if not isinstance(value, bool):
            raise SpecProblem(f"expected true or false, {_got(value)}")
        return value

    def dump(self, value: Any) -> Any:
        return value

    def show(self, value: Any) -> str:
        return self.yes if value else self.no

    def control(self) -> dict[str, Any]:
        return {"type": "flag", "yes": self.yes, "no": self.no}


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of values, each with the words a page shows for it."""

    options: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        return "one of " + ", ".join(key for key, _ in self.options)

    def parse(self, value: Any) -> str:
        if not isinstance(value, str) or value not in dict(self.options):
            raise SpecProblem(f"expected {self.describe()}, {_got(value)}")
        return value

    def dump(self, value: Any) -> Any:
        return value

    def show(self, value: Any) -> str:
        return dict(self.options)[value]

    def control(self) -> dict[str, Any]:
        return {"type": "choice", "options": [list(pair) for pair in self.options]}


@dataclass(frozen=True)
class Several:
    """Any subset of a fixed set of values, kept in the set's order."""

    options: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        return "a list of " + ", ".join(key for key, _ in self.options)

    def parse(self, value: Any) -> tuple[str, ...]:
        allowed = dict(self.options)
        if not isinstance(value, list | tuple) or any(not isinstance(i, str) or i not in allowed for i in value):
            raise SpecProblem(f"expected {self.describe()}, {_got(value)}")
        return tuple(key for key, _ in self.options if key in value)

    def dump(self, value: Any) -> Any:
        return list(value)

    def show(self, value: Any) -> str:
        words = [dict(self.options)[key] for key in value]
        if not words:
            return "none"
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

    def control(self) -> dict[str, Any]:
        return {"type": "several", "options": [list(pair) for pair in self.options]}


@dataclass(frozen=True)
class PerRound:
    """A whole number for each round: one number for every round, or a list with one per round."""

    inner: Whole

    def describe(self) -> str:
        return f"{self.inner.describe()}, or a list of them with one per round"

    def parse(self, value: Any) -> tuple[int, ...]:
        items = value if isinstance(value, list | tuple) else [value]
        if not items:
            raise SpecProblem(f"expected {self.describe()}, got an empty list")
        try:
            return tuple(self.inner.number(item) for item in items)
        except SpecProblem:
            raise SpecProblem(f"expected {self.describe()}, {_got(value)}") from None

    def dump(self, value: Any) -> Any:
        return value[0] if len(value) == 1 else list(value)

    def show(self, value: Any) -> str:
        if len(set(value)) == 1:
            return f"{self.inner.show(value[0])} every round"
        return " / ".join(self.inner.show(item) for item in value)

    def control(self) -> dict[str, Any]:
        return {"type": "per_round", "item": self.inner.control()}


_BOOKS_MOST = 20


@dataclass(frozen=True)
class BookCounts:
    """Books of each kind, for each round: ``{clean: 2, dirty: 2, wild: 1}`` or a list of those, one per round."""

    def describe(self) -> str:
        return (
            f"a mapping of book kind to a whole number from 0 to {_BOOKS_MOST} (for example {{clean: 2, dirty: 2}}), "
            "or a list of them with one per round"
        )

    def parse(self, value: Any) -> tuple[tuple[tuple[str, int], ...], ...]:
        items = value if isinstance(value, list | tuple) else [value]
        if not items:
            raise SpecProblem(f"expected {self.describe()}, got an empty list")
        return tuple(self._one(item) for item in items)

    def _one(self, item: Any) -> tuple[tuple[str, int], ...]:
        if not isinstance(item, Mapping):
            raise SpecProblem(f"expected {self.describe()}, {_got(item)}")
        pairs = []
        for kind, count in item.items():
            if not isinstance(kind, str) or not _ID.match(kind):
                raise SpecProblem(f"expected book kinds such as clean, dirty or wild, got {kind!r}")
            if not _whole(count) or not 0 <= count <= _BOOKS_MOST:
                raise SpecProblem(f"{kind}: expected a whole number from 0 to {_BOOKS_MOST}, {_got(count)}")
            if count:
                pairs.append((kind, count))
        return tuple(sorted(pairs, key=lambda pair: _book_order(pair[0])))

    def dump(self, value: Any) -> Any:
        dumped = [dict(item) for item in value]
        return dumped[0] if len(dumped) == 1 else dumped

    def show(self, value: Any) -> str:
        if len(set(value)) == 1:
            return f"{books_phrase(value[0])}, every round"
        return " / ".join(books_phrase(item) for item in value)

    def control(self) -> dict[str, Any]:
        return {"type": "book_counts", "item": Whole(0, _BOOKS_MOST).control()}


@dataclass(frozen=True)
class ScoreLadder:
    """Opening minimums set by the team's running score: ``[[0, 50], [2500, 90], ...]``, or null when unused."""

    def describe(self) -> str:
        return "null, or a list of [from score, minimum] pairs with rising scores, starting at 0"

    def parse(self, value: Any) -> tuple[tuple[int, int], ...] | None:
        if value is None:
            return None
        problem = SpecProblem(f"expected {self.describe()}, {_got(value)}")
        if not isinstance(value, list | tuple) or not value:
            raise problem
        steps = []
        for step in value:
            if not isinstance(step, list | tuple) or len(step) != 2 or not all(_whole(n) and n >= 0 for n in step):
                raise problem
            steps.append((step[0], step[1]))
        scores = [score for score, _ in steps]
        if scores[0] != 0 or scores != sorted(set(scores)):
            raise problem
        return tuple(steps)

    def dump(self, value: Any) -> Any:
        return None if value is None else [list(step) for step in value]

    def show(self, value: Any) -> str:
        if value is None:
            return "not used"
        return "; ".join(f"from {format_number(score)}: {format_number(minimum)}" for score, minimum in value)

    def control(self) -> dict[str, Any]:
        example = "0: 50, 2500: 90"
        return {
            "type": "score_ladder",
            "problem": f"Write score: minimum pairs, such as {example}.",
            "help": f"Score: minimum pairs, such as {example}. Leave it empty to use the minimums per round.",
        }


_EXTRA_BOOK_MAX = 10000
_LABEL_MOST = 40


# What a house book may count as toward the books needed to go out, besides its own kind.
COUNTS_AS = (("", "only as itself"), ("clean", "a clean book"), ("dirty", "a dirty book"))


@dataclass(frozen=True)
class ExtraBook:
    """A house book kind: its id, the label pages use ("sevens"), its bonus, and the built-in kind it also counts as
    toward going out ("" for none)."""

    id: str
    label: str
    value: int
    counts_as: str = ""


@dataclass(frozen=True)
class ExtraBooks:
    """House book kinds beyond clean, dirty and wild: ``{sevens: {label: sevens, value: 1500}}``, with an optional
    ``counts_as: clean`` (or ``dirty``) for a house book that also counts as one of those toward going out.

    A label names the kind the way "clean" and "dirty" do, so that pages can say "1 sevens book" and "Sevens books".
    """

    def describe(self) -> str:
        return (
            f"a mapping of book id to {{label: text, value: whole number from 0 to {_EXTRA_BOOK_MAX}}}, "
            "with an optional counts_as: clean or dirty"
        )

    def parse(self, value: Any) -> tuple[ExtraBook, ...]:
        if not isinstance(value, Mapping):
            raise SpecProblem(f"expected {self.describe()}, {_got(value)}")
        return tuple(self._one(kind, spec) for kind, spec in value.items())

    def _one(self, kind: Any, spec: Any) -> ExtraBook:
        if not isinstance(kind, str) or not _ID.match(kind) or kind in BUILT_IN_BOOKS:
            raise SpecProblem(f"expected a new lower-case book id (not clean, dirty or wild), got {kind!r}")
        if not isinstance(spec, Mapping) or not {"label", "value"} <= set(spec) <= {"label", "value", "counts_as"}:
            raise SpecProblem(
                f"{kind}: expected {{label: text, value: whole number, counts_as: optional}}, {_got(spec)}"
            )
        label, points, counts_as = spec["label"], spec["value"], spec.get("counts_as", "")
        if not isinstance(label, str) or not 0 < len(label.strip()) <= _LABEL_MOST:
            raise SpecProblem(f"expected text of 1 to {_LABEL_MOST} characters, {_got(label)}", f"{kind}.label")
        if re.search(r"\bbooks?\b", label, re.IGNORECASE):
            raise SpecProblem(
                f"expected the kind's name without the word book, as pages add it "
                f'(sevens reads "1 sevens book"), {_got(label)}',
                f"{kind}.label",
            )
        if not _whole(points) or not 0 <= points <= _EXTRA_BOOK_MAX:
            raise SpecProblem(f"expected a whole number from 0 to {_EXTRA_BOOK_MAX}, {_got(points)}", f"{kind}.value")
        if counts_as not in dict(COUNTS_AS):
            allowed = ", ".join(key for key, _ in COUNTS_AS if key)
            raise SpecProblem(f"expected {allowed}, or no counts_as, {_got(counts_as)}", f"{kind}.counts_as")
        return ExtraBook(kind, label.strip(), points, counts_as)

    def dump(self, value: Any) -> Any:
        return {
            book.id: {
                "label": book.label,
                "value": book.value,
                **({"counts_as": book.counts_as} if book.counts_as else {}),
            }
            for book in value
        }

    def show(self, value: Any) -> str:
        if not value:
            return "none"
        return "; ".join(
            f"{book.label}: {format_number(book.value)}"
            + (f", counting as {dict(COUNTS_AS)[book.counts_as]} toward going out" if book.counts_as else "")
            for book in value
        )

    def control(self) -> dict[str, Any]:
        # A book's id is made from its label in the browser: lower-case letters, digits and "_", as _ID allows.
        return {
            "type": "extra_books",
            "max": _EXTRA_BOOK_MAX,
            "value": Whole(0, _EXTRA_BOOK_MAX).control(),
            "label_most": _LABEL_MOST,
            "id_most": _ID_MOST,
            "counts_as": [list(pair) for pair in COUNTS_AS],
        }


FieldType = Whole | Flag | Choice | Several | PerRound | BookCounts | ScoreLadder | ExtraBooks


@dataclass(frozen=True)
class Field:
    """One rule: its dotted key path, its type and the words pages use for it."""

    path: str
    type: FieldType
    label: str
    scoring: bool = False
    often_changed: bool = False
    help: str = ""
    # For a rule added after games were saved, what a saved mapping without it reads as: cases tried in order, each
    # (path, value, result) giving result when the rule at path has that value, and (None, None, result) always.
    # The keeper in the browser reads the same cases, from the spec's JSON.
    saved_before: tuple[tuple[str | None, Any, Any], ...] = ()
    # The label where everyone plays alone, for a label that speaks of teams or partners.
    alone_label: str = ""

    def label_for(self, team_size: int) -> str:
        return self.alone_label if team_size == 1 and self.alone_label else self.label

    def value_saved_before(self, rules: Mapping[str, Any]) -> Any:
        return next(result for path, value, result in self.saved_before if path is None or rules[path] == value)

    @property
    def section(self) -> str:
        return self.path.split(".", 1)[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "section": self.section,
            "label": self.label,
            "help": self.help,
            "scoring": self.scoring,
            "often_changed": self.often_changed,
            "describe": self.type.describe(),
            "control": self.type.control(),
            "saved_before": [list(case) for case in self.saved_before] or None,
        }


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    fields: tuple[Field, ...] = field(default=())


def _book_order(kind: str) -> tuple[int, str]:
    return (BUILT_IN_BOOKS.index(kind), kind) if kind in BUILT_IN_BOOKS else (len(BUILT_IN_BOOKS), kind)


def books_phrase(counts: Sequence[tuple[str, int]], labels: Mapping[str, str] | None = None) -> str:
    """Book counts in words: ``2 clean, 2 dirty and 1 wild book`` (labels name house book kinds)."""
    labels = labels or {}
    parts = [f"{count} {labels.get(kind, kind)}" for kind, count in counts]
    if not parts:
        return "no books"
    noun = "book" if counts[-1][1] == 1 else "books"
    return (parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]) + f" {noun}"


_POINTS = Whole(0, 10000, unit="points")
_CARD = Whole(0, 500)
_SIGNED_MOST = 2000


def _signed(usual: str, each: str, none: str = "", zero: str = "") -> Whole:
    return Whole(-_SIGNED_MOST, _SIGNED_MOST, none=none, sign=Sign(usual, each, zero))


FIELDS: tuple[Field, ...] = (
    Field("players.count", Whole(2, 12), "Number of players", often_changed=True),
    Field(
        "players.team_size",
        Whole(1, 4),
        "Players in each team",
        help="1 means everyone plays alone.",
        alone_label="Players playing together",
    ),
    Field("decks.count", Whole(1, 12), "Decks", often_changed=True),
    Field("decks.jokers", Whole(0, 4), "Jokers in each deck"),
    Field(
        "decks.more_than_players",
        Whole(0, 3, none="not tied to the number of players", unit="more than the players"),
        "Decks for another number of players",
        help="1 means one deck more than there are players: 5 decks for 4 players, 7 for 6. Empty when the rules "
        "do not say.",
        saved_before=((None, None, None),),
    ),
    Field("deal.hand_size", Whole(5, 30), "Cards in the hand", often_changed=True),
    Field("deal.foot_size", Whole(5, 30), "Cards in the foot", often_changed=True),
    Field(
        "deal.growth",
        Whole(0, 4),
        "Cards added to every hand and foot each round",
        help="0 for the same deal every round; 2 deals 11 and 11, then 13 and 13, 15 and 15, 17 and 17.",
    ),
    Field(
        "deal.method",
        Choice(
            (
                ("dealt", "dealt out by the players"),
                ("self_cut", "each player cuts about a hand and a foot from the stock and counts them out"),
                (
                    "cut_pass_foot",
                    "each player cuts about a hand and a foot and counts them into two piles, keeps the left one as "
                    "the hand and passes the right one to the player on the right, as their foot",
                ),
            )
        ),
        "How the hands and feet are dealt",
    ),
    Field(
        "deal.exact_cut_bonus",
        Whole(0, 1000, unit="points"),
        "Bonus for cutting exactly a hand and a foot",
        scoring=True,
        help="0 when there is no such bonus.",
    ),
    Field(
        "deal.upcard_buried",
        Several(
            (("red_three", "a red three"), ("two", "a two"), ("joker", "a joker"), ("black_three", "a black three"))
        ),
        "The first upcard is buried and another turned when it is",
    ),
    Field(
        "turn.first_player",
        Choice(
            (
                ("dealer_left", "the player to the dealer's left"),
                ("hand_dealer_left", "the player to the left of the partner who dealt the hands"),
                ("agreed", "nobody deals, so the players agree who starts"),
            )
        ),
        "Who plays first",
        saved_before=(("deal.method", "dealt", "dealer_left"), (None, None, "agreed")),
    ),
    Field(
        "turn.next_round",
        Choice(
            (
                ("left", "the deal passes one seat to the left; where nobody deals, so does the first turn"),
                (
                    "went_out",
                    "the player who went out deals it, or plays first where nobody deals; after a round nobody went "
                    "out, it passes one seat to the left",
                ),
            )
        ),
        "Who deals, or starts, the next round",
        saved_before=((None, None, "left"),),
    ),
    Field("turn.draw", Whole(1, 4), "Cards drawn from the stock each turn"),
    Field(
        "turn.red_threes_dealt",
        Choice(
            (
                (
                    "before_play",
                    "laid down once the upcard is turned, before the first turn, player by player in turn order, "
                    "each replaced",
                ),
                ("own_turn", "laid down by each player at the start of their first turn, each replaced"),
            )
        ),
        "Red threes in a hand as dealt",
        help="Where red threes are laid down: when those of a dealt hand go down and are replaced from the stock.",
        saved_before=((None, None, "before_play"),),
    ),
    Field("pile.take", Whole(1, 300, none="the whole pile"), "Cards taken from the discard pile", often_changed=True),
    Field(
        "pile.blocked_by",
        Choice((("any_three", "any three"), ("black_three", "a black three"))),
        "The pile cannot be taken when its top card is",
    ),
    Field("pile.cards_needed", Whole(1, 3), "Natural cards of the top card's rank you must hold"),
    Field(
        "pile.wild_top",
        Choice(
            (
                (
                    "matching_wild_pair",
                    "only with two matching wild cards (two jokers for a joker, two twos for a two)",
                ),
                ("never", "never"),
            )
        ),
        "A wild card on top can be taken",
    ),
    Field(
        "pile.needs_team_meld",
        Flag(
            "only as its first meld: the top card and cards from the hand reach the round's minimum",
            "with the cards the pile needs alone: the minimum counts only melds from the hand",
        ),
        "A team that has not melded may take the pile",
        alone_label="A player who has not melded may take the pile",
    ),
    Field("pile.only_from_foot", Flag("only a player playing from the foot", "anyone"), "Who may take the pile"),
    Field(
        "pile.red_three_taken",
        Choice(
            (
                ("replaced", "laid down by the player who took it, who draws a replacement from the stock"),
                ("not_replaced", "laid down by the player who took it, with no replacement"),
            )
        ),
        "A red three taken with the discard pile",
        help="It happens only where a red first upcard is left on the pile and red threes are laid down.",
        saved_before=((None, None, "replaced"),),
    ),
    Field("melds.min_size", Whole(3, 5, unit="cards"), "Smallest meld"),
    Field("melds.book_size", Whole(5, 10, unit="cards"), "Cards in a book"),
    Field(
        "melds.grow_past_book",
        Flag("a book may grow past its size", "a meld is closed when it reaches book size"),
        "Melds past book size",
    ),
    Field(
        "melds.wild_ratio",
        Whole(0, 4, zero="no ratio: only the other limits on wild cards"),
        "Natural cards needed for each wild card",
        help="2 means at least twice as many natural cards as wild cards; 0 means no ratio.",
    ),
    Field("melds.min_naturals", Whole(1, 7, unit="cards"), "Natural cards a meld needs before it may take a wild card"),
    Field("melds.max_wilds", Whole(1, 9, none="no fixed limit"), "Most wild cards in one meld"),
    Field(
        "melds.one_open_per_rank",
        Flag("only one unfinished meld of a rank at a time", "several unfinished melds of a rank"),
        "Unfinished melds of one rank",
    ),
    Field(
        "melds.book_marking",
        Choice(
            (
                (
                    "top_card",
                    "squared up with a red card on top if clean, a black card if dirty, and a joker (or a two) if wild",
                ),
                ("wild_turned", "squared up with a red card on top if clean; a dirty book shows one wild card turned"),
            )
        ),
        "How a finished book is marked",
        saved_before=((None, None, "top_card"),),
    ),
    Field("books.clean", _POINTS, "Clean book", scoring=True, often_changed=True),
    Field("books.dirty", _POINTS, "Dirty book", scoring=True, often_changed=True),
    Field(
        "books.wild",
        Whole(0, 10000, none="no wild book: a meld may not be all wild cards", unit="points"),
        "Wild book",
        scoring=True,
    ),
    Field("books.extra", ExtraBooks(), "House books", scoring=True),
    Field("card_values.joker", _CARD, "Joker", scoring=True),
    Field("card_values.two", _CARD, "Two", scoring=True),
    Field("card_values.ace", _CARD, "Ace", scoring=True),
    Field("card_values.high", _CARD, "Eight to king", scoring=True),
    Field("card_values.low", _CARD, "Four to seven", scoring=True),
    Field("card_values.black_three", _CARD, "Black three, left in hand or foot", scoring=True),
    Field(
        "card_values.eight",
        Choice((("high", "with nine to king"), ("low", "with four to seven"))),
        "Eights count",
        scoring=True,
    ),
    Field(
        "card_values.nine",
        Choice((("high", "with ten to king"), ("low", "with four to eight"))),
        "Nines count",
        scoring=True,
        help="Some tables count nines with the low cards, which needs eights counted low too.",
        saved_before=((None, None, "high"),),
    ),
    Field(
        "opening.minimums",
        PerRound(Whole(0, 1000)),
        "First-meld minimum",
        scoring=True,
        help="Card points a team's first meld of the round must reach.",
    ),
    Field(
        "opening.by_score",
        ScoreLadder(),
        "First-meld minimum by the team's score",
        scoring=True,
        help="When set, it replaces the minimums per round.",
        alone_label="First-meld minimum by the player's score",
    ),
    Field(
        "opening.books_needed",
        PerRound(Whole(0, 2)),
        "Complete books the first meld must include",
        help="0 in most rounds; some tables ask for a whole book in a last round.",
    ),
    Field(
        "opening.pile_rest_counts",
        Flag("yes", "no: only the top card and cards from the hand count"),
        "Cards picked up under the top card count toward the minimum",
    ),
    Field(
        "threes.red_laid_down",
        Flag(
            "laid face up at once and replaced from the stock",
            "never laid down: kept like any card, and counted only when still held at the end",
        ),
        "What becomes of a red three you find",
        saved_before=((None, None, True),),
    ),
    Field(
        "threes.red_laid",
        _signed("adds", "red three on the table"),
        "Red three laid down",
        scoring=True,
        often_changed=True,
    ),
    Field(
        "threes.red_laid_not_out",
        _signed("adds", "red three laid down", none="the same as when it went out"),
        "Red three laid down by a team that did not go out",
        scoring=True,
        alone_label="Red three laid down by a player who did not go out",
    ),
    Field(
        "threes.red_caught",
        _signed("costs", "red three caught"),
        "Red three caught in hand or foot",
        scoring=True,
        often_changed=True,
    ),
    Field(
        "threes.red_caught_in_foot",
        _signed("costs", "red three in an unplayed foot", none="the same as in the hand"),
        "Red three caught in an unplayed foot",
        scoring=True,
    ),
    Field(
        "threes.black_caught_in_foot",
        _signed("costs", "black three in an unplayed foot", none="the same as in the hand"),
        "Black three caught in an unplayed foot",
        scoring=True,
        saved_before=((None, None, None),),
    ),
    Field(
        "threes.black_out",
        _signed("adds", "black three laid down going out", zero="black threes are never laid down going out"),
        "Black three laid down when going out",
        scoring=True,
    ),
    Field(
        "foot.continue_when_melded_out",
        Flag("pick up the foot and play on in the same turn", "pick up the foot on the next turn"),
        "After melding your whole hand",
    ),
    Field(
        "foot.announce",
        Flag("say that you are playing your foot", "nothing to say"),
        "Picking up your foot",
        saved_before=((None, None, False),),
    ),
    Field("going_out.books", BookCounts(), "Books needed to go out", scoring=True, often_changed=True),
    Field(
        "going_out.ask_partner",
        Flag("yes", "no"),
        "Ask your partner's permission to go out",
        alone_label="Ask a partner's permission to go out (no partner when playing alone)",
    ),
    Field(
        "going_out.partner_in_foot",
        Flag("yes", "no"),
        "Your partner must have played from their foot",
        alone_label="A partner must have played from their foot (no partner when playing alone)",
    ),
    Field(
        "going_out.final_discard",
        Choice((("optional", "optional"), ("required", "required"))),
        "A final discard when going out is",
    ),
    Field("going_out.bonus", PerRound(Whole(0, 5000, unit="points")), "Going out", scoring=True, often_changed=True),
    Field(
        "round_end.stock_out",
        Choice(
            (
                (
                    "ends_no_bonus",
                    "the round ends; everyone scores what they have, with no going-out bonus",
                ),
                ("reshuffle", "the discard pile under its top card is shuffled into a new stock"),
            )
        ),
        "When the stock cannot supply a draw",
    ),
    Field(
        "round_end.stock_runs_out",
        Choice(
            (
                (
                    "at_draw",
                    "when a player must draw from it, a red three's replacement included: a player facing a stock "
                    "too short for the draw may still take the discard pile instead",
                ),
                (
                    "at_turn_start",
                    "as soon as a player's turn starts with too few cards in it for the draw, or a red three's "
                    "replacement cannot be drawn: the discard pile can no longer be taken instead",
                ),
            )
        ),
        "When the stock counts as run out",
        saved_before=((None, None, "at_draw"),),
    ),
    Field(
        "round_end.reshuffle_stock_left",
        Choice(
            (
                ("shuffled_in", "shuffled in with the discard pile's cards"),
                ("drawn_first", "put on top of the new stock, to be drawn first"),
            )
        ),
        "Cards still in the stock when the discard pile makes a new stock",
        help="Only where the discard pile is shuffled into a new stock when the stock runs out.",
        saved_before=((None, None, "shuffled_in"),),
    ),
    Field("rounds.count", Whole(1, 10, none="play until a team reaches the target score"), "Rounds", scoring=True),
    Field("rounds.target_score", Whole(1000, 100000, none="no target", unit="points"), "Target score", scoring=True),
)

SECTIONS: tuple[Section, ...] = tuple(
    Section(key, title, tuple(f for f in FIELDS if f.section == key))
    for key, title in (
        ("players", "Players"),
        ("decks", "Cards"),
        ("deal", "The deal"),
        ("turn", "Your turn"),
        ("pile", "Picking up the discard pile"),
        ("melds", "Melds and books"),
        ("books", "Book values"),
        ("card_values", "Card values"),
        ("opening", "The first meld"),
        ("threes", "Red threes"),
        ("foot", "Moving to your foot"),
        ("going_out", "Going out"),
        ("round_end", "When the round ends"),
        ("rounds", "Rounds"),
    )
)

FIELDS_BY_PATH: dict[str, Field] = {f.path: f for f in FIELDS}
assert {f.path for s in SECTIONS for f in s.fields} == set(FIELDS_BY_PATH), "every field belongs to a section"


class RulesByPath(Protocol):
    """Rule values by spec path: a ``Variant``, or any mapping of path to value."""

    def __getitem__(self, path: str, /) -> Any: ...


def spec_to_json() -> list[dict[str, Any]]:
    """The spec as JSON-ready data for the browser: sections with their fields and controls."""
    return [{"key": s.key, "title": s.title, "fields": [f.to_json() for f in s.fields]} for s in SECTIONS]
