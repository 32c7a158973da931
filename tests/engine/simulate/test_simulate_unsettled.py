"""What the simulator decides that no rule decides is listed in one place, each a matter of simulation only with its
reason; every question it once decided there is now a rule of the spec, or the words of a rule already there."""

from __future__ import annotations

import inspect

from handfoot.simulate import GAPS, unsettled
from handfoot.spec import FIELDS_BY_PATH

# Every question the simulator once decided on its own, and where each is answered now: "rule" (a key of the spec,
# whose value each variant sets with its provenance) or "words" (a rule already there, whose page words say it).
SETTLED: dict[str, tuple[str, tuple[str, ...]]] = {
    "AGREED_FIRST_PLAYER_MOVES_LEFT": ("rule", ("turn.next_round",)),
    "RED_THREES_DEALT_LAID_BEFORE_PLAY": ("rule", ("turn.red_threes_dealt",)),
    "RED_THREE_IN_PILE_LAID_BY_TAKER": ("rule", ("pile.red_three_taken",)),
    "PILE_TAKEN_WHEN_STOCK_SHORT": ("rule", ("round_end.stock_runs_out",)),
    "REPLACEMENT_SHORT_ENDS_ROUND": ("rule", ("round_end.stock_runs_out",)),
    "RESHUFFLE_WITH_STOCK_LEFT": ("rule", ("round_end.reshuffle_stock_left",)),
    "RESHUFFLE_KEEPS_TOP": ("words", ("round_end.stock_out",)),
    "PICKUP_MELD_COMPLETED_FROM_HAND": ("words", ("pile.cards_needed", "melds.min_size")),
    "PICKUP_BEFORE_FIRST_MELD_IS_NOT_THE_FIRST_MELD": ("words", ("pile.needs_team_meld",)),
    "ladder_score": ("words", ("opening.by_score",)),
    "MELD_OUT_WITHOUT_CONTINUING_ENDS_TURN": ("words", ("foot.continue_when_melded_out",)),
    "PLAYED_FROM_FOOT_AT_TURN_END": ("words", ("going_out.partner_in_foot",)),
    "EVERY_PARTNER_ASKED": ("words", ("going_out.ask_partner",)),
    "BLACK_THREES_OUT_ONLY_WHEN_SCORED": ("words", ("threes.black_out",)),
}
# Every question the simulator decided on its own before issue 41 settled them: none may drop out of the lists.
EARLIER_GAPS = {
    "HANDS_DEALT_BY_DEALER",
    "AGREED_FIRST_PLAYER_MOVES_LEFT",
    "bury_place",
    "EXACT_CUT_CHANCE",
    "RED_THREES_DEALT_LAID_BEFORE_PLAY",
    "RED_THREE_IN_PILE_LAID_BY_TAKER",
    "PILE_TAKEN_WHEN_STOCK_SHORT",
    "REPLACEMENT_SHORT_ENDS_ROUND",
    "RESHUFFLE_WITH_STOCK_LEFT",
    "RESHUFFLE_KEEPS_TOP",
    "TURN_LIMIT",
    "ROUND_LIMIT",
    "PICKUP_MELD_COMPLETED_FROM_HAND",
    "PICKUP_BEFORE_FIRST_MELD_IS_NOT_THE_FIRST_MELD",
    "ladder_score",
    "MELD_OUT_WITHOUT_CONTINUING_ENDS_TURN",
    "PLAYED_FROM_FOOT_AT_TURN_END",
    "EVERY_PARTNER_ASKED",
    "BLACK_THREES_OUT_ONLY_WHEN_SCORED",
    "HOUSE_BOOKS_NEVER_MADE",
}


def test_every_decision_of_the_simulator_is_listed_once_with_its_reason() -> None:
    decided = {
        name
        for name, value in vars(unsettled).items()
        if not name.startswith("_")
        and (name.isupper() or (inspect.isfunction(value) and value.__module__ == unsettled.__name__))
    } - {"GAPS"}
    keys = [gap.key for gap in GAPS]
    assert sorted(keys) == sorted(decided)
    for gap in GAPS:
        assert gap.rules, gap.key
        assert all(path in FIELDS_BY_PATH for path in gap.rules), gap.key
        for text in (gap.decision, gap.why):
            assert text.endswith("."), gap.key
            assert text.count(". ") == 0, gap.key
            assert len(text) <= 110, gap.key


def test_every_earlier_question_is_a_rule_or_worded_or_of_simulation_only() -> None:
    assert not set(SETTLED) & {gap.key for gap in GAPS}
    assert set(SETTLED) | {gap.key for gap in GAPS} >= EARLIER_GAPS
    assert set(SETTLED) <= EARLIER_GAPS
    for key, (by, rules) in SETTLED.items():
        assert by in {"rule", "words"}, key
        assert rules, key
        assert all(path in FIELDS_BY_PATH for path in rules), key
        assert not hasattr(unsettled, key), f"{key} is settled, so the simulator no longer holds it"
    made_rules = {path for by, rules in SETTLED.values() if by == "rule" for path in rules}
    assert made_rules == {
        "turn.next_round",
        "turn.red_threes_dealt",
        "pile.red_three_taken",
        "round_end.stock_runs_out",
        "round_end.reshuffle_stock_left",
    }
