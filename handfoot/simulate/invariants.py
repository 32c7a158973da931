# What must hold on the table after every turn, and of every round's score. Each check returns the problems it
# finds, as sentences; none means the table is sound.
from __future__ import annotations

from collections import Counter

from handfoot.scoring import score_round
from handfoot.simulate import legal
from handfoot.simulate.reading import add_up, read_tally
from handfoot.simulate.table import RoundTable


def pack_problems(table: RoundTable) -> list[str]:
    """Every card of the pack lies somewhere, and no card lies in two places."""
    every = [card for _, cards in table.places() for card in cards]
    if len(every) == len(table.cards) and set(every) == set(range(len(table.cards))):
        return []
    seen: Counter[int] = Counter()
    where: dict[int, str] = {}
    problems = []
    for name, cards in table.places():
        for card in cards:
            seen[card] += 1
            if seen[card] > 1:
                problems.append(f"card {card} ({table.cards[card]}) is in {where[card]} and in {name}")
            where[card] = name
    missing = [card for card in range(len(table.cards)) if card not in seen]
    if missing:
        problems.append(f"{len(missing)} cards of the pack are nowhere, such as {table.cards[missing[0]]}")
    strays = [card for card in seen if not 0 <= card < len(table.cards)]
    if strays:
        problems.append(f"cards that are not in the pack: {strays[:3]}")
    return problems


def meld_problems(table: RoundTable) -> list[str]:
    """Every meld and book on the table is legal under the rules, and each team's threes are threes of their kind."""
    problems = []
    book = table.variant["melds.book_size"]
    for number, team in enumerate(table.teams):
        fresh = [meld for meld in team.melds if tuple(meld) not in table.legal_melds]
        unfinished = [[table.cards[c] for c in meld] for meld in team.melds if len(meld) < book]
        against = legal.melds_ok(table.variant, [[table.cards[c] for c in meld] for meld in fresh], unfinished)
        if against is None:
            table.legal_melds.update(tuple(meld) for meld in fresh)
        else:
            problems.append(f"team {number}: {against.reason}")
        if any(not table.cards[c].is_red_three for c in team.red_threes):
            problems.append(f"team {number}: a card that is not a red three lies with its red threes")
        if any(not table.cards[c].is_black_three for c in team.black_threes_out):
            problems.append(f"team {number}: a card that is not a black three lies with its black threes")
        if team.melds and not team.opened and table.variant["pile.needs_team_meld"]:
            problems.append(f"team {number}: melds on the table before its first meld")
    return problems


def hand_problems(table: RoundTable) -> list[str]:
    """A player playing from the foot keeps a card unless their team went out."""
    return [
        f"player {number} plays from the foot with no card left"
        for number, seat in enumerate(table.seats)
        if seat.in_foot and not seat.hand and table.went_out != table.team_of(number)
    ]


def table_problems(table: RoundTable) -> list[str]:
    """Everything that must hold after every turn."""
    return pack_problems(table) + meld_problems(table) + hand_problems(table)


def score_problems(table: RoundTable) -> list[str]:
    """At the end of a round: each team's score_round of the tally read from the table equals the round added up
    from the cards, and score_round warns of nothing."""
    problems = []
    for team in range(len(table.teams)):
        result = score_round(table.variant, read_tally(table, team))
        added = add_up(table, team).total
        if result["total"] != added:
            problems.append(f"team {team}: score_round gives {result['total']}, the cards add up to {added}")
        problems.extend(f"team {team}: {warning}" for warning in result["warnings"])
    return problems
