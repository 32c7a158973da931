# One player's turn, played on the table: the foot picked up when the hand is gone, the draw or the pickup, the melds,
# going out when the team may, and the discard. Every move a bot proposes is checked (moves.py) before it is made.
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from handfoot.simulate import legal, unsettled
from handfoot.simulate.moves import (
    IllegalMove,
    Lay,
    Pickup,
    Plan,
    books_after,
    check_lays,
    check_pickup,
    taken_cards,
)
from handfoot.simulate.table import RoundTable

# How a round can end: a player went out, a draw the stock could not supply, or the turn limit (unsettled.py).
WENT_OUT, STOCK_OUT, TURN_LIMIT = "went_out", "stock_out", "turn_limit"
ROUND_ENDS = (WENT_OUT, STOCK_OUT, TURN_LIMIT)
# Steps of laying down in one turn: a meld-out that picks up the foot plans again; a refused "may I go out?" too.
_MOST_STEPS = 6


class Bot(Protocol):
    """A player's choices. Each gets the table (to read, never to change) and the player's seat."""

    name: str

    def pickup(self, table: RoundTable, seat: int) -> Pickup | None: ...

    def plan(self, table: RoundTable, seat: int, *, may_go_out: bool) -> Plan: ...

    def agrees(self, table: RoundTable, seat: int, asker: int) -> bool: ...

    def discard(self, table: RoundTable, seat: int) -> int: ...


def supply(table: RoundTable, count: int) -> bool:
    """Make sure the stock can supply ``count`` cards, reshuffling the pile under its top card where the rules say so.
    False when it cannot: the round then ends as a stock-out."""
    if len(table.stock) >= count:
        return True
    if table.variant["round_end.stock_out"] == "reshuffle" and len(table.stock) + len(table.pile) - 1 >= count:
        if table.variant["round_end.reshuffle_stock_left"] == "shuffled_in":
            fresh = table.stock + table.pile[:-1]
            table.rng.shuffle(fresh)
            table.stock[:] = fresh
        else:
            fresh = table.pile[:-1]
            table.rng.shuffle(fresh)
            table.stock[:] = fresh + table.stock  # the stock's own cards stay on top (the end), drawn first
        del table.pile[:-1]
        return True
    # Nothing left to make a new stock of, or no new stock at all: the round ends without a going-out bonus
    # (rule_sentences.stock_short_answer words it).
    table.ended = STOCK_OUT
    return False


def lay_red_threes(table: RoundTable, seat: int, *, replace: bool = True) -> bool:
    """Lay down the red threes in the player's hand, each replaced from the stock unless ``replace`` is false, where
    the rules lay them down. False when a replacement cannot be supplied: a replacement is a draw
    (round_end.stock_runs_out), so the round has ended."""
    if not table.variant["threes.red_laid_down"]:
        return True
    hand, team = table.seats[seat].hand, table.teams[table.team_of(seat)]
    while True:
        reds = [card for card in hand if table.cards[card].is_red_three]
        if not reds:
            return True
        for card in reds:
            hand.remove(card)
            team.red_threes.append(card)
        if not replace:
            return True
        if not supply(table, len(reds)):
            return False
        hand.extend(table.stock.pop() for _ in reds)


def pick_up_foot(table: RoundTable, seat: int) -> bool:
    player = table.seats[seat]
    assert player.foot is not None
    assert not player.hand
    player.hand.extend(player.foot)
    player.foot = None
    player.foot_turn = table.turn
    return lay_red_threes(table, seat)


def draw(table: RoundTable, seat: int) -> bool:
    count = table.variant["turn.draw"]
    if not supply(table, count):
        return False
    table.seats[seat].hand.extend(table.stock.pop() for _ in range(count))
    return lay_red_threes(table, seat)


def _opened(table: RoundTable, seat: int) -> None:
    team = table.teams[table.team_of(seat)]
    if not team.opened:
        team.opened, team.first_meld_turn = True, table.turn


def take_pile(table: RoundTable, seat: int, pickup: Pickup) -> bool:
    """Take the pile as ``pickup`` says (checked first). False when a red three taken could not be replaced."""
    verdict = check_pickup(table, seat, pickup)
    if not verdict:
        raise IllegalMove(verdict.reason)
    variant, player = table.variant, table.seats[seat]
    team = table.teams[table.team_of(seat)]
    first_meld = not team.opened and variant["pile.needs_team_meld"]
    taken = taken_cards(table)
    del table.pile[-len(taken) :]
    top, rest = taken[-1], taken[:-1]
    for card in pickup.home:
        player.hand.remove(card)
    if pickup.onto is None:
        team.melds.append([*pickup.home, top])
    else:
        team.melds[pickup.onto].extend([*pickup.home, top])
    for meld in pickup.others:
        for card in meld:
            if card in rest:
                rest.remove(card)
            else:
                player.hand.remove(card)
        team.melds.append(list(meld))
    player.hand.extend(rest)
    if first_meld:
        _opened(table, seat)
    # Otherwise a team that had not melded took the pile with the cards it needs alone (pile.needs_team_meld false):
    # that meld is not its first meld, which its words say counts only melds from the hand.
    # A red three taken with the pile (a red first upcard left there) is laid down (pile.red_three_taken).
    return lay_red_threes(table, seat, replace=variant["pile.red_three_taken"] == "replaced")


