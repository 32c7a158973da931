"""The rule page's "Red and black threes": where red threes go and what they score, and what a black three does."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.variant import Variant
from handfoot.words import format_number


def for_or_against(points: int) -> str:
    """What a card left at the end scores: its points, then "against you" (0 too) or "for you"."""
    return f"{format_number(abs(points))} {'against you' if points <= 0 else 'for you'}"


def red_laid_sentence(variant: Variant) -> Sentence:
    """Whether red threes are laid down (``threes.red_laid_down``) and, where they are, what each on the table scores
    (``threes.red_laid``), for a side that did not go out too (``threes.red_laid_not_out``)."""
    if not variant["threes.red_laid_down"]:
        return Sentence(
            "Red threes are never laid down: a red three stays in your hand or foot like any other card, is never "
            "melded, and scores only if you still hold it when the round ends.",
            ("threes.red_laid_down",),
        )
    laid, not_out = variant["threes.red_laid"], variant["threes.red_laid_not_out"]
    text = (
        "Red threes go face up on the table as soon as you find one, in your hand, your foot or a draw, and you draw "
        "a card to replace each. "
    )
    if laid >= 0:
        text += f"Each one on the table is worth {format_number(laid)}"
    else:
        text += f"Each one counts {format_number(abs(laid))} against you even on the table"
    if not_out is not None:
        way = "for" if not_out >= 0 else "against"
        text += f" ({format_number(abs(not_out))} {way} a {side(variant).noun} that did not go out)"
    return Sentence(text + ".", ("threes.red_laid_down", "threes.red_laid"))


def red_caught_sentence(variant: Variant) -> Sentence:
    """What a red three still held at the end scores (``threes.red_caught``), and in a foot nobody picked up where
    that differs (``threes.red_caught_in_foot``)."""
    caught, in_foot = variant["threes.red_caught"], variant["threes.red_caught_in_foot"]
    text = f"A red three still in a hand or foot when the round ends counts {for_or_against(caught)}"
    if in_foot is not None:
        # The same way as in the hand: the amount alone; the other way: which way it counts.
        same_way = (in_foot <= 0) == (caught <= 0)
        in_foot_words = format_number(abs(in_foot)) if same_way else for_or_against(in_foot)
        text += f", or {in_foot_words} in a foot nobody picked up"
    return Sentence(text + ".", ("threes.red_caught",))


def black_sentence(variant: Variant) -> Sentence:
    """What a black three does: never melded, or only to go out (``threes.black_out``), blocks the pile, and what one
    left at the end scores (``card_values.black_three``, ``threes.black_caught_in_foot``)."""
    in_foot, out = variant["threes.black_caught_in_foot"], variant["threes.black_out"]
    text = "Black threes cannot be melded" + (" except when going out" if out else "")
    text += (
        ". Discard one to block the next player from the pile. Each black three left in your hand or foot at the end "
        f"counts {variant['card_values.black_three']} against you"
    )
    if in_foot is not None:
        text += f"; one in a foot nobody picked up counts {for_or_against(in_foot)} instead"
    text += "."
    if out:
        each = f"scores {format_number(out)}" if out > 0 else f"counts {format_number(abs(out))} against you"
        text += f" A player going out may lay black threes down with the last cards; each {each}."
    rules = (
        "card_values.black_three",
        "pile.blocked_by",
        *(("threes.black_caught_in_foot",) if in_foot is not None else ()),
        *(("threes.black_out",) if out else ()),
    )
    return Sentence(text, rules)


def threes_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words (where a red three found goes: ``rule_sentences``)."""
    return {
        "threes.red_laid_down": red_laid_sentence(variant),
        "threes.red_caught": red_caught_sentence(variant),
        "threes.black": black_sentence(variant),
    }
