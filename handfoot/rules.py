# Checks of play: a meld, an opening, a pickup of the discard pile, going out. Each returns a Verdict.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from handfoot.cards import Card, parse_card, parse_cards, picked_card, rank_name
from handfoot.errors import TallyError
from handfoot.spec import books_phrase
from handfoot.values import cards_value
from handfoot.variant import Variant
from handfoot.wild_limits import wild_limit_rule
from handfoot.words import asking, pluralise


@dataclass(frozen=True)
class Verdict:
    """The answer to "may I?": ``ok``, ``reason`` (a sentence a player understands, for a yes as for a no) and
    ``rule``, the spec path of the rule that decides it. An opening's verdict also carries the card ``points`` its
    melds make and the ``minimum`` they had to reach.
    """

    ok: bool
    reason: str = ""
    rule: str = ""
    points: int | None = None
    minimum: int | None = None

    def __bool__(self) -> bool:
        return self.ok


def _yes(reason: str, rule: str) -> Verdict:
    return Verdict(True, reason, rule)


def _no(reason: str, rule: str) -> Verdict:
    return Verdict(False, reason, rule)


def _cards(count: int, rank: str) -> str:
    return f"{count} {rank_name(rank, count)}"


def meld_verdict(variant: Variant, cards: Sequence[Card]) -> Verdict:
    """``check_meld`` on cards already parsed."""
    size = len(cards)
    if any(card.is_three for card in cards):
        return _no("Threes cannot be melded the way other ranks are.", "melds.min_size")
    smallest, book = variant["melds.min_size"], variant["melds.book_size"]
    if size < smallest:
        return _no(f"A meld needs at least {smallest} cards; this one has {size}.", "melds.min_size")
    if size > book and not variant["melds.grow_past_book"]:
        return _no(f"A meld closes as a book at {book} cards; this one has {size}.", "melds.grow_past_book")
    naturals = [card for card in cards if not card.is_wild]
    wilds = size - len(naturals)
    if not naturals:
        if not variant.has_wild_book:
            return _no("These rules allow no meld made only of wild cards.", "books.wild")
        return _yes(f"{size} wild cards make a wild meld; at {book} cards it is a wild book.", "books.wild")
    ranks = sorted({card.rank for card in naturals})
    if len(ranks) > 1:
        names = " and ".join(rank_name(rank, 2) for rank in ranks)
        return _no(f"A meld holds natural cards of one rank; this one mixes {names}.", "melds.min_size")
    rank = ranks[0]
    if not wilds:
        return _yes(f"{_cards(size, rank)} make a meld of {size} natural cards.", "melds.min_size")
    least = variant["melds.min_naturals"]
    if len(naturals) < least:
        return _no(
            f"A meld with a wild card needs at least {least} natural cards; this one has {len(naturals)}.",
            "melds.min_naturals",
        )
    allowed = variant.wilds_allowed(size)
    limit = wild_limit_rule(variant, size)
    if wilds > allowed:
        most = pluralise(allowed, "wild card")
        return _no(f"A meld of {size} cards may hold at most {most}; this one has {wilds}.", limit)
    return _yes(
        f"{_cards(len(naturals), rank)} and {pluralise(wilds, 'wild card')} make a meld: "
        f"a meld of {size} cards may hold {pluralise(allowed, 'wild card')}.",
        limit,
    )


def check_meld(variant: Variant, cards: str) -> Verdict:
    """May these cards lie on the table as one meld?

    Checks the meld size, the cap at book size (unless the variant lets melds grow), the wild-card limits, all-wild
    melds (only where the variant has a wild book) and that threes are not melded. ``cards`` is card text such as
    ``"9 9 9 2"``; an unreadable card raises ``ValueError`` naming it.
    """
    return meld_verdict(variant, parse_cards(cards))


def _round(variant: Variant, round_number: int) -> None:
    count = variant.round_count
    if not isinstance(round_number, int) or isinstance(round_number, bool) or round_number < 1:
        raise TallyError(f"The round must be a whole number from 1, got {round_number!r}.", "round")
    if count is not None and round_number > count:
        raise TallyError(f"These rules play {count} rounds; there is no round {round_number}.", "round")


