# The cards on a table during one round: where every physical card of the pack lies, and who holds what.
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from random import Random

from handfoot.cards import Card
from handfoot.deck import Pack
from handfoot.variant import Variant

# The order the cards of one deck are built in; a card's id is its place in the pack built this way.
_SUITS = ("H", "D", "S", "C")
_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def pack_cards(pack: Pack) -> tuple[Card, ...]:
    """Every physical card of the pack, deck by deck; a card's id is its index here (two decks give equal cards)."""
    deck = [Card(rank, suit) for suit in _SUITS for rank in _RANKS] + [Card("JK")] * pack.jokers
    return tuple(deck * pack.decks)


@dataclass
class Seat:
    """One player's cards: the hand they play from, and the foot waiting face down (None once picked up)."""

    hand: list[int]
    foot: list[int] | None
    played_from_foot: bool = False
    foot_turn: int | None = None  # the table turn the foot was picked up on

    @property
    def in_foot(self) -> bool:
        return self.foot is None


@dataclass
class TeamTable:
    """What a team has laid on the table: its melds (books are melds at book size), red threes and black threes laid
    down going out; whether it has made its first meld, and on which turn."""

    melds: list[list[int]] = field(default_factory=list)
    red_threes: list[int] = field(default_factory=list)
    black_threes_out: list[int] = field(default_factory=list)
    opened: bool = False
    first_meld_turn: int | None = None
    exact_cuts: int = 0


@dataclass
class RoundTable:
    """One round in play. It is the one mutable object of the simulator: a turn changes it in place.

    ``stock`` and ``pile`` hold card ids with the top card last. ``team_scores`` are the teams' totals before the
    round (for minimums set by score); ``rng`` is the round's seeded generator (burying, reshuffling); ``turn`` counts
    turns begun in the round.
    """

    variant: Variant
    round_number: int
    cards: tuple[Card, ...]
    stock: list[int]
    pile: list[int]
    seats: list[Seat]
    teams: list[TeamTable]
    team_scores: tuple[int, ...]
    rng: Random
    values: tuple[int, ...] = ()  # each card's points under the variant, by id
    turn: int = 0
    first: int = 0  # the seat that plays first in the round
    ended: str = ""  # "", or how the round ended: see game.ROUND_ENDS
    went_out: int | None = None  # the team that went out
    went_out_by: int | None = None  # the seat of the player who went out
    # Melds (as card ids) the table checks have found legal: the same cards make the same verdict.
    legal_melds: set[tuple[int, ...]] = field(default_factory=set, repr=False, compare=False)
    wild: tuple[bool, ...] = field(default=(), repr=False)  # whether each card is wild, by id (the bots count often)

    def team_of(self, seat: int) -> int:
        return seat % len(self.teams)

    def partners(self, seat: int) -> list[int]:
        """The other players of the seat's team (partners sit across: seats of one team are ``teams`` apart)."""
        team = self.team_of(seat)
        return [other for other in range(len(self.seats)) if other != seat and self.team_of(other) == team]

    def card(self, card_id: int) -> Card:
        return self.cards[card_id]

    def places(self) -> Iterator[tuple[str, list[int]]]:
        """Every place a card can lie, named: the stock, the pile, each hand and foot, each team's table."""
        yield "stock", self.stock
        yield "pile", self.pile
        for number, seat in enumerate(self.seats):
            yield f"hand {number}", seat.hand
            if seat.foot is not None:
                yield f"foot {number}", seat.foot
        for number, team in enumerate(self.teams):
            for index, meld in enumerate(team.melds):
                yield f"team {number} meld {index}", meld
            yield f"team {number} red threes", team.red_threes
            yield f"team {number} black threes", team.black_threes_out


@dataclass(frozen=True)
class Deal:
    """The sizes one round deals, read from the variant."""

    hand: int
    foot: int

    @classmethod
    def of(cls, variant: Variant, round_number: int) -> Deal:
        return cls(variant.hand_size(round_number), variant.foot_size(round_number))