def make_lays(table: RoundTable, seat: int, lays: Sequence[Lay]) -> None:
    verdict = check_lays(table, seat, lays)
    if not verdict:
        raise IllegalMove(verdict.reason)
    team, hand = table.teams[table.team_of(seat)], table.seats[seat].hand
    if lays:
        _opened(table, seat)
    for lay in lays:
        for card in lay.cards:
            hand.remove(card)
        if lay.onto is None:
            team.melds.append(list(lay.cards))
        else:
            team.melds[lay.onto].extend(lay.cards)


def try_going_out(table: RoundTable, seat: int, plan: Plan, bots: Sequence[Bot]) -> bool:
    """Go out as ``plan`` says, if the team may: the books (with this plan's melds), every partner in the foot and
    agreeing, a card for a required final discard. False, changing nothing, when the answer is no."""
    variant, player = table.variant, table.seats[seat]
    if not player.in_foot:
        raise IllegalMove("a player goes out only from the foot")
    verdict = check_lays(table, seat, plan.lays)
    if not verdict:
        raise IllegalMove(verdict.reason)
    laid = [card for lay in plan.lays for card in lay.cards]
    left = [card for card in player.hand if card not in laid and card not in plan.black_threes]
    if len(left) > 1 or len(set(laid)) != len(laid):
        raise IllegalMove("going out melds every card but at most one")
    threes = [table.cards[card] for card in plan.black_threes]
    # Black threes go down with the last cards only where threes.black_out scores them, as the rule page words it.
    if threes and (not variant["threes.black_out"] or not all(card.is_black_three for card in threes)):
        raise IllegalMove("black threes are laid down going out only where the rules score them")
    # With teams of three, every partner is asked and must agree, as the rule pages word it for such tables.
    partners = table.partners(seat)
    asked = variant["going_out.ask_partner"]
    allowed = legal.go_out_ok(
        variant,
        table.round_number,
        books_after(table, seat, plan.lays),
        partner_in_foot=all(table.seats[other].played_from_foot for other in partners),
        partner_agrees=not asked or all(bots[other].agrees(table, other, seat) for other in partners),
        card_to_discard=len(left) == 1,
    )
    if not allowed:
        return False
    make_lays(table, seat, plan.lays)
    team = table.teams[table.team_of(seat)]
    for card in plan.black_threes:
        player.hand.remove(card)
        team.black_threes_out.append(card)
    for card in left:
        player.hand.remove(card)
        table.pile.append(card)
    player.played_from_foot = True
    table.ended, table.went_out, table.went_out_by = WENT_OUT, table.team_of(seat), seat
    return True


def play_turn(table: RoundTable, seat: int, bots: Sequence[Bot]) -> None:
    """Play the turn of the player at ``seat``; ``table.ended`` says when it ended the round."""
    if table.turn >= unsettled.TURN_LIMIT:
        table.ended = TURN_LIMIT
        return
    table.turn += 1
    variant, bot, player = table.variant, bots[seat], table.seats[seat]
    # Where the stock has run out as a turn starts with too few cards for the draw, the pile cannot be taken instead.
    if variant["round_end.stock_runs_out"] == "at_turn_start" and not supply(table, variant["turn.draw"]):
        return
    # Red threes of a hand as dealt, where each player lays them down on their own first turn (turn.red_threes_dealt): a
    # hand holds a red three as a turn starts only then.
    if variant["turn.red_threes_dealt"] == "own_turn" and not lay_red_threes(table, seat):
        return
    if not player.hand and player.foot is not None and not pick_up_foot(table, seat):
        return
    pickup = bot.pickup(table, seat) if table.pile else None
    if pickup is not None:
        if not take_pile(table, seat, pickup):
            return
    elif not draw(table, seat):
        return
    may_go_out = True
    for _ in range(_MOST_STEPS):
        plan = bot.plan(table, seat, may_go_out=may_go_out and player.in_foot)
        if plan.go_out:
            if try_going_out(table, seat, plan, bots):
                return
            may_go_out = False
            continue
        laid = sum(len(lay.cards) for lay in plan.lays)
        left = len(player.hand) - laid
        if player.in_foot and left < 2:
            raise IllegalMove("a player who does not go out keeps a card after the discard")
        make_lays(table, seat, plan.lays)
        if player.hand:
            break
        if not variant["foot.continue_when_melded_out"]:
            return  # the foot waits for the next turn, and no card is left to discard
        if not pick_up_foot(table, seat):
            return
    card = bot.discard(table, seat)
    if card not in player.hand:
        raise IllegalMove(f"card {card} is not in the hand")
    if player.in_foot and len(player.hand) < 2:
        raise IllegalMove("a player who does not go out keeps a card after the discard")
    player.hand.remove(card)
    table.pile.append(card)
    if player.in_foot:
        player.played_from_foot = True  # a turn ended from the foot: "picked up their foot and played from it"