def _pile_home(parsed: list[list[Card]], top: Card) -> list[Card] | None:
    """The meld the pile's top card joins: the first that holds cards of its rank (for a wild top, wild cards of its
    own rank: twos for a two, jokers for a joker)."""
    return next((meld for meld in parsed if any(card.rank == top.rank for card in meld)), None)


def _one_open_per_rank(variant: Variant, parsed: Sequence[Sequence[Card]]) -> Verdict | None:
    if not variant["melds.one_open_per_rank"]:
        return None
    book = variant["melds.book_size"]
    unfinished: dict[str, int] = {}
    for meld in parsed:
        naturals = {card.rank for card in meld if not card.is_wild}
        rank = naturals.pop() if naturals else "wild"
        if len(meld) < book:
            unfinished[rank] = unfinished.get(rank, 0) + 1
    for rank, count in unfinished.items():
        if count > 1:
            name = "wild melds" if rank == "wild" else f"melds of {rank_name(rank, 2)}"
            return _no(
                f"A second meld of a rank may be started only once the first is a book; these are {count} "
                f"unfinished {name}.",
                "melds.one_open_per_rank",
            )
    return None


def opening_verdict(
    variant: Variant, round: int, parsed: list[list[Card]], *, pile_top: Card | None = None, team_score: int = 0
) -> Verdict:
    """``check_opening`` on cards already parsed (``parsed`` is changed: the pile's top card joins its meld)."""
    _round(variant, round)
    if not parsed:
        return _no("An opening needs at least one meld.", "opening.minimums")
    if pile_top is not None:
        home = _pile_home(parsed, pile_top)
        taken = pickup_verdict(variant, pile_top, home or [])
        if not taken or home is None:
            return taken
        home.append(pile_top)
    for meld in parsed:
        verdict = meld_verdict(variant, meld)
        if not verdict:
            return verdict
    crowded = _one_open_per_rank(variant, parsed)
    if crowded is not None:
        return crowded
    books = variant.in_round("opening.books_needed", round)
    complete = sum(1 for meld in parsed if len(meld) >= variant["melds.book_size"])
    if complete < books:
        size = variant["melds.book_size"]
        return _no(
            f"Round {round} needs {pluralise(books, 'complete book')} of {size} cards in the first meld; "
            f"these melds hold {complete}.",
            "opening.books_needed",
        )
    points = sum(cards_value(variant, meld) for meld in parsed)
    minimum = variant.opening_minimum(round, team_score)
    if variant["opening.by_score"] is None:
        rule, needs = "opening.minimums", f"Round {round} needs {minimum} points in the first meld"
    else:
        rule, needs = "opening.by_score", f"With a score of {team_score}, a first meld needs {minimum} points"
    return Verdict(points >= minimum, f"{needs}; these cards make {points}.", rule, points, minimum)


def check_opening(
    variant: Variant,
    round: int,
    melds: Sequence[str],
    *,
    pile_top: str | None = None,
    team_score: int = 0,
) -> Verdict:
    """Is this a team's legal first meld of the round, worth the round's minimum?

    ``melds`` is a list of card strings, one per meld; each must be a legal meld, and a rank may have one unfinished
    meld only where the variant says so. Only card values count, never book bonuses or red threes. ``pile_top`` is the
    top card of a discard-pile pickup: the pile's own rules apply to it (a three blocks the pile, the natural cards of
    its rank or the matching wild pair must come from the hand), it joins the meld of its rank and counts, while the
    rest of the pile does not (unless the variant says it does, which callers add to ``melds``). ``team_score`` picks
    the minimum when the variant sets minimums by score.
    """
    _round(variant, round)
    parsed = [list(parse_cards(meld)) for meld in melds]
    top = parse_card(pile_top) if pile_top is not None else None
    return opening_verdict(variant, round, parsed, pile_top=top, team_score=team_score)


def _top_refused(variant: Variant, card: Card) -> Verdict | None:
    """A top card that no hand can take: a three."""
    if card.is_red_three and variant["threes.red_laid_down"]:
        return _no("A red three never lies on the discard pile: it is laid down at once.", "threes.red_laid_down")
    if card.is_three and (variant["pile.blocked_by"] == "any_three" or card.is_black_three):
        return _no("A three on top of the discard pile blocks it; draw from the stock instead.", "pile.blocked_by")
    if card.is_three:
        return _no(
            "Threes cannot be melded, and the top card must be melded at once: a three on top cannot be taken.",
            "melds.min_size",
        )
    return None


