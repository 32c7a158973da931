"""How the rule pages, sheets and comparison word rules: one not-stated note per paragraph, never inside a bullet,
and no difference shown where the game plays the same."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from handfoot.describe import describe_variant
from handfoot.rule_sentences import rule_sentences
from handfoot.table_questions import table_questions
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
NOTE = '<span class="hf-note hf-note--assumed">'


def _body(pages: dict[str, str], variant_id: str) -> str:
    return pages[f"rules/{variant_id}.md"].split("## Sources", 1)[0]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_one_note_per_paragraph_and_none_splits_a_bullet(pages: dict[str, str], variant_id: str) -> None:
    for line in _body(pages, variant_id).splitlines():
        assert line.count(NOTE) <= 1, line
        if re.match(r"^(- |\d+\. )", line) and NOTE in line:
            after = line.split(NOTE, 1)[1].split("</span>", 1)[1]
            assert not re.sub(r"<[^>]+>", "", after).strip(), f"a note splits this bullet: {line}"


def test_notes_do_not_repeat_within_a_paragraph(pages: dict[str, str]) -> None:
    for variant_id in VARIANTS:
        for line in _body(pages, variant_id).splitlines():
            for note in re.findall(re.escape(NOTE) + r"(.*?)</span>", line):
                sentences = [s for s in re.split(r"(?<=\.) ", re.sub(r"<[^>]+>", "", note)) if s]
                assert len(sentences) == len(set(sentences)), f"{variant_id}: {note}"


def test_simpson_says_once_that_his_pickup_rules_are_not_stated(pages: dict[str, str]) -> None:
    section = _body(pages, "simpson").split("## Picking up the discard pile", 1)[1].split("\n## ", 1)[0]
    assert section.count("stops before the discard pile") == 1, section
    assert section.count(NOTE) == 2, "one note for the pickup, one for a wild card on top"


def test_any_three_and_a_black_three_play_the_same(pages: dict[str, str]) -> None:
    compare = pages["compare.md"]
    row = re.search(r'<tr data-path="pile.blocked_by">.*?</tr>', compare).group(0)
    assert "a black three" in row
    assert "any three" in row
    assert "hf-differs" not in row
    assert "the two play the\nsame: red threes are laid down as soon as they are found" in compare
    bicycle = VARIANTS["bicycle"]
    assert bicycle["pile.blocked_by"] != VARIANTS["pagat-partnership"]["pile.blocked_by"]
    paragraph = next(line for line in _body(pages, "bicycle").splitlines() if "The top card is not" in line)
    assert "hf-differs" not in paragraph


def test_a_house_rule_that_lets_a_red_three_reach_the_pile_differs() -> None:
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["deal"]["upcard_buried"] = ["two", "joker"]
    data["provenance"]["deal.upcard_buried"] = {"assumed": "A test.", "from": "pagat-partnership"}
    house = handfoot.Variant.from_mapping(data, "test")
    described = describe_variant(VARIANTS["bicycle"], house)
    assert described["rules"]["pile.blocked_by"]["differs"], "a red first upcard blocks here, and not in Bicycle"


def test_the_sheet_takes_all_of_a_short_pile(pages: dict[str, str]) -> None:
    assert "Take the top 7 (all if fewer); not when the top is any three." in pages["rules/pagat-partnership/sheet.md"]


def test_each_page_says_who_plays_first_how_books_are_marked_and_the_foot_announcement(
    pages: dict[str, str],
) -> None:
    pagat, bicycle, simpson = (_body(pages, v) for v in ("pagat-partnership", "bicycle", "simpson"))
    # Worded from the spec's own options (issue 38), not again in the template.
    first = "Who plays first: the player to the left of the partner who dealt the hands. In each later round the deal"
    assert first in pagat
    later = "In each later round the deal passes one seat to the left."
    assert f"Who plays first: the player to the dealer's left. {later}" in _text(bicycle)
    assert (
        "Who plays first: nobody deals, so the players agree who starts. In each later round the first turn" in simpson
    )
    assert "Not stated by Steve Simpson.</strong> Nobody deals in Simpson&#39;s game" in simpson
    assert "a red card on top of a clean book, a black card on top of a dirty one, and a joker on top" in pagat
    assert "and one wild card turned in a dirty one." in bicycle
    assert "joker on top" not in simpson, "Simpson has no wild book to mark"
    assert "Say that you are playing your foot as you pick it up." in bicycle
    assert "playing your foot" not in pagat
    assert 'Say "I\'m playing my foot".' in _text(pages["rules/bicycle/sheet.md"])
    assert "playing my foot" not in pages["rules/pagat-partnership/sheet.md"]


def test_a_wild_meld_starts_and_counts_as_the_page_says(pages: dict[str, str]) -> None:
    pagat = VARIANTS["pagat-partnership"]
    assert handfoot.check_meld(pagat, "2 2 JOKER").ok
    assert not handfoot.check_meld(pagat, "2 2").ok
    opening = handfoot.check_opening(pagat, 1, ["2 2 2"])
    assert (opening.ok, opening.points) == (True, 60)
    sentence = "A wild meld starts with 3 wild cards, like any meld, and its cards count toward a first meld."
    assert sentence in _body(pages, "pagat-partnership")
    assert "A wild meld starts" not in _body(pages, "bicycle"), "Bicycle has no wild melds"


def test_a_house_value_for_black_threes_in_the_foot_is_worded_and_marked() -> None:
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["threes"]["black_caught_in_foot"] = -100
    data["provenance"]["threes.black_caught_in_foot"] = {"assumed": "A test.", "from": "pagat-partnership"}
    house = handfoot.Variant.from_mapping(data, "test")
    built = build_pages(make_environment(REPO_ROOT / "templates"), {**VARIANTS, house.id: house}, "variants")
    pages = {page.src_uri: page.markdown for page in built}
    body = pages["rules/pagat-partnership.md"]
    assert "one in a foot nobody picked up counts 100 against you instead." in body
    assert "In an unplayed foot: −100" in pages["rules/pagat-partnership/sheet.md"]
    assert "one in a foot nobody picked up" not in _body(pages_of_shipped(), "pagat-partnership")


def pages_of_shipped() -> dict[str, str]:
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants")
    return {page.src_uri: page.markdown for page in built}


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_keeping_a_card_back_is_asked_only_of_a_player_in_the_foot(pages: dict[str, str], variant_id: str) -> None:
    """Issue 37, item 5: "keep at least one card after your discard" stood beside "if you discarded your last hand
    card, you pick up the foot": the first holds only once the foot is in play."""
    text = re.sub(r"<[^>]+>", "", _body(pages, variant_id))
    sentences = re.split(r"(?<=[.!?])\s+", text)
    keeping = [s for s in sentences if re.search(r"at least one card|keep (?:a|one) card", s)]
    assert keeping, "the page should say when a card must be kept back"
    for sentence in keeping:
        assert "foot" in sentence, f"{variant_id}: a card kept back, without saying it is in the foot: {sentence!r}"
    if any("discarded your last hand card" in s or "discard your last hand card" in s for s in sentences):
        assert all("hand card" not in s for s in keeping)


