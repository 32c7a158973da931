# A whole game: rounds dealt from a seeded shuffle and played turn by turn until one ends, scored by
# handfoot.score_round from the tally read off the table, until the variant's rounds or target score are reached.
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from handfoot.cards import Card
from handfoot.scoring import score_round
from handfoot.simulate import invariants, unsettled
from handfoot.simulate.bots import PlainBot
from handfoot.simulate.reading import Breakdown, add_up, read_tally
from handfoot.simulate.styles import BOTS, DEFAULT_STYLE
from handfoot.simulate.table import Deal, RoundTable, Seat, TeamTable, pack_cards
from handfoot.simulate.turn import lay_red_threes, play_turn
from handfoot.values import card_value
from handfoot.variant import Variant

# What a watcher is given after every turn (the tests check the table there).
Watch = Callable[[RoundTable], None]
# The upcards deal.upcard_buried names.
_UPCARD_KINDS: dict[str, Callable[[Card], bool]] = {
    "red_three": lambda card: card.is_red_three,
    "black_three": lambda card: card.is_black_three,
    "two": lambda card: card.rank == "2",
    "joker": lambda card: card.is_joker,
}


@dataclass(frozen=True)
class RoundRecord:
    """One round as played: its turns, how it ended, which team went out, each team's turn of its first meld (None
    if it never melded), how many players picked up their foot and how many sides had every player in it, each
    team's score (score_round) and where it came from."""

    number: int
    turns: int
    end: str
    went_out: int | None
    first_meld_turns: tuple[int | None, ...]
    feet_reached: int
    sides_in_foot: int
    players: int
    scores: tuple[int, ...]
    breakdowns: tuple[Breakdown, ...]


@dataclass(frozen=True)
class GameRecord:
    """A game as played from one seed: its rounds, the teams' totals, and every problem the checks found."""

    seed: str
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, ...]
    problems: tuple[str, ...]

    @property
    def margin(self) -> int:
        """Points between the winning team and the last team."""
        return max(self.totals) - min(self.totals)


def opening_player(variant: Variant) -> int:
    """Who plays first in round 1: the seat left of the first dealer (unsettled.FIRST_DEALER), or where nobody deals
    the seat the players agree on, taken as the same one."""
    players: int = variant["players.count"]
    if variant["turn.first_player"] == "hand_dealer_left":
        assert unsettled.HANDS_DEALT_BY_DEALER
    return (unsettled.FIRST_DEALER + 1) % players


def next_first_player(variant: Variant, table: RoundTable, first: int) -> int:
    """Who plays first in the round after ``table``, which ``first`` started (turn.next_round): one seat to the left,
    or where the player who went out deals next, the seat left of them (the player themself where nobody deals)."""
    players: int = variant["players.count"]
    if variant["turn.next_round"] == "went_out" and table.went_out_by is not None:
        dealt = 1 if variant["turn.first_player"] != "agreed" else 0
        return (table.went_out_by + dealt) % players
    return (first + 1) % players


def _buried(variant: Variant, card: Card) -> bool:
    return any(_UPCARD_KINDS[kind](card) for kind in variant["deal.upcard_buried"])


def deal(variant: Variant, round_number: int, rng: random.Random, team_scores: Sequence[int]) -> RoundTable:
    """Shuffle the pack with ``rng``, deal every hand and foot, and turn the upcard (burying what the rules bury)."""
    cards = pack_cards(variant.pack)
    stock = list(range(len(cards)))
    rng.shuffle(stock)
    players, teams = variant["players.count"], variant.teams
    sizes = Deal.of(variant, round_number)
    hands = [[stock.pop() for _ in range(sizes.hand)] for _ in range(players)]
    feet = [[stock.pop() for _ in range(sizes.foot)] for _ in range(players)]
    method = variant["deal.method"]
    if method == "cut_pass_foot":
        feet = [feet[(seat + 1) % players] for seat in range(players)]  # each player passes the foot to the right
    table = RoundTable(
        variant=variant,
        round_number=round_number,
        cards=cards,
        stock=stock,
        pile=[],
        seats=[Seat(hands[seat], feet[seat]) for seat in range(players)],
        teams=[TeamTable() for _ in range(teams)],
        team_scores=tuple(team_scores),
        rng=rng,
        values=tuple(card_value(variant, card) for card in cards),
        wild=tuple(card.is_wild for card in cards),
    )
    if method != "dealt":
        # Each player's cut is drawn whether or not the rules pay for an exact one, so that rules differing only in
        # the bonus play the same games.
        exact = [rng.random() < unsettled.EXACT_CUT_CHANCE for _ in range(players)]
        if variant["deal.exact_cut_bonus"]:
            for seat in range(players):
                table.teams[table.team_of(seat)].exact_cuts += exact[seat]
    table.pile.append(stock.pop())
    for _ in range(len(cards)):
        if not _buried(variant, cards[table.pile[-1]]):
            break
        stock.insert(unsettled.bury_place(len(stock), rng), table.pile.pop())
        table.pile.append(stock.pop())
    return table


