# The "all but one" planner: can a small hand be laid down whole, or all but one card (the discard), onto the side's
# melds and new ones? It works on counts (natural cards by rank, wild cards as one count), tries every way of
# spreading the wild cards and every card as the discard, and returns the best plan as lays. The turn still checks the
# lays with handfoot's checks; the planner only finds them.
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from handfoot.simulate.moves import Lay
from handfoot.variant import Variant

# The most cards the planner takes on: beyond this the ways to spread wild cards grow quickly, and a hand this big
# cannot be laid down whole in one turn anyway in most rule sets.
MOST_CARDS = 12


@dataclass(frozen=True)
class Meld:
    """A side's meld as the planner sees it: its index on the table, rank ("wild" for wild cards only), and counts."""

    index: int
    rank: str
    naturals: int
    wilds: int


@dataclass(frozen=True)
class Found:
    """A plan: the lays, the card left to discard (None when every card is laid), the kinds of books the lays make,
    and the points the lays bring (book values and card values)."""

    lays: tuple[Lay, ...]
    left: int | None
    books: Mapping[str, int]
    worth: int


@dataclass(frozen=True)
class _Target:
    """A meld the plan adds to or starts: its table index (None for a new meld), rank, counts after the natural cards
    of the plan, and the natural cards the plan adds."""

    index: int | None
    rank: str
    naturals: int
    wilds: int
    cards: tuple[int, ...]


def _wild_range(variant: Variant, target: _Target, most: int) -> tuple[int, int] | None:
    """The fewest and most wild cards the target may take (None if it cannot be laid at all)."""
    smallest, book = variant["melds.min_size"], variant["melds.book_size"]
    grow = variant["melds.grow_past_book"]
    fits: list[int] = []
    for extra in range(most + 1):
        size = target.naturals + target.wilds + extra
        if size > book and not grow:
            break
        wilds = target.wilds + extra
        if size < smallest:
            continue
        if wilds and (target.naturals < variant["melds.min_naturals"] or wilds > variant.wilds_allowed(size)):
            continue
        fits.append(extra)
    if not fits or (not target.cards and fits[0] > 0 and target.index is None):
        return None
    return fits[0], fits[-1]


def _book_kind(variant: Variant, naturals: int, wilds: int) -> str | None:
    size = naturals + wilds
    if size < variant["melds.book_size"]:
        return None
    return "clean" if not wilds else "wild" if not naturals else "dirty"


