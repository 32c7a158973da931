"""What the simulator decides that no rule decides is listed in one place, each a matter of simulation only with its
reason; every question it once decided there is now a rule of the spec, or the words of a rule already there."""

from __future__ import annotations

import inspect

from handfoot.simulate import GAPS, SETTLED, unsettled
from handfoot.spec import FIELDS_BY_PATH

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
    } - {"GAPS", "SETTLED"}
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
    settled = [entry.key for entry in SETTLED]
    assert len(settled) == len(set(settled))
    assert not set(settled) & {gap.key for gap in GAPS}
    assert set(settled) | {gap.key for gap in GAPS} >= EARLIER_GAPS
    assert set(settled) <= EARLIER_GAPS
    for entry in SETTLED:
        assert entry.by in {"rule", "words"}, entry.key
        assert entry.rules, entry.key
        assert all(path in FIELDS_BY_PATH for path in entry.rules), entry.key
        assert entry.question.endswith("."), entry.key
        assert not hasattr(unsettled, entry.key), f"{entry.key} is settled, so the simulator no longer holds it"
    made_rules = {path for entry in SETTLED if entry.by == "rule" for path in entry.rules}
    assert made_rules == {
        "turn.next_round",
        "turn.red_threes_dealt",
        "pile.red_three_taken",
        "round_end.stock_runs_out",
        "round_end.reshuffle_stock_left",
    }