def play_round(
    variant: Variant,
    round_number: int,
    rng: random.Random,
    bots: Sequence[PlainBot],
    team_scores: Sequence[int],
    watch: Watch | None = None,
    *,
    first: int,
) -> RoundTable:
    """Deal and play one round to its end, ``first`` playing first; ``watch`` sees the table after the deal and after
    every turn."""
    table = deal(variant, round_number, rng, team_scores)
    table.first = first
    order = [(first + step) % len(table.seats) for step in range(len(table.seats))]
    if variant["turn.red_threes_dealt"] == "before_play":
        for seat in order:
            if not lay_red_threes(table, seat):
                break
    if watch is not None:
        watch(table)
    seat = first
    while not table.ended:
        play_turn(table, seat, bots)
        if watch is not None:
            watch(table)
        seat = (seat + 1) % len(table.seats)
    return table


def _record(table: RoundTable) -> RoundRecord:
    teams = range(len(table.teams))
    return RoundRecord(
        number=table.round_number,
        turns=table.turn,
        end=table.ended,
        went_out=table.went_out,
        first_meld_turns=tuple(table.teams[team].first_meld_turn for team in teams),
        feet_reached=sum(1 for seat in table.seats if seat.in_foot),
        sides_in_foot=sum(
            all(seat.in_foot for n, seat in enumerate(table.seats) if table.team_of(n) == team) for team in teams
        ),
        players=len(table.seats),
        scores=tuple(score_round(table.variant, read_tally(table, team))["total"] for team in teams),
        breakdowns=tuple(add_up(table, team) for team in teams),
    )


def game_over(variant: Variant, round_number: int, totals: Sequence[int]) -> bool:
    count, target = variant.round_count, variant["rounds.target_score"]
    if count is not None and round_number >= count:
        return True
    if target is not None and max(totals) >= target:
        return True
    return count is None and round_number >= unsettled.ROUND_LIMIT


def play_game(
    variant: Variant,
    seed: str | int,
    *,
    styles: Sequence[str] = (DEFAULT_STYLE,),
    check: bool = True,
    watch: Watch | None = None,
) -> GameRecord:
    """Play one game from ``seed``: the same seed, rules and styles always give the same game.

    ``styles`` names each seat's bot in turn (repeated round the table). With ``check``, the table is checked after
    every turn (invariants.py) and every round's score against the cards; the problems found are in the record.
    """
    rng = random.Random(str(seed))
    bots = [BOTS[styles[seat % len(styles)]]() for seat in range(variant["players.count"])]
    problems: list[str] = []

    def checked(table: RoundTable) -> None:
        problems.extend(f"round {table.round_number}, turn {table.turn}: {p}" for p in invariants.table_problems(table))
        if watch is not None:
            watch(table)

    totals = [0] * variant.teams
    rounds = []
    number = 0
    first = opening_player(variant)
    while True:
        number += 1
        table = play_round(variant, number, rng, bots, totals, checked if check else watch, first=first)
        first = next_first_player(variant, table, first)
        if check:
            problems.extend(f"round {number}: {p}" for p in invariants.score_problems(table))
        record = _record(table)
        rounds.append(record)
        totals = [total + score for total, score in zip(totals, record.scores, strict=True)]
        if game_over(variant, number, totals):
            break
    return GameRecord(str(seed), tuple(rounds), tuple(totals), tuple(problems))
