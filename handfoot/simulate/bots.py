# The players: a plain strategy and a bolder one. Each class's docstring is its strategy in plain lines, as the site
# shows it. A bot only proposes moves; it asks legal.py and moves.py, as the turn does, whether they are allowed.
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from handfoot.simulate import legal
from handfoot.simulate.moves import Lay, Pickup, Plan, cards_of, check_lays, check_pickup, taken_cards, team_score
from handfoot.simulate.table import RoundTable

_NO_ROOM = 10**6  # the room on a meld that may grow past book size


@dataclass(frozen=True)
class Sorted:
    """A player's cards sorted for melding: natural cards by rank (best first), wild cards (twos before jokers), and
    threes."""

    naturals: dict[str, list[int]]
    wilds: list[int]
    threes: list[int]


def sort_cards(table: RoundTable, ids: Sequence[int]) -> Sorted:
    naturals: dict[str, list[int]] = {}
    wilds: list[int] = []
    threes: list[int] = []
    for card_id in sorted(ids, key=lambda c: -table.values[c]):
        card = table.cards[card_id]
        if card.is_three:
            threes.append(card_id)
        elif card.is_wild:
            wilds.append(card_id)
        else:
            naturals.setdefault(card.rank, []).append(card_id)
    wilds.sort(key=lambda c: table.values[c])
    return Sorted(naturals, wilds, threes)


def meld_rank(table: RoundTable, meld: Sequence[int]) -> str:
    """The rank of a meld's natural cards, or "wild" for a meld of wild cards only."""
    if table.wild:
        return next((table.cards[c].rank for c in meld if not table.wild[c]), "wild")
    return next((table.cards[c].rank for c in meld if not table.cards[c].is_wild), "wild")


def _room(table: RoundTable, meld: Sequence[int]) -> int:
    if table.variant["melds.grow_past_book"]:
        return _NO_ROOM
    size: int = table.variant["melds.book_size"]
    return size - len(meld)


def _fits(table: RoundTable, meld: Sequence[int]) -> bool:
    return legal.meld_ok(table.variant, cards_of(table, meld))


def _chunks(table: RoundTable, ids: list[int]) -> list[list[int]]:
    """Natural cards of one rank as new melds: books first where they close at book size, then a last meld."""
    size, smallest = table.variant["melds.book_size"], table.variant["melds.min_size"]
    if table.variant["melds.grow_past_book"]:
        return [ids] if len(ids) >= smallest else []
    melds = [ids[start : start + size] for start in range(0, len(ids), size)]
    return [meld for meld in melds if len(meld) >= smallest]


class _Work:
    """The team's melds and the player's hand while a plan is made: lays are tried here before they are proposed."""

    def __init__(self, table: RoundTable, seat: int) -> None:
        self.table = table
        self.melds = [list(meld) for meld in table.teams[table.team_of(seat)].melds]
        self.ranks = [meld_rank(table, meld) for meld in self.melds]
        self.hand = list(table.seats[seat].hand)
        self.lays: list[Lay] = []

    def open_meld(self, rank: str) -> int | None:
        """The team's unfinished meld of a rank (a book too, where melds grow past book size)."""
        book = self.table.variant["melds.book_size"]
        grow = self.table.variant["melds.grow_past_book"]
        for index, meld in enumerate(self.melds):
            if self.ranks[index] == rank and (grow or len(meld) < book):
                return index
        return None

    def add(self, onto: int | None, cards: Sequence[int]) -> bool:
        if not cards:
            return False
        meld = [*(self.melds[onto] if onto is not None else []), *cards]
        if not _fits(self.table, meld):
            return False
        if onto is None:
            self.melds.append(meld)
            self.ranks.append(meld_rank(self.table, meld))
        else:
            self.melds[onto] = meld
        for card in cards:
            self.hand.remove(card)
        self.lays.append(Lay(tuple(cards), onto))
        return True

    def short(self, seat: int) -> dict[str, int]:
        books = legal.book_counts(self.table.variant, [cards_of(self.table, meld) for meld in self.melds])
        return legal.books_short(self.table.variant, self.table.round_number, books)


def wilds_with_pairs(work: _Work, wilds: list[int], keep: int = 0) -> list[int]:
    """New melds of a rank the team has no unfinished meld of, its natural cards in the hand made up to a meld with
    wild cards, keeping ``keep`` wild cards back; the wild cards left."""
    smallest = work.table.variant["melds.min_size"]
    for rank, ids in sort_cards(work.table, work.hand).naturals.items():
        need = smallest - len(ids)
        if 0 < need <= len(wilds) - keep and work.open_meld(rank) is None and work.add(None, [*ids, *wilds[:need]]):
            wilds = wilds[need:]
    return wilds


