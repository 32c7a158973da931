"""Games under random house rule sets drawn from the spec (Hypothesis): whatever a table changes, the pack is
conserved and every meld is legal after every turn, and every round scores as score_round scores the table."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from sim_games import VARIANTS, assert_sound, watched_game

from handfoot import FIELDS, Variant, VariantError
from handfoot.spec import BookCounts, Choice, ExtraBooks, Flag, PerRound, ScoreLadder, Several, Whole
from handfoot.spec import Field as RuleField

# Drawn together below, since they must agree with each other: who plays, with how many decks, how they deal and who
# starts, and how long a game lasts.
TOGETHER = ("players.", "decks.", "deal.method", "deal.exact_cut_bonus", "turn.first_player", "rounds.")
SINGLE = tuple(f for f in FIELDS if not f.path.startswith(TOGETHER))
# A hundred random house rule sets, one game each (the issue asks for that many with no violation).
EXAMPLES = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def values(rule: RuleField) -> st.SearchStrategy[Any]:
    """Values a house rule may take, from the rule's type in the spec (within its bounds)."""
    kind = rule.type
    if isinstance(kind, Whole):
        ints = st.integers(kind.low, kind.high)
        return ints | st.none() if kind.none else ints
    if isinstance(kind, Flag):
        return st.booleans()
    if isinstance(kind, Choice):
        return st.sampled_from([key for key, _ in kind.options])
    if isinstance(kind, Several):
        return st.lists(st.sampled_from([key for key, _ in kind.options]), unique=True)
    if isinstance(kind, PerRound):
        return st.integers(kind.inner.low, kind.inner.high)
    if isinstance(kind, BookCounts):
        return st.fixed_dictionaries(
            {"clean": st.integers(0, 3), "dirty": st.integers(0, 3)}, optional={"wild": st.integers(0, 1)}
        )
    if isinstance(kind, ScoreLadder):
        return st.none() | st.just([[0, 50], [2500, 90], [5000, 120], [7500, 150]])
    assert isinstance(kind, ExtraBooks)
    return st.just({}) | st.just({"sevens": {"label": "sevens", "value": 1500, "counts_as": "clean"}})


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    """Players, decks, the deal and the first player, as a table that agrees with itself."""
    players, team_size = draw(st.sampled_from([(4, 2), (6, 2), (6, 3), (2, 1), (3, 1), (4, 1)]))
    method = draw(st.sampled_from(["dealt", "self_cut", "cut_pass_foot"]))
    first = "agreed" if method != "dealt" else "dealer_left" if team_size == 1 else "hand_dealer_left"
    changes: dict[str, Any] = {
        "players.count": players,
        "players.team_size": team_size,
        "decks.count": players + 1,
        "decks.more_than_players": 1,
        "deal.method": method,
        "turn.first_player": first,
        "deal.exact_cut_bonus": 0 if method == "dealt" else draw(st.sampled_from([0, 100])),
    }
    if team_size == 1:
        changes |= {"going_out.ask_partner": False, "going_out.partner_in_foot": False}
    if draw(st.booleans()):
        changes["rounds.target_score"] = draw(st.sampled_from([10000, 20000]))
    return changes


@st.composite
def house_rules(draw: st.DrawFn) -> Variant:
    base = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    rules = draw(st.lists(st.sampled_from(SINGLE), unique_by=lambda rule: rule.path, max_size=8))
    changes = {rule.path: draw(values(rule)) for rule in rules}
    if draw(st.booleans()):
        changes |= draw(tables())
    if changes.get("threes.red_laid_down") is False:
        changes |= {"threes.red_laid": 0, "threes.red_laid_not_out": None}
    try:
        return base.with_changes(changes)
    except VariantError:
        reject()


@EXAMPLES
@given(variant=house_rules(), seed=st.integers(0, 10**6))
def test_any_house_rules_play_sound_games_with_table_and_plain_bots(variant: Variant, seed: int) -> None:
    for style in ("table", "plain"):
        assert_sound(variant, watched_game(variant, seed, (style,)))
