"""The rule pages read as a table plays: every step a player takes is there (the deal at every table the sources allow,
which stock pile to draw from, when red threes go down), each said of the right person, with its anchor on its own
sentence and its standing marked. Each test reads the built page against the seeds and the rules notes."""

from __future__ import annotations

import html
import random
import re

import pytest

import handfoot
from handfoot.simulate.game import deal
from handfoot.simulate.turn import lay_red_threes
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")


def _paragraphs(pages: dict[str, str], variant_id: str) -> list[str]:
    """The page's paragraphs and table rows, one a line, with the tags that carry no words kept."""
    return pages[f"rules/{variant_id}.md"].split("## Sources", 1)[0].splitlines()


def _text(line: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", line))


def _section(pages: dict[str, str], variant_id: str, heading: str) -> str:
    body = pages[f"rules/{variant_id}.md"].split("## Sources", 1)[0]
    return _text(body.split(f"## {heading}", 1)[1].split("\n## ", 1)[0])


def _line_with(pages: dict[str, str], variant_id: str, words: str) -> str:
    found = [line for line in _paragraphs(pages, variant_id) if words in _text(line)]
    assert len(found) == 1, (words, found)
    return found[0]


def test_a_player_alone_is_never_called_it(pages: dict[str, str]) -> None:
    """Simpson's players play alone (rules-by-variant: "each plays for himself"): the scoring and the worked round say
    "they" and "their", where Pagat's team is "it"."""
    simpson = _section(pages, "simpson", "Scoring") + _section(pages, "simpson", "A worked round")
    for wrong in (
        "adds its bonuses",
        "card it melded",
        "its hands and feet",
        "books it needs",
        "it is caught",
        "its bonuses",
    ):
        assert wrong not in simpson, wrong
    assert "each player adds their bonuses and the value of every card they melded" in simpson
    assert "every card left in their hand and foot" in simpson
    assert "One player goes out with exactly the books they need" in simpson
    pagat = _section(pages, "pagat-partnership", "Scoring")
    assert "each team adds its bonuses and the value of every card it melded" in pagat
    assert "left in its hands and feet" in pagat


def test_the_worked_round_says_who_holds_what_and_charges_the_red_three_apart(pages: dict[str, str]) -> None:
    """Seed 001's side B: one partner holds Q, 7 and a joker (65); the other never reached their foot, which holds a
    red three (-100) and 95 points of cards, so the cards left cost 160 and the red three 100 on its own line."""
    worked = _section(pages, "pagat-partnership", "A worked round")
    assert "one of its players is caught holding 65 points of cards" in worked
    assert "the other never reached their foot, which holds a red three and 95 points of other cards" in worked
    assert "worth 95 with a red three" not in worked
    short = worked.split("Caught short", 1)[1]
    assert "| 1 red three caught in the foot | −100 |" in short
    assert "| Cards left in hand and foot | −160 |" in short
    assert "| Round score | 860 |" in short.replace("**", "")


def test_the_bonuses_alone_sentence_names_what_it_adds(pages: dict[str, str]) -> None:
    """Seed 001's side A: 1,000 + 600 + 1,500 + 100 + 200 = 3,400 from books, the bonus and red threes, before the
    cards."""
    worked = _section(pages, "pagat-partnership", "A worked round")
    assert (
        "the team going out has 3,400 from its books, the going-out bonus and its red threes alone, before the cards"
        in worked
    )


def test_every_table_pagat_allows_has_its_deal_and_its_way_out(pages: dict[str, str]) -> None:
    """Pagat allows six in two teams of three and any number alone (rules-by-variant, Players): the page says who deals
    at each, with six piles at a table of six, and how a player alone goes out; both are marked as our choice."""
    three = _line_with(pages, "pagat-partnership", "With teams of three")
    words = _text(three)
    assert "one deals the hands, 6 face-down piles of 13 cards, and the other the feet, 6 piles of 13" in words
    assert "Not stated by any source we read." in words
    alone = _text(_line_with(pages, "pagat-partnership", "Playing alone"))
    assert "one player deals everyone a hand of 13 cards, then a foot of 13" in alone
    assert "You go out on your own books, with nobody to ask and no partner's foot to wait for." in alone
    assert "Not stated by any source we read." in alone
    deal_words = _text(_line_with(pages, "pagat-partnership", "Partners split the deal"))
    assert "settling between them who does which" in deal_words
    assert "4 face-down piles of 13 cards" in deal_words


def test_simpsons_two_stock_piles_are_one_stock(pages: dict[str, str]) -> None:
    """Simpson's stock lies in two piles (his text); which pile you draw from, and when the stock is gone, his text
    read does not say: the page says what we do and marks it."""
    deal_words = _text(_line_with(pages, "simpson", "The stock lies in two piles"))
    assert (
        "the upcard and every draw may come from either, and the stock runs out only when both are gone" in deal_words
    )
    assert "Not stated by Steve Simpson: which stock pile you draw from, and when the stock counts as run out." in (
        deal_words
    )


def test_red_threes_as_dealt_go_down_after_the_upcard(pages: dict[str, str]) -> None:
    for variant_id in ("pagat-partnership", "bicycle"):
        words = _text(_line_with(pages, variant_id, "Red threes in a hand as dealt"))
        assert "go down once the upcard is turned, before the first turn" in words


def test_a_red_three_the_stock_cannot_replace_scores_as_laid(pages: dict[str, str]) -> None:
    """The page's sentence, and the game as the engine plays it: the red three stays laid and the round ends."""
    words = _text(_line_with(pages, "pagat-partnership", "A red three's replacement counts as a draw"))
    assert (
        "a red three the stock cannot replace stays on the table and scores as laid down, and the round ends" in words
    )
    pagat = VARIANTS["pagat-partnership"]
    table = deal(pagat, 1, random.Random(3), (0, 0))
    red = next(card for card in range(len(table.cards)) if table.cards[card].is_red_three and card in table.stock)
    table.stock.clear()
    table.seats[0].hand.append(red)
    assert lay_red_threes(table, 0) is False
    assert red in table.teams[table.team_of(0)].red_threes


def test_simpsons_black_three_block_is_marked(pages: dict[str, str]) -> None:
    """The part of Simpson's text read stops before the pile, so the block a black three makes is ours."""
    words = _text(_line_with(pages, "simpson", "Discard one to block the next player"))
    assert "Not stated by Steve Simpson: the pile cannot be taken when its top card is." in words
    bicycle = _text(_line_with(pages, "bicycle", "Discard one to block the next player"))
    assert "Not stated" not in bicycle  # Bicycle states the black three's block


def test_simpsons_four_players_are_our_choice_not_the_usual_table(pages: dict[str, str]) -> None:
    body = _text(pages["rules/simpson.md"])
    assert "the usual table" not in body
    assert "we set up four, as the partnership game seats" in body


def test_bicycles_wild_limit_says_it_is_a_strict_reading(pages: dict[str, str]) -> None:
    """rules-by-variant: "Reading is ambiguous … A strict reading would ban 3-card melds that include a wild"."""
    words = _text(_line_with(pages, "bicycle", "A meld with wild cards needs at least 4 natural cards"))
    assert "Not stated by Bicycle: whether the four natural cards hold for a meld that is not yet a book." in words
    assert "a looser reading would ask it of books only" in words


def test_bicycles_second_unfinished_meld_is_barred_as_a_difference(pages: dict[str, str]) -> None:
    line = _line_with(pages, "bicycle", "may have more than one unfinished meld of a rank")
    assert line.startswith('<p class="hf-differs">'), line


def test_the_joint_saskatchewan_simpson_source_is_told_alike(pages: dict[str, str]) -> None:
    for variant_id in ("saskatchewan", "simpson"):
        body = _text(pages[f"rules/{variant_id}.md"].split("## Sources", 1)[0])
        assert "may grow past seven in the Saskatchewan or Simpson version" in body, variant_id
        assert "a change to the cards taken from the pile among the Saskatchewan and Simpson differences" in body


def test_saskatchewans_deal_note_says_its_rule_once(pages: dict[str, str]) -> None:
    words = _text(_line_with(pages, "saskatchewan", "Each player gets a hand of 13 cards"))
    assert words.count("13") == 3, words  # the hand, the foot, and the note's one "13 cards"
    assert words.count("We use Pagat partnership's rule") == 1, words


@pytest.mark.parametrize(
    ("anchor", "words"),
    [
        ("melds-grow_past_book", "a meld closes into a book"),
        ("melds-one_open_per_rank", "a meld closes into a book"),
        ("pile-red_three_taken", "discard pile"),
    ],
)
def test_an_anchor_sits_on_the_sentence_it_names(pages: dict[str, str], anchor: str, words: str) -> None:
    for variant_id in ("pagat-partnership", "bicycle"):
        line = next(line for line in _paragraphs(pages, variant_id) if f'id="{anchor}"' in line)
        assert words in _text(line), (variant_id, anchor, _text(line))


def test_seed_001s_pickup_opening_is_checked_as_a_pickup(pages: dict[str, str]) -> None:
    """Seed 001: "Someone discards a 9. You hold 9, 9 and a 2. Meld 9 9 9 2 … take the top 7 cards": 50 in round 1
    under Pagat; under Bicycle a wild card needs four natural cards beside it."""
    pagat = _text(_line_with(pages, "pagat-partnership", "9 9 2 from your hand"))
    assert pagat == (
        "| 9 9 2 from your hand, with a 9 taken from the pile | Yes: Round 1 needs 50 points in the first meld; these "
        "cards make 50. |"
    )
    bicycle = _text(_line_with(pages, "bicycle", "9 9 2 from your hand"))
    assert "| No: A meld with a wild card needs at least 4 natural cards" in bicycle


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_no_mark_stands_alone_as_a_paragraph(pages: dict[str, str], variant_id: str) -> None:
    """Bicycle's partner rules are Pagat's, taken as they are: the star sits on each bullet it concerns, never on a
    line of its own where no reader can tell what it marks."""
    for line in _paragraphs(pages, variant_id):
        shown = _text(re.sub(r'<span class="hf-visually-hidden">.*?</span>', "", line)).strip()
        assert shown != "*", line
    if variant_id == "bicycle":
        bullets = [line for line in _paragraphs(pages, "bicycle") if line.startswith(("- Your partner", "- Ask"))]
        assert len(bullets) == 2, bullets
        assert all('class="hf-assumed"' in line for line in bullets), bullets
