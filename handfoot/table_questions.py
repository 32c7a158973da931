# Questions a table asks that no single rule words, answered from the rules of one version. The rule pages print
# them and the rule helper shows them, so both give the same answer with the same standing.
from __future__ import annotations

from dataclasses import dataclass

from handfoot.rule_sentences import stock_short_answer
from handfoot.variant import Variant
from handfoot.words import format_number


@dataclass(frozen=True)
class Note:
    """Why an answer carries a mark: its bold lead and the rest."""

    title: str
    text: str


@dataclass(frozen=True)
class TableAnswer:
    """A question and its answer. ``rules`` are the spec paths that decide it, whose marks the answer carries;
    ``note`` says where no source words the answer itself."""

    key: str
    question: str
    answer: str
    rules: tuple[str, ...] = ()
    note: Note | None = None


FOLLOWS = Note("Not stated in these words by any source we read.", "It follows from the rules above.")


def _stock_short(variant: Variant) -> TableAnswer:
    draw = variant["turn.draw"]
    question = (
        f"The stock holds one card and I must draw {draw}." if draw > 1 else "The stock is empty and I must draw."
    )
    answer = f"The stock cannot supply the cards, so {stock_short_answer(variant)}."
    rules: tuple[str, ...] = ("round_end.stock_out", "round_end.stock_runs_out")
    if variant["round_end.stock_out"] == "reshuffle":
        rules += ("round_end.reshuffle_stock_left",)
    return TableAnswer("stock_short", question, answer, rules)


def _open_meld_of_rank(variant: Variant, team: bool) -> TableAnswer:
    question = (
        f"{'Our team already has' if team else 'I already have'} an unfinished meld of the top card's rank. "
        f"May {'we' if team else 'I'} take the pile?"
    )
    book = variant["melds.book_size"]
    if variant["melds.one_open_per_rank"]:
        answer = (
            "Yes, if the top card and the natural cards the pile needs can go onto that meld: a second unfinished "
            "meld of the rank is not allowed, so they cannot start one."
        )
        if not variant["melds.grow_past_book"]:
            answer += (
                f" If they would take it past {book} cards, the pile cannot be taken that way: with "
                f"{book - 1} nines open, a nine on top cannot be taken even by a player holding three more nines."
            )
        note = Note(
            "Not stated by any source we read:",
            "whether the top card and the cards taken with it must make one meld. We say they must, as the sources "
            "have them laid down together; a table may instead let the top card close the open meld as a book and "
            "the others start the next meld of the rank, since a second meld may start once the first is a book.",
        )
    else:
        fits = "" if variant["melds.grow_past_book"] else f" if they fit within {book} cards"
        answer = (
            "Yes: the top card and the natural cards the pile needs may start a new meld of the rank, or go onto the "
            f"one already there{fits}."
        )
        note = Note(
            "Not stated by any source we read:",
            "whether the top card and the cards taken with it must make one meld. We say they must, as the sources "
            "have them laid down together.",
        )
    return TableAnswer("open_meld_of_rank", question, answer, note=note)


def _meld_the_pickup() -> TableAnswer:
    return TableAnswer(
        "meld_the_pickup",
        "May I meld the other cards I picked up in the same turn?",
        "Yes: taking the pile is your draw, and you meld after it, before your discard.",
        note=FOLLOWS,
    )


def _when_to_ask(team: bool) -> TableAnswer:
    return TableAnswer(
        "when_to_ask",
        'When may I ask "May I go out?"',
        f"On your turn, once {'your team has' if team else 'you have'} the books going out needs on the table. You "
        "may finish the last of them earlier in the same turn, then ask.",
        note=Note(
            "Not stated by any source we read:",
            "whether you may ask before the last book is down, meaning to finish it as you go out. We say no: the "
            "sources list the books before the question, and your partner answers from the table. Nor how often you "
            'may ask; we set no limit, and a "no" holds for that turn.',
        ),
    )


def _black_three_upcard(variant: Variant) -> TableAnswer:
    if "black_three" in variant["deal.upcard_buried"]:
        answer = "It is buried in the stock and another card turned."
    else:
        answer = (
            "It is not buried: it stays on the pile, and the first player cannot take the pile, so draws from the "
            "stock."
        )
    return TableAnswer("black_three_upcard", "The first upcard is a black three.", answer, ("deal.upcard_buried",))


def _red_three_on_pile(variant: Variant) -> TableAnswer:
    answer = "Red threes are never laid down here, so one can be discarded. "
    if variant["pile.blocked_by"] == "any_three":
        answer += "Like any three it blocks the pile."
    else:
        answer += "Threes cannot be melded, so it cannot be taken: draw from the stock."
    return TableAnswer("red_three_on_pile", "A red three lies on top of the pile.", answer, note=FOLLOWS)


def _house_books(variant: Variant) -> TableAnswer:
    said = []
    for book in variant["books.extra"]:
        counts = f", and counts as a {book.counts_as} book toward going out" if book.counts_as else ""
        said.append(
            f"A {book.label} book scores {format_number(book.value)} in place of the clean or dirty bonus{counts}."
        )
    return TableAnswer(
        "house_books",
        "What may a house book hold, and does it score as well as a clean or dirty one?",
        " ".join(said),
        note=Note("A house rule:", "your table says what such a book may hold."),
    )


def table_questions(variant: Variant) -> tuple[TableAnswer, ...]:
    """The questions that fit this version, each answered from its rules, in the order a round meets them."""
    team = variant["players.team_size"] > 1
    answers = [_stock_short(variant), _open_meld_of_rank(variant, team), _meld_the_pickup()]
    if variant["going_out.ask_partner"]:
        answers.append(_when_to_ask(team))
    answers.append(_black_three_upcard(variant))
    if not variant["threes.red_laid_down"]:
        answers.append(_red_three_on_pile(variant))
    if variant["books.extra"]:
        answers.append(_house_books(variant))
    return tuple(answers)