# Issue 37, item 19: slips in the words.


def _text(markdown: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", markdown)))


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_stock_running_out_is_said_once(pages: dict[str, str], variant_id: str) -> None:
    text = _text(_body(pages, variant_id))
    sentence = re.search(r"[^.]*stock cannot supply[^.]*\.", text).group(0)
    assert len(re.findall(r"\bends\b", sentence)) <= 1, sentence


def test_the_natural_cards_a_wild_meld_needs_leave_out_the_wild_meld(pages: dict[str, str]) -> None:
    pagat = _text(_body(pages, "pagat-partnership"))
    assert (
        "A meld with wild cards needs at least 2 natural cards (a wild meld, of wild cards only, is the one exception)"
        in pagat
    )
    bicycle = _text(_body(pages, "bicycle"))
    assert "is the one exception" not in bicycle, "Bicycle has no wild meld"


def test_brouillettes_books_do_not_go_out(pages: dict[str, str]) -> None:
    assert "books go out" not in _text(pages["rules/brouillette.md"])
    assert "books go out" not in _text(pages["index.md"])


def test_no_ratio_of_natural_cards_reads_as_no_ratio(pages: dict[str, str]) -> None:
    row = re.search(r'<tr data-path="melds.wild_ratio">.*?</tr>', pages["compare.md"], re.S).group(0)
    assert "no ratio" in row
    assert not re.search(r">\s*0\s*<", row), row


def test_a_name_ending_in_s_owns_its_sources_without_an_extra_s() -> None:
    data = VARIANTS["bicycle"].to_mapping()
    data["name"] = "Friday night rules"
    variants = dict(VARIANTS, bicycle=handfoot.Variant.from_mapping(data, "bicycle.yaml"))
    built = {
        p.src_uri: p.markdown for p in build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    }
    sheet = _text(built["rules/bicycle/sheet.md"])
    assert "Not stated by Friday night rules' sources." in sheet
    assert "rules's" not in _text("".join(built.values()))


@pytest.mark.parametrize("page", ["rules/simpson.md", "rules/simpson/sheet.md"])
def test_a_game_played_alone_speaks_of_no_team(pages: dict[str, str], page: str) -> None:
    """Issue 37, item 16: the sources say "two or more players", each for themselves."""
    text = _text(pages[page])
    assert not re.findall(r"[^.|]*\bteams?\b[^.|]*", text, re.I)


def test_the_seeds_examples_are_worked_on_the_pagat_page(pages: dict[str, str]) -> None:
    """Issue 37, item 15: seed 001's openings and its 860 round, card by card, computed by handfoot."""
    text = _text(_body(pages, "pagat-partnership"))
    assert "| 9 9 9 2 | Yes: Round 1 needs 50 points in the first meld; these cards make 50. |" in text
    assert "| 6 6 6 6 6 6 6 | No: Round 1 needs 50 points in the first meld; these cards make 35. |" in text
    # The seed: "1 clean pile of kings (500 + 70), 1 dirty pile of five 9s and two 2s (300 + 50 + 40), 3 aces (60)
    # ... One partner holds Q, 7 and a joker (65)."
    assert (
        "has melded a clean book of seven kings (K K K K K K K: 70), a dirty book of five nines and two twos "
        "(9 9 9 9 9 2 2: 90) and three aces (A A A: 60), 220 in all, and holds a queen, a seven and a joker "
        "(Q 7 JK: 65)."
    ) in text
    assert "| **Round score** | **860** |" in text


def test_the_deal_says_who_deals(pages: dict[str, str]) -> None:
    """Issue 37, item 13: Whitnack's split deal and the first dealer by lot on the Pagat page; Bicycle's one dealer,
    with who deals first marked as not stated."""
    pagat = _text(_body(pages, "pagat-partnership")).split("## The deal", 1)[1].split("## ", 1)[0]
    assert "The first dealer is drawn by lot." in pagat
    assert "one deals the hands, 4 face-down piles of 13 cards" in pagat
    assert "the other deals the feet the same way" in pagat
    bicycle = _text(_body(pages, "bicycle")).split("## The deal", 1)[1].split("## ", 1)[0]
    assert "One player deals: each player gets a hand of 11 cards, then a foot of 11 cards face down." in bicycle
    assert "Not stated by Bicycle: who deals." in bicycle


def test_the_sources_are_not_said_to_say_more_than_they_do(pages: dict[str, str]) -> None:
    """Issue 37, item 11: a joint list is not one version's claim, one seed page is not two, and an author inferred is
    said to be inferred."""
    saskatchewan = _text(pages["rules/saskatchewan.md"])
    assert "The variation changes the number of cards taken from the pile" not in saskatchewan
    assert "among the Saskatchewan and Simpson differences" in saskatchewan
    assert "only one gives these books" in saskatchewan
    simpson = VARIANTS["simpson"].sources["simpson"]
    assert not simpson.author
    assert "an inference" in simpson.note
    assert "Steve Simpson's Hand and Foot (rogerdem" not in _text(pages["rules/simpson.md"])


def test_a_note_names_the_rule_it_is_about(pages: dict[str, str]) -> None:
    """Issue 37, item 7: a paragraph that words a stated rule and an assumed one says which one is assumed."""
    bicycle = _text(_body(pages, "bicycle"))
    foot = bicycle.split("## Moving to your foot", 1)[1].split("## ", 1)[0]
    # The mark sits on the sentence it concerns (what you do after melding your whole hand), before the announcement
    # Bicycle states; it names no part of the paragraph, since it stands beside its own sentence.
    pick_up, announce = foot.split("Say that you are playing your foot", 1)
    assert pick_up.rstrip().endswith("Not stated by Bicycle. We use Pagat partnership's rule."), pick_up
    assert "Not stated" not in announce
    threes = bicycle.split("## Red and black threes", 1)[1].split("## ", 1)[0]
    assert "Red threes go face up on the table as soon as you find one" in threes
    assert "Not stated by Bicycle: red three laid down. We use Pagat partnership's rule." in threes
    simpson = _text(_body(pages, "simpson")).split("## Red and black threes", 1)[1].split("## ", 1)[0]
    assert "Not stated by Steve Simpson: what becomes of a red three you find. We use Pagat partnership's rule." in (
        simpson
    )


def test_assumed_book_values_are_marked_where_they_are_printed(pages: dict[str, str]) -> None:
    """Issue 37, item 8: Saskatchewan's and Brouillette's 500 and 300 are the partnership game's, and say so at the
    table that prints them; the worked rounds built on such values say so too."""
    for version in ("saskatchewan", "brouillette"):
        text = _text(_body(pages, version))
        books = text.split("Each book scores a bonus", 1)[1].split("A meld of only twos and jokers", 1)[0]
        assert "| 500* (not stated) |" in books
        assert "| 300* (not stated) |" in books
        assert "Not stated by Saskatchewan" in books or "Not stated by Brouillette" in books
        assert "We use Pagat partnership's rule." in books
        worked = text.split("## A worked round", 1)[1]
        assert "These rounds use values" in worked.split("Round 1.", 1)[0]
    pagat = _text(_body(pages, "pagat-partnership"))
    assert "* (not stated)" not in pagat.split("## Scoring", 1)[1]
    assert "These rounds use values" not in pagat


def test_a_rule_simply_borrowed_is_a_mark_not_a_note(pages: dict[str, str]) -> None:
    """Issue 37, item 17: the Simpson page had 33 notes that buried its rules. A rule taken as it is from the
    partnership game is a mark that leads to the table of sources; only a note with a reason is written out."""
    simpson = _body(pages, "simpson")
    notes = re.findall(r'<span class="hf-note hf-note--assumed">', simpson)
    marks = re.findall(r'<a class="hf-assumed" href="#where-each-rule-comes-from">', simpson)
    # Six notes, and three since issue 41: two rules of the partnership game no source states (the red threes of a
    # hand as dealt, when the stock counts as run out), said where the page words them, and the second once more
    # under the table's question it answers (the stock too short for the draw). Three more with a reason of their
    # own: which of the two stock piles you draw from, the joint source on melds past seven, and the black three's
    # block of the pile, which the part of his text read never reaches.
    assert len(notes) <= 12, len(notes)
    assert len(marks) >= 8, len(marks)
    assert "We use Pagat partnership's rule." not in _text(
        re.sub(r'<span class="hf-visually-hidden">.*?</span>', "", simpson)
    )


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_questions_a_table_asks_are_answered_with_their_standing(pages: dict[str, str], variant_id: str) -> None:
    """Issue 37, item 14: each answer comes from a rule on the page, and says when no source words it so."""
    variant = VARIANTS[variant_id]
    text = _text(_body(pages, variant_id))
    questions = text.split("## Questions at the table", 1)[1].split("## Scoring", 1)[0].replace("**", "")
    stock = variant["round_end.stock_out"]
    assert f"I must draw {variant['turn.draw']}." in questions
    assert "the round ends; everyone scores what they have" in questions if stock == "ends_no_bonus" else True
    assert "unfinished meld of the top card's rank" in questions
    assert "May I meld the other cards I picked up in the same turn? Yes" in questions
    # Picking up then melding follows from the rules; the open meld of the top card's rank is our choice, marked so.
    assert questions.count("It follows from the rules above.") >= 1
    asks = 'When may I ask "May I go out?"' in questions
    assert asks == variant["going_out.ask_partner"]
    if asks:
        assert "Nor how often you may ask; we set no limit" in questions
    assert "The first upcard is a black three. It is not buried" in questions


def test_a_red_three_on_the_pile_is_answered_where_red_threes_stay_in_the_hand() -> None:
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["threes"].update(red_laid_down=False, red_laid=0, red_laid_not_out=None)
    variants = dict(VARIANTS, bicycle=handfoot.Variant.from_mapping({**data, "id": "bicycle"}, "bicycle.yaml"))
    built = {
        p.src_uri: p.markdown for p in build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    }
    text = _text(built["rules/bicycle.md"]).replace("**", "")
    assert "A red three lies on top of the pile. Red threes are never laid down here" in text
    assert "Like any three it blocks the pile." in text
    assert "A red three lies on top of the pile" not in _text(built["rules/pagat-partnership.md"])


def test_the_cards_words_come_from_the_pack_not_the_template() -> None:
    """Issue 38: "twos and jokers are wild" is a fact of the pack: a pack with no jokers has only twos wild, and every
    page says so without a template being edited."""
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["decks"]["jokers"] = 0
    variants = dict(VARIANTS, bicycle=handfoot.Variant.from_mapping({**data, "id": "bicycle"}, "bicycle.yaml"))
    built = {
        p.src_uri: p.markdown for p in build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    }
    no_jokers = _text(built["rules/bicycle.md"])
    assert "Twos are wild:" in no_jokers
    assert "A meld of only twos is a wild meld" in no_jokers
    assert "jokers are wild" not in no_jokers
    assert "Twos and jokers are wild:" in _text(built["rules/pagat-partnership.md"])
    assert "from fours up to aces" in no_jokers


# Issue 41: what the simulator used to decide alone is a rule now, worded by handfoot and marked where unstated.


def _paragraph(markdown: str, anchor: str) -> str:
    """The paragraph (a line of the page) that holds the anchor of a rule."""
    return next(line for line in markdown.splitlines() if f'id="{anchor}"' in line)


def _house_page(**changes: object) -> str:
    house = VARIANTS["pagat-partnership"].with_changes(
        {path.replace("__", "."): value for path, value in changes.items()}, name="House"
    )
    built = build_pages(make_environment(REPO_ROOT / "templates"), {**VARIANTS, house.id: house}, "variants")
    return next(page.markdown for page in built if page.src_uri == f"rules/{house.id}.md").split("## Sources", 1)[0]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_new_rules_are_worded_by_handfoot_and_marked_where_unstated(pages: dict[str, str], variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    body = _body(pages, variant_id)
    sentences = describe_variant(variant)["sentences"]
    for path, key in (
        ("turn.next_round", "turn.first_player"),
        ("turn.red_threes_dealt", "turn.red_threes_dealt"),
        ("round_end.stock_runs_out", "round_end.stock_out"),
    ):
        paragraph = _paragraph(body, path.replace(".", "-"))
        assert sentences[key] in html.unescape(paragraph), path
        if not variant.provenance[path].stated:
            assert NOTE in paragraph or '<a class="hf-assumed"' in paragraph, f"{path} is not stated: say so"
    # In these versions no red three reaches the pile and the stock is never reshuffled: those rules go unworded.
    assert sentences["pile.red_three_taken"] == ""
    assert "new stock" not in _text(body)


def test_house_values_of_the_new_rules_are_worded_as_they_play() -> None:
    went_out = _text(_house_page(turn__next_round="went_out"))
    assert "The player who went out deals the next round; after a round nobody went out, the deal passes" in went_out
    own_turn = _text(_house_page(turn__red_threes_dealt="own_turn"))
    assert "Red threes in a hand as dealt go down at the start of that player's first turn" in own_turn
    unburied = _text(_house_page(deal__upcard_buried=["two", "joker"], pile__red_three_taken="not_replaced"))
    assert "the player who takes it lays it down and draws no replacement." in unburied
    at_turn = _text(_house_page(round_end__stock_runs_out="at_turn_start"))
    assert "the round ends as your turn starts, before you could take the discard pile instead" in at_turn
    fresh = _text(_house_page(round_end__stock_out="reshuffle", round_end__reshuffle_stock_left="drawn_first"))
    assert "and the cards still in the stock go on top of it, to be drawn first" in fresh
    assert "if even that cannot supply the cards, the round ends with no going-out bonus" in fresh


@pytest.mark.parametrize(
    "changes",
    [{}, {"round_end.stock_runs_out": "at_turn_start"}, {"round_end.stock_out": "reshuffle"}],
)
def test_the_stock_question_is_answered_as_the_round_end_paragraph_says(changes: dict[str, str]) -> None:
    variant = VARIANTS["pagat-partnership"].with_changes(changes)
    stock = next(q for q in table_questions(variant) if q.key == "stock_short")
    assert stock.answer.startswith("The stock cannot supply the cards, so ")
    tail = stock.answer.removeprefix("The stock cannot supply the cards, so ").rstrip(".")
    assert tail in rule_sentences(variant)["round_end.stock_out"]
    assert set(stock.rules) >= {"round_end.stock_out", "round_end.stock_runs_out"}


def test_a_score_below_0_meets_the_first_step_as_the_page_says() -> None:
    """The simulator once decided this alone (ladder_score); handfoot's minimum and the rule page now say it."""
    ladder = [[0, 50], [2500, 90]]
    page = _text(_house_page(opening__by_score=ladder))
    assert "from 0: 50; from 2,500: 90. A score below 0 takes the first step, 50, as 0 does" in page
    house = VARIANTS["pagat-partnership"].with_changes({"opening.by_score": ladder})
    assert house.opening_minimum(1, team_score=-300) == house.opening_minimum(1, team_score=0) == 50


# Issue 49, item 1: a value that may be taken off reads the way it counts, negative or positive, on the page and the
# sheet: no sign is dropped, and no value the score uses is left out.


def _house_sheet(**changes: object) -> str:
    house = VARIANTS["pagat-partnership"].with_changes(
        {path.replace("__", "."): value for path, value in changes.items()}, name="House"
    )
    built = build_pages(make_environment(REPO_ROOT / "templates"), {**VARIANTS, house.id: house}, "variants")
    return next(page.markdown for page in built if page.src_uri == f"rules/{house.id}/sheet.md")


def test_red_threes_that_cost_on_the_table_still_say_what_a_side_that_did_not_go_out_gets() -> None:
    page = _text(_house_page(threes__red_laid=-500, threes__red_laid_not_out=-300))
    assert "Each one counts 500 against you even on the table (300 against a team that did not go out)." in page
    bonus = _text(_house_page(threes__red_laid=100, threes__red_laid_not_out=-100))
    assert "Each one on the table is worth 100 (100 against a team that did not go out)." in bonus
    sheet = _text(_house_sheet(threes__red_laid=-500, threes__red_laid_not_out=-300))
    assert "−500 on the table (−300 for a team that did not go out)" in sheet


def test_a_red_three_caught_in_the_foot_keeps_its_own_sign() -> None:
    mixed = _text(_house_page(threes__red_caught=500, threes__red_caught_in_foot=-300))
    assert "counts 500 for you, or 300 against you in a foot nobody picked up." in mixed
    both = _text(_house_page(threes__red_caught=-100, threes__red_caught_in_foot=-1000))
    assert "counts 100 against you, or 1,000 in a foot nobody picked up." in both
    sheet = _text(_house_sheet(threes__red_caught=-100, threes__red_caught_in_foot=-1000))
    assert "−100 if caught (−1,000 in an unplayed foot)." in sheet


def test_a_black_three_laid_down_going_out_that_costs_says_so() -> None:
    costs = _text(_house_page(threes__black_out=-50))
    assert "A player going out may lay black threes down with the last cards; each counts 50 against you." in costs
    adds = _text(_house_page(threes__black_out=50))
    assert "A player going out may lay black threes down with the last cards; each scores 50." in adds