def _spreads(ranges: Sequence[tuple[int, int]], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to give each target a count within its range, the counts adding up to ``total``."""
    if not ranges:
        if total == 0:
            yield ()
        return
    low, high = ranges[0]
    rest_low = sum(r[0] for r in ranges[1:])
    rest_high = sum(r[1] for r in ranges[1:])
    for count in range(high, low - 1, -1):
        if rest_low <= total - count <= rest_high:
            for tail in _spreads(ranges[1:], total - count):
                yield (count, *tail)


def _targets(variant: Variant, naturals: Mapping[str, Sequence[int]], melds: Sequence[Meld]) -> list[_Target] | None:
    """Where the natural cards go: onto the side's unfinished meld of their rank as far as it has room, the rest as a
    new meld; None when a rank's cards cannot be placed."""
    book, grow = variant["melds.book_size"], variant["melds.grow_past_book"]
    open_by_rank = {meld.rank: meld for meld in melds}
    targets: list[_Target] = []
    for rank, ids in naturals.items():
        meld = open_by_rank.get(rank)
        onto: tuple[int, ...] = ()
        if meld is not None:
            room = len(ids) if grow else max(0, book - meld.naturals - meld.wilds)
            onto = tuple(ids[:room])
            targets.append(_Target(meld.index, rank, meld.naturals + len(onto), meld.wilds, onto))
        rest = tuple(ids[len(onto) :])
        if rest:
            if len(rest) > book and not grow:
                return None
            targets.append(_Target(None, rank, len(rest), 0, rest))
    placed = {target.index for target in targets}
    targets += [
        _Target(meld.index, meld.rank, meld.naturals, meld.wilds, ())
        for meld in melds
        if meld.index not in placed and meld.rank != "wild"
    ]
    return targets


def plan_all(
    variant: Variant,
    values: Sequence[int],
    naturals: Mapping[str, Sequence[int]],
    wilds: Sequence[int],
    stuck: Sequence[int],
    melds: Sequence[Meld],
    *,
    leftovers: tuple[int, ...],
    enough: Callable[[Mapping[str, int]], bool],
) -> Found | None:
    """The best way to lay every card but ``leftovers`` allows (0 or 1), the books made passing ``enough``.

    ``naturals`` are the hand's natural cards by rank, ``wilds`` its wild cards, ``stuck`` cards that cannot be melded
    (threes): one of them can only be the discard. ``melds`` are the side's unfinished melds."""
    cards = sum(len(ids) for ids in naturals.values()) + len(wilds) + len(stuck)
    if cards > MOST_CARDS or len(stuck) > max(leftovers) or (len(stuck) and 1 not in leftovers):
        return None
    if not _may_fit(variant, naturals, len(wilds), melds, leftovers):
        return None
    best: Found | None = None
    for left in _discards(values, naturals, wilds, stuck, leftovers):
        found = _plan_without(variant, values, naturals, wilds, melds, left, enough)
        if found is not None and (best is None or found.worth > best.worth):
            best = found
    return best


def _may_fit(
    variant: Variant,
    naturals: Mapping[str, Sequence[int]],
    wilds: int,
    melds: Sequence[Meld],
    leftovers: tuple[int, ...],
) -> bool:
    """A quick test that can only say no: every rank without a meld to go onto needs enough cards for a new meld,
    made up with wild cards, but for at most one card left over."""
    smallest, least = variant["melds.min_size"], variant["melds.min_naturals"]
    ranks = {meld.rank for meld in melds}
    short = 0
    strays = 0
    for rank, ids in naturals.items():
        if rank in ranks or len(ids) >= smallest:
            continue
        if len(ids) >= least and len(ids) + wilds >= smallest:
            short += smallest - len(ids)
        else:
            strays += len(ids)
    spare = max(leftovers)
    return strays <= spare and short <= wilds + spare


def _discards(
    values: Sequence[int],
    naturals: Mapping[str, Sequence[int]],
    wilds: Sequence[int],
    stuck: Sequence[int],
    leftovers: tuple[int, ...],
) -> Iterator[int | None]:
    """The cards worth trying as the discard (None for none): a stuck card if there is one, else the cheapest card of
    each rank and the cheapest wild card."""
    if stuck:
        yield stuck[0]
        return
    if 0 in leftovers:
        yield None
    if 1 in leftovers:
        for ids in naturals.values():
            yield min(ids, key=lambda card: (values[card], card))
        if wilds:
            yield min(wilds, key=lambda card: (values[card], card))


def _plan_without(
    variant: Variant,
    values: Sequence[int],
    naturals: Mapping[str, Sequence[int]],
    wilds: Sequence[int],
    melds: Sequence[Meld],
    left: int | None,
    enough: Callable[[Mapping[str, int]], bool],
) -> Found | None:
    hand = {rank: [card for card in ids if card != left] for rank, ids in naturals.items()}
    hand = {rank: ids for rank, ids in hand.items() if ids}
    spare = [card for card in wilds if card != left]
    targets = _targets(variant, hand, [meld for meld in melds if meld.rank != "wild"])
    if targets is None:
        return None
    ranges = [_wild_range(variant, target, len(spare)) for target in targets]
    if any(r is None and target.cards for r, target in zip(ranges, targets, strict=True)):
        return None
    kept = [(target, r) for target, r in zip(targets, ranges, strict=True) if r is not None]
    wild_meld = next((meld for meld in melds if meld.rank == "wild"), None)
    best: Found | None = None
    for into_wild in _wild_meld_counts(variant, wild_meld, len(spare)):
        rest = len(spare) - into_wild
        for spread in _spreads([r for _, r in kept], rest):
            found = _found(variant, values, kept, spread, spare, wild_meld, into_wild, left)
            if enough(found.books) and (best is None or found.worth > best.worth):
                best = found
    return best


def _wild_meld_counts(variant: Variant, wild_meld: Meld | None, spare: int) -> list[int]:
    """How many wild cards may go to the wild meld: onto the open one as far as it has room, or a new one."""
    if not variant.has_wild_book or not spare:
        return [0]
    book, smallest = variant["melds.book_size"], variant["melds.min_size"]
    if wild_meld is not None:
        room = spare if variant["melds.grow_past_book"] else book - wild_meld.wilds
        return list(range(min(room, spare) + 1))
    return [0, *range(smallest, min(book, spare) + 1)]


def _found(
    variant: Variant,
    values: Sequence[int],
    kept: Sequence[tuple[_Target, tuple[int, int]]],
    spread: Sequence[int],
    spare: Sequence[int],
    wild_meld: Meld | None,
    into_wild: int,
    left: int | None,
) -> Found:
    book_values = {kind.id: kind.value for kind in variant.book_kinds}
    books: dict[str, int] = {}
    lays: list[Lay] = []
    pool = list(spare)
    worth = 0
    if into_wild:
        given, pool = pool[:into_wild], pool[into_wild:]
        lays.append(Lay(tuple(given), wild_meld.index if wild_meld is not None else None))
        had = wild_meld.wilds if wild_meld is not None else 0
        if _book_kind(variant, 0, had + into_wild) == "wild" and _book_kind(variant, 0, had) is None:
            books["wild"] = books.get("wild", 0) + 1
        worth += sum(values[card] for card in given)
    for (target, _), extra in zip(kept, spread, strict=True):
        if not target.cards and not extra:
            continue
        given, pool = pool[:extra], pool[extra:]
        lays.append(Lay((*target.cards, *given), target.index))
        worth += sum(values[card] for card in (*target.cards, *given))
        before = target.naturals - len(target.cards)
        kind = _book_kind(variant, target.naturals, target.wilds + extra)
        if kind is not None and _book_kind(variant, before, target.wilds) is None:
            books[kind] = books.get(kind, 0) + 1
    worth += sum(book_values.get(kind, 0) * count for kind, count in books.items())
    lays.sort(key=lambda lay: lay.onto is None)  # onto the table's melds first, then the new ones
    return Found(tuple(lays), left, books, worth)
