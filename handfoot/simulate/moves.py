# The moves a player makes on a turn, as plain data, and the checks that decide whether the table allows them. A bot
# proposes a move; the turn checks it here, through handfoot's checks (legal.py), and refuses an illegal one.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from handfoot.cards import Card
from handfoot.rules import Verdict
from handfoot.simulate import legal
from handfoot.simulate.table import RoundTable


class IllegalMove(Exception):
    """A bot proposed a move the rules refuse: a bug in the bot, never a situation of play."""


@dataclass(frozen=True)
class Lay:
    """Cards from the hand onto the team's table: onto the meld at index ``onto``, or as a new meld when None."""

    cards: tuple[int, ...]
    onto: int | None = None


@dataclass(frozen=True)
class Pickup:
    """Taking the discard pile. ``home`` are the cards from the hand that meld with the top card, onto the team's
    meld ``onto`` or as a new meld; ``others`` are more new melds laid with it (a first meld), from the hand or, where
    the rules let them count, from the cards taken under the top card."""

    home: tuple[int, ...]
    onto: int | None = None
    others: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Plan:
    """What a player lays down in one go: ``lays`` in order; ``go_out`` asks to go out with them (every card
    melded, or all but one, the final discard), laying down ``black_threes`` too where the rules score that."""

    lays: tuple[Lay, ...] = ()
    go_out: bool = False
    black_threes: tuple[int, ...] = ()


def cards_of(table: RoundTable, ids: Sequence[int]) -> list[Card]:
    return [table.cards[card] for card in ids]


def taken_cards(table: RoundTable) -> list[int]:
    """The cards a pickup takes from the pile, the top card last."""
    take = table.variant["pile.take"]
    return list(table.pile if take is None else table.pile[-take:])


def team_score(table: RoundTable, seat: int) -> int:
    """The team's total before the round, as a first-meld minimum set by score reads it (below 0 as 0 is read,
    as Variant.opening_minimum and the rule page have it)."""
    return table.team_scores[table.team_of(seat)]


def _refuse(reason: str, rule: str = "") -> Verdict:
    return Verdict(False, reason, rule)


def _changed(table: RoundTable, seat: int, lays: Sequence[Lay]) -> list[int]:
    """The indexes of the team's melds that ``lays`` start or add to."""
    count = len(table.teams[table.team_of(seat)].melds)
    changed: list[int] = []
    for lay in lays:
        index = count if lay.onto is None else lay.onto
        count += lay.onto is None
        if index not in changed:
            changed.append(index)
    return changed


def melds_after(table: RoundTable, seat: int, lays: Sequence[Lay]) -> list[list[int]] | Verdict:
    """The team's melds once ``lays`` are made, or the verdict against them (cards not in the hand included)."""
    hand = list(table.seats[seat].hand)
    melds = [list(meld) for meld in table.teams[table.team_of(seat)].melds]
    for lay in lays:
        for card in lay.cards:
            if card not in hand:
                return _refuse(f"card {card} is not in the hand")
            hand.remove(card)
        if lay.onto is None:
            melds.append(list(lay.cards))
        elif 0 <= lay.onto < len(melds):
            melds[lay.onto].extend(lay.cards)
        else:
            return _refuse(f"no meld {lay.onto}")
    return melds


def check_lays(table: RoundTable, seat: int, lays: Sequence[Lay]) -> Verdict:
    """May the player make these lays? A team that has not made its first meld lays only new melds, which together
    must be a legal first meld; every meld must stay legal, with one unfinished meld of a rank where the rules say
    so."""
    variant, team = table.variant, table.teams[table.team_of(seat)]
    after = melds_after(table, seat, lays)
    if isinstance(after, Verdict):
        return after
    if not lays:
        return Verdict(True, "nothing laid")
    if not team.opened:
        if any(lay.onto is not None for lay in lays):
            return _refuse("a team adds to melds only after its first meld", "opening.minimums")
        opening = legal.opening_ok(
            variant,
            table.round_number,
            [cards_of(table, lay.cards) for lay in lays],
            pile_top=None,
            team_score=team_score(table, seat),
        )
        if not opening:
            return opening
    against = _against(table, after, _changed(table, seat, lays))
    return against if against is not None else Verdict(True, "the melds are legal")


