"""The table bots, the site's default style, checked as a table would check a player: they never look at cards they
cannot see, never miss a way to go out or to reach the foot that a search of every lay finds, go out in most rounds,
beat the plain bots from the same deals, and play the rules the way a table expects them to change play. The large
samples of the same properties are benchmarks/bots.py's (see benchmarks/README.md)."""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Iterator, Sequence

import pytest
from sim_games import VARIANTS

from handfoot.simulate import BOTS, RoundRecord, play_game, run_games
from handfoot.simulate.bots import meld_rank
from handfoot.simulate.legal import book_counts
from handfoot.simulate.legal import books_short as short_of
from handfoot.simulate.moves import Lay, cards_of, check_lays, melds_after
from handfoot.simulate.public import partners_ready
from handfoot.simulate.table import RoundTable, Seat, TeamTable
from handfoot.simulate.turn import WENT_OUT, draw

PAGAT = VARIANTS["pagat-partnership"]


def _clone(table: RoundTable) -> RoundTable:
    """A copy of the table that play can change without touching the original."""
    seats = [
        Seat(list(s.hand), None if s.foot is None else list(s.foot), s.played_from_foot, s.foot_turn)
        for s in table.seats
    ]
    teams = [
        TeamTable([list(m) for m in t.melds], list(t.red_threes), list(t.black_threes_out), t.opened, t.first_meld_turn)
        for t in table.teams
    ]
    rng = random.Random()
    rng.setstate(table.rng.getstate())
    return RoundTable(
        table.variant,
        table.round_number,
        table.cards,
        list(table.stock),
        list(table.pile),
        seats,
        teams,
        table.team_scores,
        rng,
        table.values,
        table.turn,
        table.first,
        wild=table.wild,
    )


def _positions(variant_id: str, games: int, every: int = 3) -> Iterator[tuple[RoundTable, int]]:
    """Tables from seeded games, every few turns, each with the seat to play next."""
    tables: list[tuple[RoundTable, int]] = []

    def watch(table: RoundTable) -> None:
        if table.turn and table.turn % every == 0 and not table.ended:
            tables.append((_clone(table), (table.first + table.turn) % len(table.seats)))

    for seed in range(games):
        play_game(VARIANTS[variant_id], f"positions-{seed}", watch=watch, check=False)
    yield from tables


def _hide(table: RoundTable, seat: int, rng: random.Random) -> RoundTable:
    """The same table with every card the seat cannot see dealt again: other hands, every foot, the stock's order."""
    hidden = _clone(table)
    places = [hidden.stock, *(s.hand for n, s in enumerate(hidden.seats) if n != seat)]
    places += [s.foot for s in hidden.seats if s.foot is not None]
    pool = [card for place in places for card in place]
    rng.shuffle(pool)
    for place in places:
        size = len(place)
        place[:], pool = pool[:size], pool[size:]
    return hidden


def _decisions(table: RoundTable, seat: int) -> tuple[object, ...]:
    bot = BOTS["table"]()
    partner = next(iter(table.partners(seat)), seat)
    return (
        bot.pickup(table, seat) if table.pile else None,
        bot.plan(table, seat, may_go_out=table.seats[seat].in_foot),
        bot.discard(table, seat) if table.seats[seat].hand else None,
        bot.agrees(table, partner, seat),
    )


def test_a_bot_decides_the_same_whatever_the_cards_it_cannot_see() -> None:
    rng = random.Random(5)
    checked = 0
    for variant_id in ("pagat-partnership", "bicycle"):
        for table, seat in itertools.islice(_positions(variant_id, 2, every=5), 40):
            seen = _decisions(table, seat)
            for _ in range(2):
                assert _decisions(_hide(table, seat, rng), seat) == seen, (variant_id, table.turn, seat)
            checked += 1
    assert checked >= 60


def _every_lay(table: RoundTable, seat: int, most_left: int) -> Iterator[tuple[list[Lay], list[int]]]:
    """Every way to lay the hand onto the side's unfinished melds and one new meld, leaving at most ``most_left``
    cards: the search that checks the bots' planner, card by card (a natural card only onto a meld of its rank)."""
    hand = table.seats[seat].hand
    book = table.variant["melds.book_size"]
    melds = table.teams[table.team_of(seat)].melds
    grow = table.variant["melds.grow_past_book"]
    open_melds = [n for n, meld in enumerate(melds) if len(meld) < book or grow]
    rank_of = {n: meld_rank(table, melds[n]) for n in open_melds}

    def places_of(card: int) -> list[int | str | None]:
        known = table.cards[card]
        ontos = [n for n in open_melds if known.is_wild or rank_of[n] == known.rank]
        return [*ontos, None, "left"]

    for places in itertools.product(*(places_of(card) for card in hand)):
        left = [card for card, place in zip(hand, places, strict=True) if place == "left"]
        if len(left) > most_left:
            continue
        lays: dict[int | None, list[int]] = {}
        for card, place in zip(hand, places, strict=True):
            if place != "left":
                lays.setdefault(place, []).append(card)  # type: ignore[arg-type]
        yield [Lay(tuple(cards), onto) for onto, cards in lays.items()], left


