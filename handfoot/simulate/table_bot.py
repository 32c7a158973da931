# The bot that plays as people at a table do: it plans its last cards to reach the foot and to go out, keeps its wild
# cards for the books the contract needs, takes the pile with care and reads the scoring where a table's play turns
# on it. It reads only what its player may see (public.py). Its docstring is its strategy, as the site shows it.
from __future__ import annotations

from collections.abc import Mapping

from handfoot.simulate import legal, public
from handfoot.simulate.bots import PlainBot, _Work, sort_cards, wilds_onto_melds, wilds_with_pairs
from handfoot.simulate.moves import Pickup, Plan, check_lays, taken_cards
from handfoot.simulate.planner import Found, plan_all
from handfoot.simulate.table import RoundTable


class TableBot(PlainBot):
    """Plays as a steady table player.
    Makes its side's first meld as soon as it may: every natural meld in its hand, with wild cards added while the
    minimum is not reached.
    Holding twelve cards or fewer, works out every way to lay down all its cards but one: from the foot it goes out
    whenever its side may (see below), and before its foot it empties its hand to reach the foot whenever it can.
    Keeps its wild cards for the books its side still needs: it feeds the side's open wild meld, starts one with three
    wild cards while the wild book is still needed, and closes a dirty book with them only while one is needed.
    Spends them with a pair, and then on any meld, to reach its foot: with five cards or fewer, or once its side's
    books are down and its partner plays from the foot; in the foot, it makes a pair and a wild card a meld while it
    keeps two more wild cards for its last cards.
    In its foot while a partner is not yet, it stops a meld one card short of a book its side no longer needs, so the
    meld still takes its partner's cards (unless an opponent is in the foot with the books down, or the stock holds
    two rounds of draws or fewer).
    Takes the discard pile when it holds the cards the rules ask for and the pile has four cards or more (any pile
    for its side's first meld or when the stock runs short); in its foot, not once its side's books are down, nor
    when the pile holds two or more cards no meld of its side can take; nor with five cards or fewer before its foot.
    Where a wild card cannot make a meld of a pair, the pile is how a pair becomes a meld: there it takes any pile it
    may, in its foot too, and stops every meld one card short of a book its side no longer needs, as above.
    Discards a three first, then a card no meld of its side can take, then the card least useful to its melds, a wild
    card last.
    Goes out as soon as it may, unless the going-out bonus is worth less than a quarter of a dirty book, a book is one
    card short, no opponent is in the foot with the books down, and the stock holds more than two rounds of draws.
    As a partner it says yes to going out, unless the cards it holds (a red three held at its penalty) would cost more
    than the going-out bonus and a dirty book together while the stock holds more than two rounds of draws.
    Of the scoring it reads only the card values and the books' values (to choose among ways to lay its last cards
    and what to discard), the going-out bonus against a dirty book, and the penalty for a red three held; not the
    points of red threes laid, black threes or exact cuts.
    It never looks at cards it cannot see, and draws no random numbers."""

    name = "table"
    # Melds kept one card short of a book the side no longer needs at all times, and wild cards beyond a reserve spent
    # on melds: both measured worse (Pagat, 50 games: 75.5% and 82.5% of rounds went out against 83.5%), so both are
    # off; kept short only while a partner is not yet in the foot, they went out more (91% against 88%, 80 games).
    # Where a pair cannot take a wild card (Bicycle) melds are kept short at all times, with the pile taken in the
    # foot too: 67% of rounds went out, against 51% without both and 41% discarding wild cards to block the pile.
    sinks = False
    surplus = False
    sinks_for_partner = True  # in the foot while a partner is not: melds kept open for the partner's cards
    pairs_in_foot = True  # in the foot, a pair and a wild card make a meld: a rank the side has booked lives again
    pairs_in_foot_reserve = 2  # ... with wild cards beyond these, kept for the last cards
    dead_in_pile = 2  # in the foot, leaves a pile holding this many cards no meld of the side can take
    wait_factor = 4  # waits for one more book only when the going-out bonus is worth less than a dirty book / this

    # Taking the pile.

    def pickup(self, table: RoundTable, seat: int) -> Pickup | None:
        player, team = table.seats[seat], table.teams[table.team_of(seat)]
        if not public.pairs_take_wilds(table):
            # A wild card cannot make a meld of a pair here (it needs more natural cards beside it): the pile is the
            # way to turn a pair into a meld, so any pile is worth it, in the foot too.
            self.pile_worth = 1
            return super().pickup(table, seat)
        if team.opened and not player.in_foot and len(player.hand) <= self.short_hand:
            return None
        if team.opened and player.in_foot:
            if not public.books_short(table, seat):
                return None
            ranks = public.dead_ranks(table, seat)
            if sum(1 for card in taken_cards(table) if public.dead(table, card, ranks)) >= self.dead_in_pile:
                return None
        return super().pickup(table, seat)

    # Laying down.

    def plan(self, table: RoundTable, seat: int, *, may_go_out: bool) -> Plan:
        team, player = table.teams[table.team_of(seat)], table.seats[seat]
        if not team.opened:
            return Plan(self._first_meld(table, seat))
        if may_go_out and public.partners_ready(table, seat):
            going = self._plan_out(table, seat)
            if going is None and len(player.hand) > 12:
                going = self._going_out(table, seat)
            if going is not None and self._wants_out(table, seat):
                return going
        if not player.in_foot:
            emptied = self._plan_empty(table, seat)
            if emptied is not None:
                return emptied
        work = _Work(table, seat)
        short = public.melds_short(table, work.melds)
        to_the_foot = self._to_the_foot(table, seat, short)
        waiting = player.in_foot and not public.partners_ready(table, seat)
        sinks = (
            (self.sinks or (self.sinks_for_partner and waiting) or not public.pairs_take_wilds(table))
            and not to_the_foot
            and not public.opponents_near_out(table, seat)
            and not public.stock_low(table)
        )
        self._lay_naturals_keeping(work, short, sinks=sinks)
        if work.lays:
            short = public.melds_short(table, work.melds)
        self._spend_wilds(work, seat, short, to_the_foot=to_the_foot, sinks=sinks)
        return Plan(self._keep_cards(table, seat, work.lays))

    def _lay_naturals_keeping(self, work: _Work, short: Mapping[str, int], *, sinks: bool) -> None:
        """Natural cards onto the side's melds of their rank, then new melds of three or more; with ``sinks``, a meld
        whose book the side no longer needs stops one card short, so it still takes a late card of its rank."""
        table, book = work.table, work.table.variant["melds.book_size"]
        grow = table.variant["melds.grow_past_book"]
        for rank, ids in sort_cards(table, work.hand).naturals.items():
            left = list(ids)
            while left:
                onto = work.open_meld(rank)
                meld = work.melds[onto] if onto is not None else []
                wild = any(table.cards[card].is_wild for card in meld)
                most = len(left) if grow else book - len(meld)
                if sinks and not grow and not short.get("dirty" if wild else "clean"):
                    most = min(most, book - 1 - len(meld))
                if onto is None:
                    chunk = left[:most] if len(left) >= table.variant["melds.min_size"] else []
                else:
                    chunk = left[: max(0, most)]
                if not chunk or not work.add(onto, chunk):
                    break
                left = left[len(chunk) :]

    def _to_the_foot(self, table: RoundTable, seat: int, short: Mapping[str, int]) -> bool:
        """Whether the player plays to reach the foot before all else: outside the foot, with a short hand, or with
        the side's books down and a partner already in the foot."""
        player = table.seats[seat]
        if player.in_foot:
            return False
        if len(player.hand) <= self.short_hand:
            return True
        return not short and any(table.seats[other].in_foot for other in table.partners(seat))

    def _found(
        self, table: RoundTable, seat: int, *, leftovers: tuple[int, ...], laid_threes: tuple[int, ...], out: bool
    ) -> Found | None:
        hand = [card for card in table.seats[seat].hand if card not in laid_threes]
        cards = sort_cards(table, hand)
        have = public.book_counts(table, seat)

        def enough(added: Mapping[str, int]) -> bool:
            books = {kind: have.get(kind, 0) + added.get(kind, 0) for kind in set(have) | set(added)}
            return not out or not legal.books_short(table.variant, table.round_number, books)

        return plan_all(
            table.variant,
            table.values,
            cards.naturals,
            cards.wilds,
            cards.threes,
            public.planner_melds(table, seat),
            leftovers=leftovers,
            enough=enough,
        )

    def _plan_out(self, table: RoundTable, seat: int) -> Plan | None:
        """Every card laid down but the final discard, with the side's books down after, if the planner finds it."""
        variant, hand = table.variant, table.seats[seat].hand
        required = variant["going_out.final_discard"] == "required"
        blacks = tuple(card for card in hand if table.cards[card].is_black_three) if variant["threes.black_out"] else ()
        tries = [blacks] if not (required and blacks) else [blacks, blacks[:-1]]
        for laid_threes in tries:
            found = self._found(table, seat, leftovers=(1,) if required else (0, 1), laid_threes=laid_threes, out=True)
            if found is not None and check_lays(table, seat, found.lays):
                return Plan(found.lays, go_out=True, black_threes=laid_threes)
        return None

    def _plan_empty(self, table: RoundTable, seat: int) -> Plan | None:
        """The whole hand laid down, or all but a card to discard, to reach the foot, if the planner finds it."""
        found = self._found(table, seat, leftovers=(0, 1), laid_threes=(), out=False)
        if found is None or not found.lays or not check_lays(table, seat, found.lays):
            return None
        return Plan(found.lays)

    def _wants_out(self, table: RoundTable, seat: int) -> bool:
        """Go out now, or play one more book first: a table waits only when the going-out bonus is worth less than a
        quarter of a dirty book, a book is one card short, the opponents are far from going out and the stock is still
        large (going out at once won more games against waiting whenever the bonus was worth more)."""
        variant = table.variant
        if self.wait_factor * variant.going_out_bonus(table.round_number) >= variant["books.dirty"]:
            return True
        if public.opponents_near_out(table, seat) or public.stock_low(table):
            return True
        book = variant["melds.book_size"]
        return not any(len(meld) == book - 1 for meld in public.open_melds(table, seat))

    def _spend_wilds(self, work: _Work, seat: int, short: Mapping[str, int], *, to_the_foot: bool, sinks: bool) -> None:
        """Wild cards by budget: into the wild meld while the side needs its wild book (or has one open), to close a
        dirty book only while one is needed; those beyond a reserve kept for the last cards onto the side's melds
        (short of a book with ``sinks``); toward the foot, with pairs first and then onto any meld."""
        table, variant = work.table, work.table.variant
        book, smallest = variant["melds.book_size"], variant["melds.min_size"]
        wilds = sort_cards(table, work.hand).wilds
        if variant.has_wild_book and wilds:
            onto = work.open_meld("wild")
            if onto is not None:
                room = min(len(wilds), book - len(work.melds[onto]))
                if room > 0 and work.add(onto, wilds[:room]):
                    wilds = wilds[room:]
            elif short.get("wild") and len(wilds) >= smallest and work.add(None, wilds[:book]):
                wilds = wilds[book:]
        if short.get("dirty") and wilds:
            for index in sorted(range(len(work.melds)), key=lambda i: -len(work.melds[i])):
                need = book - len(work.melds[index])
                if work.ranks[index] != "wild" and 0 < need <= len(wilds) and work.add(index, wilds[:need]):
                    wilds = wilds[need:]
                    break
        reserve = 2 if variant["melds.min_naturals"] < smallest else 0
        order = sorted(range(len(work.melds)), key=lambda i: -len(work.melds[i])) if self.surplus else []
        for index in order:
            most = book - 1 if sinks else book
            while len(wilds) > reserve and work.ranks[index] != "wild" and len(work.melds[index]) < most:
                if not work.add(index, wilds[:1]):
                    break
                wilds = wilds[1:]
        in_foot = table.seats[seat].in_foot
        if not wilds or not (to_the_foot or (in_foot and self.pairs_in_foot)):
            return
        wilds = wilds_with_pairs(work, wilds, keep=0 if to_the_foot else self.pairs_in_foot_reserve)
        if to_the_foot:
            wilds_onto_melds(work, wilds)

    # Answering and discarding.

    def agrees(self, table: RoundTable, seat: int, asker: int) -> bool:
        """Yes, unless the cards held would cost more than the going-out bonus and a dirty book while the stock is
        still large."""
        variant = table.variant
        cost = public.held_cost(table, seat)
        limit = variant.going_out_bonus(table.round_number) + variant["books.dirty"]
        return cost <= limit or public.stock_low(table)

    def discard(self, table: RoundTable, seat: int) -> int:
        """A three; a card no meld of the side can take; then as the plain player discards."""
        hand = table.seats[seat].hand
        counts: dict[str, int] = {}
        for card in hand:
            counts[table.cards[card].rank] = counts.get(table.cards[card].rank, 0) + 1
        for card in sorted(hand, key=lambda c: (not table.cards[c].is_black_three, -table.values[c], c)):
            if table.cards[card].is_three:
                return card
        smallest = table.variant["melds.min_size"]
        ranks = public.dead_ranks(table, seat)
        dead = [card for card in hand if public.dead(table, card, ranks) and counts[table.cards[card].rank] < smallest]
        if dead:
            return min(dead, key=lambda c: (counts[table.cards[c].rank], -table.values[c], c))
        return super().discard(table, seat)