def check_pickup(table: RoundTable, seat: int, pickup: Pickup) -> Verdict:
    """May the player take the pile this way? The pile's own rules (handfoot's pickup check), the top card's meld
    legal where it goes, and for a team's first meld the opening check with the top card."""
    variant, number = table.variant, table.round_number
    team, player = table.teams[table.team_of(seat)], table.seats[seat]
    if not table.pile:
        return _refuse("the pile is empty")
    taken = taken_cards(table)
    top, rest = taken[-1], taken[:-1]
    hand = list(player.hand)
    rest_counts = variant["opening.pile_rest_counts"] and not team.opened and variant["pile.needs_team_meld"]
    for card in pickup.home:
        if card not in hand:
            return _refuse(f"card {card} is not in the hand")
        hand.remove(card)
    other_cards = [card for meld in pickup.others for card in meld]
    spare_rest = list(rest)
    for card in other_cards:
        if card in hand:
            hand.remove(card)
        elif rest_counts and card in spare_rest:
            spare_rest.remove(card)
        else:
            return _refuse(f"card {card} is neither in the hand nor counted from the pile")
    top_card = table.cards[top]
    home = cards_of(table, pickup.home)
    from_rest = any(card in rest for card in other_cards)
    first_meld = not team.opened and variant["pile.needs_team_meld"]
    if first_meld and not from_rest:
        if any(table.cards[card].is_wild for card in other_cards):
            # handfoot's pickup check groups a first meld's wild cards with the top card (rules.melds_with_top).
            return _refuse(
                "the wild cards of a first meld taken with the pile go with the top card", "pile.needs_team_meld"
            )
        held = home + cards_of(table, other_cards)
        verdict = legal.pickup_ok(
            variant,
            top_card,
            held,
            team_has_melded=False,
            playing_from_foot=player.in_foot,
            round_number=number,
            team_score=team_score(table, seat),
        )
        if not verdict:
            return verdict
    else:
        verdict = legal.pickup_ok(
            variant,
            top_card,
            home,
            team_has_melded=team.opened or from_rest,
            playing_from_foot=player.in_foot,
            round_number=number,
            team_score=team_score(table, seat),
        )
        if not verdict:
            return verdict
        if first_meld:
            opening = legal.opening_ok(
                variant,
                number,
                [home, *(cards_of(table, meld) for meld in pickup.others)],
                pile_top=top_card,
                team_score=team_score(table, seat),
            )
            if not opening:
                return opening
    if pickup.others and not first_meld:
        return _refuse("more melds go down with a pickup only as a team's first meld")
    melds = [list(meld) for meld in team.melds]
    changed = [len(melds) if pickup.onto is None else pickup.onto]
    if pickup.onto is None:
        melds.append([*pickup.home, top])
    elif 0 <= pickup.onto < len(melds):
        melds[pickup.onto].extend([*pickup.home, top])
    else:
        return _refuse(f"no meld {pickup.onto}")
    changed.extend(range(len(melds), len(melds) + len(pickup.others)))
    melds.extend(list(meld) for meld in pickup.others)
    against = _against(table, melds, changed)
    return against if against is not None else Verdict(True, "the pile may be taken")


def _against(table: RoundTable, melds: Sequence[Sequence[int]], changed: Sequence[int]) -> Verdict | None:
    """The verdict against the team's melds once some were started or added to (``changed``), or None."""
    book = table.variant["melds.book_size"]
    return legal.melds_ok(
        table.variant,
        [cards_of(table, melds[index]) for index in changed],
        [cards_of(table, meld) for meld in melds if len(meld) < book],
    )


def books_after(table: RoundTable, seat: int, lays: Sequence[Lay]) -> dict[str, int]:
    after = melds_after(table, seat, lays)
    assert not isinstance(after, Verdict), after.reason
    return legal.book_counts(table.variant, [cards_of(table, meld) for meld in after])