def wilds_onto_melds(work: _Work, wilds: list[int]) -> list[int]:
    """Wild cards one at a time onto each of the team's natural melds short of a book; the wild cards left."""
    book = work.table.variant["melds.book_size"]
    for index in range(len(work.melds)):
        while wilds and len(work.melds[index]) < book and work.ranks[index] != "wild":
            if not work.add(index, wilds[:1]):
                break
            wilds = wilds[1:]
    return wilds


class PlainBot:
    """Plays steadily.
    Melds whatever the rules allow as soon as it may, and adds to its team's melds.
    Takes the discard pile when the rules allow it and it holds at least four cards, or gives the first meld.
    Keeps wild cards for books: uses them to close a book, build a wild book or reach the first-meld minimum;
    before its foot also anywhere once the books are down or five cards or fewer are left, to reach the foot.
    Discards a black three first (it blocks the pile), then the card least useful to its melds, a wild card last.
    Asks to go out once the team's books are down; as a partner it says yes unless it holds over 150 points."""

    name = "plain"
    pile_worth = 4  # the fewest cards in the pile worth taking (a first meld is always worth it)
    free_wilds = False  # uses wild cards anywhere they fit, not only for books
    partner_limit: int | None = 150  # says no to going out while holding more points than this
    short_hand = 5  # holding this many cards or fewer, uses wild cards anywhere to reach the foot

    # Taking the pile.

    def pickup(self, table: RoundTable, seat: int) -> Pickup | None:
        variant, team = table.variant, table.teams[table.team_of(seat)]
        top = table.cards[table.pile[-1]]
        if top.is_three:
            return None
        hand = sort_cards(table, table.seats[seat].hand)
        same = (
            [c for c in hand.wilds if table.cards[c].rank == top.rank]
            if top.is_wild
            else hand.naturals.get(top.rank, [])
        )
        if len(same) < (2 if top.is_wild else variant["pile.cards_needed"]):
            return None
        short_stock = len(table.stock) < variant["turn.draw"]
        if len(table.pile) < self.pile_worth and team.opened and not short_stock:
            return None
        work = _Work(table, seat)
        onto = work.open_meld("wild" if top.is_wild else top.rank) if variant["melds.one_open_per_rank"] else None
        room = _room(table, work.melds[onto] if onto is not None else []) - 1  # room beside the top card
        home = same[: max(room, 0)]
        spare = [c for c in hand.wilds if c not in home]
        if onto is None and len(home) + 1 < variant["melds.min_size"] and not top.is_wild:
            # A meld needs melds.min_size cards: the pile's meld is made up from the hand at once, or not taken.
            need = variant["melds.min_size"] - len(home) - 1
            home, spare = home + spare[:need], spare[need:]
        first_meld = not team.opened and variant["pile.needs_team_meld"]
        if not first_meld:
            pickup: Pickup | None = Pickup(tuple(home), onto)
        else:
            pickup = self._first_meld_pickup(table, seat, top.rank, home, onto, spare)
        if pickup is None or not check_pickup(table, seat, pickup):
            return None
        return pickup if self._keeps_cards(table, seat, pickup) else None

    def _keeps_cards(self, table: RoundTable, seat: int, pickup: Pickup) -> bool:
        """Whether the player keeps enough cards after the pickup: in the foot, one to discard and one to hold."""
        player = table.seats[seat]
        laid = len(pickup.home) + sum(len(meld) for meld in pickup.others)
        held = len(player.hand) + len(taken_cards(table)) - 1 - laid
        return held >= (2 if player.in_foot else 0)

    def _first_meld_pickup(
        self, table: RoundTable, seat: int, rank: str, home: list[int], onto: int | None, spare: list[int]
    ) -> Pickup | None:
        """Take the pile as the team's first meld: the top card's meld and every natural meld in the hand (and from
        the cards under the top, where they count), with wild cards added to the top card's meld while needed."""
        variant = table.variant
        pool = list(table.seats[seat].hand)
        if variant["opening.pile_rest_counts"]:
            pool += taken_cards(table)[:-1]
        others: list[tuple[int, ...]] = []
        for other, ids in sort_cards(table, pool).naturals.items():
            if other != rank:
                others.extend(tuple(meld) for meld in _chunks(table, [c for c in ids if c not in home]))
        home, spare = list(home), list(spare)
        while True:
            pickup = Pickup(tuple(home), onto, tuple(others))
            if check_pickup(table, seat, pickup):
                return pickup
            if not spare:
                return None
            home.append(spare.pop(0))

    # Laying down.

    def plan(self, table: RoundTable, seat: int, *, may_go_out: bool) -> Plan:
        team = table.teams[table.team_of(seat)]
        if not team.opened:
            return Plan(self._first_meld(table, seat))
        if may_go_out:
            going = self._going_out(table, seat)
            if going is not None:
                return going
        work = _Work(table, seat)
        self._lay_naturals(work)
        player = table.seats[seat]
        to_the_foot = not player.in_foot and (len(player.hand) <= self.short_hand or not work.short(seat))
        everything = self.free_wilds or to_the_foot
        self._lay_wilds(work, seat, everything=everything)
        return Plan(self._keep_cards(table, seat, work.lays))

    def _keep(self, table: RoundTable, seat: int) -> int:
        """Cards to keep after laying down: one to discard and one to hold in the foot; where melding out the hand
        picks up the foot at once, none."""
        player = table.seats[seat]
        if player.in_foot:
            return 2
        return 0 if table.variant["foot.continue_when_melded_out"] else 1

    def _keep_cards(self, table: RoundTable, seat: int, lays: list[Lay]) -> tuple[Lay, ...]:
        """Drop lays from the end (a card at a time where the meld stays legal) until enough cards stay in hand;
        then make sure the whole plan is legal, dropping more lays if a check refuses it."""
        keep = self._keep(table, seat)
        hand = len(table.seats[seat].hand)
        lays = list(lays)
        while lays and hand - sum(len(lay.cards) for lay in lays) < keep:
            last = lays.pop()
            shorter = Lay(last.cards[:-1], last.onto)
            if len(shorter.cards) and check_lays(table, seat, [*lays, shorter]):
                lays.append(shorter)
        while lays and not check_lays(table, seat, lays):
            lays.pop()
        return tuple(lays)

    def _first_meld(self, table: RoundTable, seat: int) -> tuple[Lay, ...]:
        """The team's first meld from the hand: every natural meld, then wild cards while the minimum (or the books
        the first meld needs) is not reached; nothing if the opening check still says no."""
        variant = table.variant
        hand = sort_cards(table, table.seats[seat].hand)
        melds: list[list[int]] = []
        for ids in hand.naturals.values():
            melds.extend(_chunks(table, ids))
        used = {c for meld in melds for c in meld}
        spare = list(hand.wilds)
        smallest = variant["melds.min_size"]
        pairs = [ids for ids in hand.naturals.values() if len(ids) < smallest and not any(c in used for c in ids)]
        lays: tuple[Lay, ...] = ()
        for step in range(len(spare) + len(pairs) + 1):
            lays = tuple(Lay(tuple(meld)) for meld in melds)
            if lays:
                verdict = legal.opening_ok(
                    variant,
                    table.round_number,
                    [cards_of(table, meld) for meld in melds],
                    pile_top=None,
                    team_score=team_score(table, seat),
                )
                if verdict:
                    kept = self._keep_cards(table, seat, list(lays))
                    return kept if len(kept) == len(lays) and check_lays(table, seat, kept) else ()
            if not spare or step > len(spare) + len(pairs):
                return ()
            if not self._add_wild_for_opening(table, melds, pairs, spare):
                return ()
        return ()

    def _add_wild_for_opening(
        self, table: RoundTable, melds: list[list[int]], pairs: list[list[int]], spare: list[int]
    ) -> bool:
        """One more wild card toward a first meld: onto the largest meld that takes it, else with a pair of
        natural cards; False when none fits."""
        for meld in sorted(melds, key=len, reverse=True):
            if len(meld) < _room(table, []) and _fits(table, [*meld, spare[-1]]):
                meld.append(spare.pop())
                return True
        for pair in pairs:
            need = table.variant["melds.min_size"] - len(pair)
            if 0 < need <= len(spare) and _fits(table, [*pair, *spare[-need:]]):
                melds.append([*pair, *spare[-need:]])
                del spare[-need:]
                pairs.remove(pair)
                return True
        return False

    def _lay_naturals(self, work: _Work) -> None:
        """Natural cards onto the team's melds of their rank, then new melds of three or more."""
        table = work.table
        for rank, ids in sort_cards(table, work.hand).naturals.items():
            left = list(ids)
            while left:
                onto = work.open_meld(rank)
                if onto is not None:
                    room = min(len(left), _room(table, work.melds[onto]))
                    if room <= 0 or not work.add(onto, left[:room]):
                        break
                    left = left[room:]
                    continue
                chunks = _chunks(table, left)
                if not chunks or not work.add(None, chunks[0]):
                    break
                left = left[len(chunks[0]) :]

    def _lay_wilds(self, work: _Work, seat: int, *, everything: bool) -> None:
        """Wild cards: into a wild book the team still needs, and to close a book; with ``everything`` also onto any
        meld that takes them and with pairs of natural cards."""
        table, variant = work.table, work.table.variant
        book, smallest = variant["melds.book_size"], variant["melds.min_size"]
        wilds = sort_cards(table, work.hand).wilds
        short = work.short(seat)
        if variant.has_wild_book and (short.get("wild") or everything) and wilds:
            onto = work.open_meld("wild")
            if onto is not None:
                room = min(len(wilds), _room(table, work.melds[onto]))
                if work.add(onto, wilds[:room]):
                    wilds = wilds[room:]
            elif len(wilds) >= smallest and work.add(None, wilds[:book]):
                wilds = wilds[book:]
        if not wilds:
            return
        if wilds:
            for index in sorted(range(len(work.melds)), key=lambda i: -len(work.melds[i])):
                meld = work.melds[index]
                need = book - len(meld)
                if work.ranks[index] != "wild" and 0 < need <= len(wilds) and work.add(index, wilds[:need]):
                    wilds = wilds[need:]
        if not everything:
            return
        wilds = wilds_onto_melds(work, wilds)
        wilds_with_pairs(work, wilds)

    def _going_out(self, table: RoundTable, seat: int) -> Plan | None:
        """Every card melded, or all but one for the final discard, once the team's books would be down."""
        variant = table.variant
        work = _Work(table, seat)
        self._lay_naturals(work)
        self._lay_wilds(work, seat, everything=True)
        if work.short(seat):
            return None
        threes = tuple(c for c in work.hand if table.cards[c].is_black_three) if variant["threes.black_out"] else ()
        left = [c for c in work.hand if c not in threes]
        if len(left) > 1:
            return None
        lays = list(work.lays)
        if not left and variant["going_out.final_discard"] == "required":
            if threes:
                threes = threes[:-1]  # the last black three is the final discard
            elif lays:
                last = lays.pop()  # hold back one card of the last lay for the final discard
                if len(last.cards) > 1:
                    lays.append(Lay(last.cards[:-1], last.onto))
        if not check_lays(table, seat, lays):
            return None
        return Plan(tuple(lays), go_out=True, black_threes=threes)

    # Answering and discarding.

    def agrees(self, table: RoundTable, seat: int, asker: int) -> bool:
        if self.partner_limit is None:
            return True
        held = sum(table.values[c] for c in table.seats[seat].hand)
        return held <= self.partner_limit or len(table.stock) < 4 * len(table.seats) * table.variant["turn.draw"]

    def discard(self, table: RoundTable, seat: int) -> int:
        """A black three, then a red three kept in hand, then the natural card least useful to the team's melds
        (a rank the team has no meld of, held alone), a wild card last."""
        hand = table.seats[seat].hand
        melds = table.teams[table.team_of(seat)].melds
        book = table.variant["melds.book_size"]
        grow = table.variant["melds.grow_past_book"]
        team_ranks = {meld_rank(table, meld) for meld in melds if grow or len(meld) < book}
        wild_home = table.variant.has_wild_book or any(
            len(meld) < book and meld_rank(table, meld) != "wild" for meld in melds
        )
        counts: dict[str, int] = {}
        for card in hand:
            counts[table.cards[card].rank] = counts.get(table.cards[card].rank, 0) + 1

        def use(card_id: int) -> tuple[int, int, int]:
            card = table.cards[card_id]
            if card.is_black_three:
                return (0, 0, 0)
            if card.is_three:
                return (1, 0, 0)
            if card.is_wild:
                return (9 if wild_home else 1, table.values[card_id], 0)
            return (2 + 3 * (card.rank in team_ranks) + min(counts[card.rank], 3), -table.values[card_id], 0)

        return min(hand, key=use)


class BoldBot(PlainBot):
    """Plays boldly.
    Melds whatever the rules allow as soon as it may, like the plain player.
    Takes the discard pile whenever the rules allow it.
    Spends wild cards freely: on any meld that takes them, and with a pair to start a meld.
    Discards like the plain player.
    Asks to go out as soon as the books are down; as a partner it always says yes."""

    name = "bold"
    pile_worth = 1
    free_wilds = True
    partner_limit = None