def _taken_with(variant: Variant, card: Card, held: Sequence[Card]) -> Verdict:
    """Do the cards ``held`` take the pile under ``card``: the natural cards of its rank, or the matching wild pair?"""
    matching = sum(1 for c in held if c.rank == card.rank)
    if card.is_wild:
        if variant["pile.wild_top"] == "never":
            return _no("A wild card on top of the discard pile cannot be taken.", "pile.wild_top")
        if matching < 2:
            return _no(
                f"To take a {rank_name(card.rank)} from the top of the pile you need two {rank_name(card.rank, 2)} "
                f"in your hand; you have {matching}.",
                "pile.wild_top",
            )
        return _yes(f"You hold {_cards(matching, card.rank)} to take the {rank_name(card.rank)} with.", "pile.wild_top")
    needed = variant["pile.cards_needed"]
    wanted = rank_name(card.rank, needed)
    if matching < needed:
        return _no(
            f"To take the pile you need {needed} natural {wanted} in your hand (wild cards do not count); "
            f"you have {matching}.",
            "pile.cards_needed",
        )
    return _yes(
        f"You hold {_cards(matching, card.rank)}; the pile needs {needed} natural {wanted}.", "pile.cards_needed"
    )


def melds_with_top(top: Card, held: Sequence[Card]) -> list[list[Card]]:
    """The melds a team that has not melded lays down with a pickup: the cards in hand grouped by rank, the wild
    cards going to the top card's meld (or, for a wild top card, into a meld of wild cards)."""
    home_rank = "wild" if top.is_wild else top.rank
    groups: dict[str, list[Card]] = {home_rank: []}
    for card in held:
        rank = home_rank if card.is_wild else card.rank
        groups.setdefault(rank, []).append(card)
    return [cards for cards in groups.values() if cards]


def pickup_verdict(
    variant: Variant,
    card: Card,
    held: Sequence[Card],
    *,
    team_has_melded: bool = True,
    playing_from_foot: bool = True,
    round: int | None = None,
    team_score: int = 0,
) -> Verdict:
    """``check_pickup`` on cards already parsed."""
    refused = _top_refused(variant, card)
    if refused is not None:
        return refused
    if variant["pile.only_from_foot"] and not playing_from_foot:
        return _no(
            "Under these rules only a player already playing from the foot may take the pile.", "pile.only_from_foot"
        )
    taken = _taken_with(variant, card, held)
    if not taken or team_has_melded or not variant["pile.needs_team_meld"]:
        return taken
    if round is None:
        raise TallyError("A team that has not melded takes the pile as its first meld: say which round it is.", "round")
    opening = opening_verdict(variant, round, melds_with_top(card, held), pile_top=card, team_score=team_score)
    rule = opening.rule if opening.points is None else "pile.needs_team_meld"
    reason = f"{asking(variant['players.team_size'])['not_melded']} {opening.reason}"
    return replace(opening, reason=reason, rule=rule)


def check_pickup(
    variant: Variant,
    top: str,
    hand: str,
    *,
    team_has_melded: bool = True,
    playing_from_foot: bool = True,
    round: int | None = None,
    team_score: int = 0,
) -> Verdict:
    """May a player take the discard pile, with ``top`` its top card and ``hand`` the cards they hold?

    The top card may not be a three (a black three under rules where only black threes block; a red three is laid
    down at once where red threes are). The player needs natural cards of its rank (``pile.cards_needed``); a wild
    top card needs a matching wild pair where the variant allows it. Under ``pile.only_from_foot`` only a player
    playing from the foot may take the pile. Under ``pile.needs_team_meld`` a team that has not melded takes the pile
    as its first meld: the top card and the cards from ``hand`` (grouped into melds by rank, see ``melds_with_top``)
    must be a legal opening worth ``round``'s minimum, and the verdict carries the ``points`` and the ``minimum``.
    """
    return pickup_verdict(
        variant,
        parse_card(top),
        parse_cards(hand),
        team_has_melded=team_has_melded,
        playing_from_foot=playing_from_foot,
        round=round,
        team_score=team_score,
    )