def _can(table: RoundTable, seat: int, *, out: bool) -> bool:
    required = table.variant["going_out.final_discard"] == "required"
    for lays, left in _every_lay(table, seat, 1):
        if out and required and len(left) != 1:
            continue
        if any(table.cards[card].is_three for lay in lays for card in lay.cards):
            continue
        if not lays or not check_lays(table, seat, lays):
            continue
        if out:
            after = melds_after(table, seat, lays)
            assert isinstance(after, list)
            books = book_counts(table.variant, [cards_of(table, meld) for meld in after])
            if short_of(table.variant, table.round_number, books):
                continue
        return True
    return False


@pytest.mark.parametrize(("variant_id", "games"), [("pagat-partnership", 6), ("bicycle", 8)])
def test_the_bot_never_passes_up_a_go_out_or_a_way_to_its_foot_that_a_search_finds(variant_id: str, games: int) -> None:
    """Pagat, and Bicycle with its required final discard and two unfinished melds of a rank allowed."""
    bot = BOTS["table"]()
    outs = feet = 0
    for table, seat in _positions(variant_id, games, every=1):
        player = table.seats[seat]
        if not table.teams[table.team_of(seat)].opened or (player.in_foot and not partners_ready(table, seat)):
            continue
        after = _clone(table)
        if not after.seats[seat].hand or not draw(after, seat) or len(after.seats[seat].hand) > 6:
            continue
        if player.in_foot and _can(after, seat, out=True):
            assert bot.plan(after, seat, may_go_out=True).go_out, (table.turn, seat)
            outs += 1
        elif not player.in_foot and _can(after, seat, out=False):
            plan = bot.plan(after, seat, may_go_out=False)
            laid = sum(len(lay.cards) for lay in plan.lays)
            assert len(after.seats[seat].hand) - laid <= 1, (table.turn, seat)
            feet += 1
    assert outs >= 10, outs
    assert feet >= 40, feet


def _rounds(variant_id: str, games: int, style: str, **changes: object) -> list[RoundRecord]:
    variant = VARIANTS[variant_id].with_changes(changes) if changes else VARIANTS[variant_id]
    return [r for g in run_games(variant, games, "table-check", styles=(style,)) for r in g.rounds]


def _went_out(rounds: Sequence[RoundRecord]) -> float:
    return sum(r.end == WENT_OUT for r in rounds) / len(rounds)


def test_table_bots_end_most_rounds_by_going_out_and_reach_their_feet() -> None:
    table, plain = _rounds("pagat-partnership", 8, "table"), _rounds("pagat-partnership", 8, "plain")
    assert _went_out(table) >= 0.75
    assert _went_out(plain) <= 0.5
    feet = sum(r.feet_reached for r in table) / sum(r.players for r in table)
    assert feet >= 0.8


def test_table_bots_beat_the_plain_bots_from_both_sides_of_the_same_deals() -> None:
    deals = 8
    as_first = run_games(PAGAT, deals, "head-to-head", styles=("table", "plain"))
    as_second = run_games(PAGAT, deals, "head-to-head", styles=("plain", "table"))
    wins = sum(g.totals[0] > g.totals[1] for g in as_first) + sum(g.totals[1] > g.totals[0] for g in as_second)
    assert wins / (2 * deals) > 0.6


def test_an_easier_contract_gives_shorter_rounds_and_a_big_bonus_no_longer_ones() -> None:
    base = _rounds("pagat-partnership", 8, "table")
    easy = _rounds("pagat-partnership", 8, "table", **{"going_out.books": {"clean": 1, "dirty": 1}})
    assert statistics.median(r.turns for r in easy) < statistics.median(r.turns for r in base) - 5
    big = _rounds("pagat-partnership", 8, "table", **{"going_out.bonus": 1000})
    assert statistics.median(r.turns for r in big) <= statistics.median(r.turns for r in base)


def test_two_styles_played_from_one_seed_share_their_shuffles() -> None:
    deals: dict[str, list[list[int]]] = {}
    for style in ("table", "plain"):
        hands: list[list[int]] = []

        def watch(table: RoundTable, hands: list[list[int]] = hands) -> None:
            if table.turn == 0:
                hands.append(sorted(table.seats[0].hand))

        play_game(PAGAT, "shared", styles=(style,), watch=watch, check=False)
        deals[style] = hands
    assert len(deals["table"]) == 4
    assert deals["table"] == deals["plain"]
