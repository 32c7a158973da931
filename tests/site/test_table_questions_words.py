"""The answers of "Questions at the table" and the round's end, read on the built rule pages against the rules they
word: a player who cannot draw is not told "if you draw", a choice of ours is marked as one, and the helper gives
the page's answer."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from handfoot.cards import parse_cards
from handfoot.rules import _one_open_per_rank, check_go_out, meld_verdict
from handfoot.sheet_form import sheet_form
from handfoot.table_questions import table_questions
from handfoot.words import asking
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
CHOICE = "Not stated by any source we read:"
FOLLOWS = "It follows from the rules above."


def _text(markdown: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markdown)).replace("**", "")


def _section(page: str, heading: str) -> str:
    return _text(page.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0])


def _answer(page: str, question: str) -> str:
    """The answer on the page to ``question``, with the notes after it, up to the next question."""
    questions = _section(page, "Questions at the table")
    return questions.split(question, 1)[1].split("\n\n", 1)[0].strip()


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_player_who_cannot_draw_is_never_told_if_you_draw(pages: dict[str, str], variant_id: str) -> None:
    page = pages[f"rules/{variant_id}.md"]
    variant = VARIANTS[variant_id]
    ending = _section(page, "When the round ends")
    stock = _answer(page, f"I must draw {variant['turn.draw']}.")
    for text in (ending, stock):
        assert "if you draw" not in text
    assert variant["round_end.stock_runs_out"] == "at_draw"
    assert variant["round_end.stock_out"] == "ends_no_bonus"
    said = "you may still take the discard pile if you can; otherwise the round ends; everyone scores what they have"
    assert said in ending
    assert said in stock


def test_a_stock_that_is_shuffled_anew_is_worded_the_same_way() -> None:
    house = VARIANTS["pagat-partnership"].with_changes({"round_end.stock_out": "reshuffle"})
    stock = next(q for q in table_questions(house) if q.key == "stock_short")
    assert "if you draw" not in stock.answer
    assert "take the discard pile if you can; otherwise the discard pile under its top card is shuffled" in stock.answer


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_open_meld_answer_is_marked_as_our_choice(pages: dict[str, str], variant_id: str) -> None:
    """The sources have the top card melded with the pair; none says whether they must make one meld."""
    variant = VARIANTS[variant_id]
    ours = "we" if variant["players.team_size"] > 1 else "I"
    question = f"unfinished meld of the top card's rank. May {ours} take the pile?"
    answer = _answer(pages[f"rules/{variant_id}.md"], question)
    assert FOLLOWS not in answer
    assert f"{CHOICE} whether the top card and the cards taken with it must make one meld. We say they must" in answer


@pytest.mark.parametrize("variant_id", [v for v in sorted(VARIANTS) if VARIANTS[v]["melds.one_open_per_rank"]])
def test_six_nines_open_and_three_in_hand_is_answered_as_the_rules_play_it(
    pages: dict[str, str], variant_id: str
) -> None:
    """The page's case: a meld one card short of a book, a nine on top and three nines in hand. Under our choice the
    pile's cards make one meld, and neither meld they could make is allowed: the open one would pass the book's
    size, a new one would be a second unfinished meld of the rank."""
    variant = VARIANTS[variant_id]
    book = variant["melds.book_size"]
    ours = "we" if variant["players.team_size"] > 1 else "I"
    answer = _answer(pages[f"rules/{variant_id}.md"], f"May {ours} take the pile?")
    assert f"with {book - 1} nines open, a nine on top cannot be taken even by a player holding three more nines" in (
        answer
    )
    assert "a table may instead let the top card close the open meld as a book" in answer
    open_meld, taken = parse_cards(" ".join(["9"] * (book - 1))), parse_cards("9 9 9")
    assert not meld_verdict(variant, open_meld + taken).ok
    assert _one_open_per_rank(variant, [open_meld, taken]) is not None
    # The other reading: the top card closes the book, and 9 9 start the next meld with one more nine.
    assert meld_verdict(variant, open_meld + taken[:1]).ok
    assert meld_verdict(variant, taken).ok


@pytest.mark.parametrize("variant_id", [v for v in sorted(VARIANTS) if VARIANTS[v]["going_out.ask_partner"]])
def test_may_i_go_out_is_asked_with_the_books_on_the_table_on_page_and_helper(
    pages: dict[str, str], variant_id: str
) -> None:
    variant = VARIANTS[variant_id]
    page = pages[f"rules/{variant_id}.md"]
    answer = _answer(page, 'When may I ask "May I go out?"')
    assert "will have them" not in answer
    assert "the books going out needs on the table. You may finish the last of them earlier in the same turn" in answer
    assert f"{CHOICE} whether you may ask before the last book is down" in answer
    assert "how often you may ask" in answer
    # The "Going out" section says the same order: the books on the table, then the question.
    going_out = _section(page, "Going out")
    assert going_out.index("Then, once those books are on the table:") < going_out.index("May I go out?")
    # The helper shows the page's answer, and its "Can we go out?" counts only the books on the table.
    helper = next(q for q in sheet_form(variant)["questions"] if q["key"] == "when_to_ask")
    assert f"{helper['answer']} {helper['note']['title']} {helper['note']['text']}" == answer
    assert asking(variant["players.team_size"])["books"].endswith("on the table")
    needed = variant.books_to_go_out(1)
    one_short = {**needed, next(iter(needed)): needed[next(iter(needed))] - 1}
    assert not check_go_out(variant, 1, one_short, partner_in_foot=True, partner_agrees=True, card_to_discard=True)
    assert check_go_out(variant, 1, needed, partner_in_foot=True, partner_agrees=True, card_to_discard=True)
