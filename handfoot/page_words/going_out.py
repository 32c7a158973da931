"""The rule page's "Going out": the books you need, the partner rules, the last cards and the bonus."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.variant import Variant
from handfoot.words import format_number


def books_sentence(variant: Variant) -> Sentence:
    """The books needed to go out (``going_out.books``): named where every round needs the same, else the lead of
    the page's table by round."""
    rounds = range(1, variant.listed_rounds + 1)
    needed = {variant.books_to_go_out_phrase(n) for n in rounds}
    if len(needed) > 1:
        return Sentence("The books you need to go out change by round:", ("going_out.books",))
    who = "your team needs" if side(variant).noun == "team" else "you need"
    return Sentence(f"To go out, {who} {variant.books_to_go_out_phrase(1)} on the table.", ("going_out.books",))


def partner_sentences(variant: Variant) -> dict[str, Sentence]:
    """The partner rules before going out (``going_out.partner_in_foot``, ``going_out.ask_partner``), each a step of
    its own, and the lead of their list with the rules of both ("" where neither holds)."""
    in_foot, ask = variant["going_out.partner_in_foot"], variant["going_out.ask_partner"]
    rules = (*(("going_out.partner_in_foot",) if in_foot else ()), *(("going_out.ask_partner",) if ask else ()))
    return {
        "going_out.partner": Sentence("Then, once those books are on the table:" if rules else "", rules),
        "going_out.partner_in_foot": Sentence(
            "Your partner must have picked up their foot and played from it." if in_foot else "",
            ("going_out.partner_in_foot",) if in_foot else (),
        ),
        "going_out.ask_partner": Sentence(
            'Ask your partner "May I go out?". If the answer is yes, you must go out; if no, play on.' if ask else "",
            ("going_out.ask_partner",) if ask else (),
        ),
    }


def final_discard_sentence(variant: Variant) -> Sentence:
    """Whether going out needs a final discard (``going_out.final_discard``), and the card a turn from the foot
    keeps."""
    if variant["going_out.final_discard"] == "required":
        how = " but one, and discard that last card: a final discard is required"
    else:
        how = ", with or without a final discard"
    return Sentence(
        f"To go out, meld all your remaining cards{how}. Once you play from your foot, a turn that does not go out "
        "ends with at least one card still in your hand after the discard.",
        ("going_out.final_discard",),
    )


def bonus_sentence(variant: Variant) -> Sentence:
    """What going out scores (``going_out.bonus``): one figure, or each listed round's."""
    bonuses = [variant.going_out_bonus(n) for n in range(1, variant.listed_rounds + 1)]
    if len(set(bonuses)) == 1:
        scores = format_number(bonuses[0])
    else:
        scores = ", ".join(f"{format_number(points)} in round {n}" for n, points in enumerate(bonuses, 1))
    return Sentence(f"Going out scores {scores}.", ("going_out.bonus",))


def going_out_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words."""
    return {
        "going_out.books": books_sentence(variant),
        **partner_sentences(variant),
        "going_out.final_discard": final_discard_sentence(variant),
        "going_out.bonus": bonus_sentence(variant),
    }