def card_choices(variant: Variant) -> list[dict[str, Any]]:
    """The cards a question about these rules can hold, in the order a player reads them (aces down to fours, then
    threes, twos and jokers): each card's text (``card``), how many the pack holds (``copies``) and how it is shown
    (``picked_card``)."""
    return [{"card": code, "copies": copies, **picked_card(code)} for code, copies in variant.pack.copies.items()]


def book_counts(books: Mapping[str, int], where: str = "books") -> dict[str, int]:
    """Validate a ``{"clean": n, "dirty": n, "wild": n}`` mapping (missing kinds count 0)."""
    if not isinstance(books, Mapping):
        raise TallyError(f"Books must be given as counts such as {{'clean': 2}}, got {books!r}.", where)
    counts = {}
    for kind, count in books.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise TallyError(f"The number of {kind} books must be a whole number from 0, got {count!r}.", where)
        counts[str(kind)] = count
    return counts


def books_toward_going_out(variant: Variant, round_number: int, books: Mapping[str, int]) -> dict[str, int]:
    """The books a team holds as going out counts them: a house book that counts as clean or dirty fills its own
    kind's need first, and each one beyond that counts as a book of that other kind."""
    needed = variant.books_to_go_out(round_number)
    counted = dict(books)
    for kind in variant.book_kinds:
        spare = books.get(kind.id, 0) - needed.get(kind.id, 0)
        if kind.counts_as and spare > 0:
            counted[kind.counts_as] = counted.get(kind.counts_as, 0) + spare
    return counted


# What a team is asked before it may go out, beyond its books, where the rules ask it: each (rule, the answer that
# stops it, and what to say then).
_GOING_OUT_ASKS = (
    (
        "going_out.partner_in_foot",
        "partner_in_foot",
        "Your partner has not played from their foot yet: a team may go out only once every partner has.",
    ),
    (
        "going_out.ask_partner",
        "partner_agrees",
        "Your partner said no: going out needs their permission.",
    ),
    (
        "going_out.final_discard",
        "card_to_discard",
        "A final discard is required: keep one card to discard when you go out.",
    ),
)


def _asked(variant: Variant, path: str) -> bool:
    value = variant[path]
    return value == "required" if path == "going_out.final_discard" else bool(value)


def going_out_asks(variant: Variant) -> list[str]:
    """The rules beyond the books that going out asks about under these rules, by spec path."""
    return [path for path, _, _ in _GOING_OUT_ASKS if _asked(variant, path)]


def go_out_verdict(
    variant: Variant,
    round_number: int,
    books: Mapping[str, int],
    answers: Mapping[str, bool | None] | None = None,
) -> Verdict:
    needed = variant.books_to_go_out(round_number)
    counted = books_toward_going_out(variant, round_number, books)
    short = [(kind, count) for kind, count in needed.items() if counted.get(kind, 0) < count]
    labels = variant.book_labels()
    helpers = [kind.id for kind in variant.book_kinds if kind.counts_as and kind.id not in needed]
    has = books_phrase(
        [(kind, books.get(kind, 0)) for kind in (*needed, *helpers) if kind in needed or books.get(kind)], labels
    )
    reason = (
        f"Going out in round {round_number} needs {variant.books_to_go_out_phrase(round_number)}; "
        f"{asking(variant['players.team_size'])['has']} {has}."
    )
    if short:
        return _no(reason, "going_out.books")
    for path, key, stopped in _GOING_OUT_ASKS:
        if _asked(variant, path) and (answers or {}).get(key) is False:
            return _no(f"{reason} {stopped}", path)
    return _yes(reason, "going_out.books")


def check_go_out(
    variant: Variant,
    round: int,
    books: Mapping[str, int],
    *,
    partner_in_foot: bool | None = None,
    partner_agrees: bool | None = None,
    card_to_discard: bool | None = None,
) -> Verdict:
    """May a team go out in this round? ``books`` is ``{"clean": n, "dirty": n, "wild": n}``.

    The books needed can differ by round. Where the rules ask more (``going_out_asks``), the answers given decide too:
    a partner who has not played from their foot (``partner_in_foot``), a partner who says no (``partner_agrees``),
    no card left for a required final discard (``card_to_discard``). An answer not given (None) is not checked.
    """
    _round(variant, round)
    answers = {"partner_in_foot": partner_in_foot, "partner_agrees": partner_agrees, "card_to_discard": card_to_discard}
    return go_out_verdict(variant, round, book_counts(books), answers)
