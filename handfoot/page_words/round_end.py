"""The rule page's "When the round ends": going out, and a stock too short for a draw."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.rule_sentences import stock_out_sentence
from handfoot.variant import Variant


def round_end_words(variant: Variant) -> dict[str, Sentence]:
    """How a round ends (``round_end``), marking the stock's leftovers only where the pile makes a new stock."""
    rules: tuple[str, ...] = ("round_end.stock_out", "round_end.stock_runs_out")
    if variant["round_end.stock_out"] == "reshuffle":
        rules += ("round_end.reshuffle_stock_left",)
    return {"round_end.stock_out": Sentence(stock_out_sentence(variant), rules)}
