"""The rule page's "What you need": the players, the decks, other tables the sources allow, and how long a game is."""

from __future__ import annotations

from typing import Any

from handfoot.cards import wild_cards_phrase
from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.variant import Variant
from handfoot.words import format_number, pluralise, possessive

_DECKS_MORE = {1: "one deck", 2: "two decks"}


def players_sentence(variant: Variant) -> Sentence:
    """Who plays (``players.count``) and whether in teams (``players.team_size``)."""
    count, size = variant["players.count"], variant["players.team_size"]
    if size > 1:
        text = f"{count} players in {variant.teams} teams of {size}, partners sitting opposite each other."
    else:
        text = f"{count} players, each playing alone and keeping their own score."
    return Sentence(text, ("players.count", "players.team_size"))


def decks_sentence(variant: Variant) -> Sentence:
    """The pack (``decks.count``, ``decks.jokers``) and its wild cards; a pack without jokers says so, and its wild
    cards are the twos alone."""
    decks, jokers, pack = variant["decks.count"], variant["decks.jokers"], variant.pack
    standard = pluralise(decks, "standard deck")
    with_jokers = f"with {pluralise(jokers, 'joker')} each" if jokers else "without jokers"
    wild = wild_cards_phrase(jokers)
    return Sentence(
        f"{standard} {with_jokers}, shuffled together: {format_number(pack.cards)} cards. "
        f"{wild[:1].upper()}{wild[1:]} are wild: {pack.wild_cards} wild cards in all.",
        ("decks.count", "decks.jokers"),
    )


def decks_rule_sentence(variant: Variant) -> Sentence:
    """How many decks another table uses (``decks.more_than_players``)."""
    over = variant["decks.more_than_players"]
    if over is None:
        text = "These rules do not tie the number of decks to the number of players."
    elif over == 0:
        text = "At a table of another size, use one deck for each player."
    else:
        text = f"At a table of another size, use {_DECKS_MORE.get(over, f'{over} decks')} more than there are players."
    return Sentence(text, ("decks.more_than_players",))


def game_length_sentence(variant: Variant) -> Sentence:
    """How long a game is (``rounds.count``) or what it is played to (``rounds.target_score``)."""
    rounds = variant["rounds.count"]
    if rounds:
        text = f"A game is {rounds} rounds, and the highest total after the last round wins."
    else:
        target = format_number(variant["rounds.target_score"])
        text = f"Play rounds until a {side(variant).noun} reaches {target} points; the highest total then wins."
    return Sentence(text, ("rounds.count",))


def other_tables_words(variant: Variant, rows: list[dict[str, Any]], *, alone: bool) -> dict[str, str]:
    """The words around the table of other tables (``rows``, from ``handfoot.tables.table_rows``): its lead, what we
    choose for teams that sit apart, the decks' rule of thumb where we apply it (to seated teams, or to a partnership
    game played ``alone``); where the sources name no other table, that they do not."""
    owner = possessive(variant.name)
    if not rows:
        text = f"{owner} sources do not say how to play with another number of players."
        return {"lead": text, "seating": "", "decks": ""}
    seated = any(row["seating"] for row in rows)
    lead = f"{owner} sources allow other tables too" + ("" if seated else ", everyone playing alone")
    lead += ". The stock is what the deal leaves" + (" in round 1" if variant["deal.growth"] else "")
    lead += ", before the first upcard"
    lead += "; the letters are the teams, in their seats going round the table." if seated else "."
    seating = "Teammates sit apart, so play passes from team to team: teams of three sit alternately, A B A B A B."
    decks = "The decks in the table follow the rule of thumb above, not a count any source gives for that table."
    return {"lead": lead, "seating": seating if seated else "", "decks": decks if seated or alone else ""}


def table_row_words(row: dict[str, Any]) -> dict[str, str]:
    """A row of the table of other tables in words: who plays, the decks with their cards, and the stock."""
    if row["team_size"] > 1:
        who = f"{row['teams']} teams of {row['team_size']}, seated {row['seating']}"
    else:
        who = "each alone"
    if not row["decks"]:
        return {"who_plays": who, "deck_words": "not stated", "stock_words": "\u2013"}
    cards = f"{row['decks']} ({format_number(row['cards'])} cards)"
    return {"who_plays": who, "deck_words": cards, "stock_words": format_number(row["stock"])}


def needs_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words (the other tables: ``other_tables_words``)."""
    return {
        "players.count": players_sentence(variant),
        "decks.count": decks_sentence(variant),
        "decks.more_than_players": decks_rule_sentence(variant),
        "rounds.count": game_length_sentence(variant),
    }
