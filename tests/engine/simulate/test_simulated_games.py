"""Complete games played by the bots under every published version: the pack is conserved and every meld is legal
after every turn, every round is scored as score_round scores the table, and a seed always plays the same game."""

from __future__ import annotations

import pytest
from sim_games import VARIANTS, assert_sound, watched_game

from handfoot import check_meld
from handfoot.simulate import BOTS, PlainBot, invariants, play_game
from handfoot.simulate.moves import IllegalMove, Lay, Plan
from handfoot.simulate.table import RoundTable
from handfoot.simulate.turn import ROUND_ENDS, WENT_OUT


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("style", sorted(BOTS))
def test_every_version_plays_sound_games(variant_id: str, style: str) -> None:
    variant = VARIANTS[variant_id]
    for seed in (1, 2):
        seen = watched_game(variant, f"{variant_id}-{style}-{seed}", (style,))
        assert_sound(variant, seen)
        assert seen.record is not None
        assert len(seen.record.rounds) == variant.round_count


def test_a_seed_plays_the_same_game_and_another_seed_another() -> None:
    pagat = VARIANTS["pagat-partnership"]
    first, again, other = play_game(pagat, 7), play_game(pagat, 7), play_game(pagat, 8)
    assert first == again
    assert first.totals != other.totals


def test_rounds_end_by_going_out_or_the_stock_and_players_reach_their_feet() -> None:
    pagat = VARIANTS["pagat-partnership"]
    rounds = [played for seed in range(6) for played in play_game(pagat, f"ends-{seed}").rounds]
    assert {played.end for played in rounds} <= set(ROUND_ENDS)
    assert any(played.end == WENT_OUT for played in rounds)
    assert all(played.turns > 8 for played in rounds)
    assert sum(played.feet_reached for played in rounds) > 0
    # Pagat: 270 cards, 104 dealt, two drawn a turn: no round outlasts the stock by more than a few pickups.
    assert max(played.turns for played in rounds) < 200


def test_the_team_that_goes_out_scores_the_bonus_and_has_its_books() -> None:
    pagat = VARIANTS["pagat-partnership"]
    games = (watched_game(pagat, seed) for seed in range(20))
    seen = next(game for game in games if any(end == WENT_OUT for end, _, _ in game.ends))
    assert seen.record is not None
    played = next(r for r in seen.record.rounds if r.end == WENT_OUT)
    assert played.went_out is not None
    tally = seen.tallies[played.number - 1][played.went_out]
    assert (tally["clean_books"], tally["dirty_books"], tally["wild_books"]) >= (2, 2, 1)
    assert played.breakdowns[played.went_out].going_out == 100
    assert all(b.going_out == 0 for team, b in enumerate(played.breakdowns) if team != played.went_out)


class _Cheat(PlainBot):
    """Lays two cards down as a meld whenever it can."""

    def plan(self, table: RoundTable, seat: int, *, may_go_out: bool) -> Plan:
        pair = [c for c in table.seats[seat].hand if not table.cards[c].is_three][:2]
        return Plan((Lay(tuple(pair)),))


def test_a_move_the_rule_helper_refuses_is_refused_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not check_meld(VARIANTS["pagat-partnership"], "9 9")
    monkeypatch.setitem(BOTS, "cheat", _Cheat)
    with pytest.raises(IllegalMove, match=r"at least 3 cards|needs 50 points"):
        play_game(VARIANTS["pagat-partnership"], 1, styles=("cheat",))


def test_every_style_is_written_down_for_players() -> None:
    for name, bot in BOTS.items():
        lines = (bot.__doc__ or "").strip().splitlines()
        assert 3 <= len(lines) <= 30, name
        assert bot.name == name
    assert len({bot.__doc__ for bot in BOTS.values()}) == len(BOTS) == 3


def test_the_checks_see_a_lost_card_a_card_in_two_places_and_an_illegal_meld() -> None:
    tables: list[RoundTable] = []
    play_game(VARIANTS["pagat-partnership"], 3, watch=lambda table: tables.append(table) if table.turn == 20 else None)
    table = tables[0]
    assert invariants.table_problems(table) == []
    card = table.stock[-1]
    table.seats[0].hand.append(card)
    assert invariants.pack_problems(table) == [f"card {card} ({table.cards[card]}) is in stock and in hand 0"]
    table.stock.pop()
    table.seats[0].hand.pop()
    assert invariants.pack_problems(table) == [f"1 cards of the pack are nowhere, such as {table.cards[card]}"]
    table.stock.append(card)
    nines = [c for c in range(len(table.cards)) if table.cards[c].rank == "9"][:2]
    for place in table.places():
        for c in nines:
            if c in place[1]:
                place[1].remove(c)
    table.teams[0].melds.append(nines)
    assert invariants.meld_problems(table) == ["team 0: A meld needs at least 3 cards; this one has 2."]
    assert invariants.pack_problems(table) == []
