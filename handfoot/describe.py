# Variants described for pages: JSON-ready data that the rule pages, sheets and comparison render with templates.
# Pure and stdlib-only, so the configurator can build the same data in the browser.
from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from handfoot.arising import NEVER, assumptions, never_arises, unstated_never_arising
from handfoot.cards import meld_ranks_phrase, parse_cards, wild_cards_phrase
from handfoot.deck import CARDS_PER_DECK, Pack, count_deal
from handfoot.examples import (
    SEED_000_OUT,
    SEED_001_LEFT,
    SEED_001_SHORT_HAND,
    SEED_001_SHORT_HAND_NO_JOKERS,
    SEED_001_SHORT_MELDS,
    SEED_001_SIDE_A_RED_THREES,
    SEED_OPENINGS,
)
from handfoot.page_words import page_words
from handfoot.page_words.melds import book_holds
from handfoot.page_words.needs import other_tables_words, table_row_words
from handfoot.rule_sentences import rule_sentences
from handfoot.rules import check_opening
from handfoot.scoring import score_round
from handfoot.sheet_lines import bonus_rows, book_rule, card_rows, said_rows, scoring_notes, sheet_words
from handfoot.side_words import (
    bonuses_alone_sentence,
    caught_short_sentence,
    scoring_sentence,
    side,
    worked_round_sentence,
)
from handfoot.spec import FIELDS, FIELDS_BY_PATH, SECTIONS, BookCounts, PerRound
from handfoot.table_questions import table_questions
from handfoot.table_size_words import playing_alone_sentence, teams_of_three_sentence
from handfoot.tables import table_rows
from handfoot.value_words import dirty_book_words, value_words
from handfoot.values import COUNT_GROUPS, GROUP_RULES, cards_value, group_labels, group_values
from handfoot.variant import Variant, is_borrowed_note
from handfoot.words import possessive

# Worked round inputs: a team that goes out (seed 000) and a team caught short (seed 001's side B).
EXAMPLE_MELDED_OUT = SEED_000_OUT["melded"]


def opening_label(melds: tuple[str, ...], pile_top: str | None) -> str:
    """A first meld as a player would lay it: "9 9 9 2", or "9 9 2 from your hand, with a 9 from the pile"."""
    laid = " + ".join(melds)
    return laid if pile_top is None else f"{laid} from your hand, with a {pile_top} taken from the pile"


def example_side_b(variant: Variant) -> dict[str, int]:
    """Seed 001's side B in these rules' card values: its melded cards, its hand, and the foot it never reached."""
    cards = seed_cards(variant)
    return {"melded": cards["melded"], "left_hand": cards["hand_points"], "left_foot": SEED_001_LEFT["foot"]}


def in_play(variant: Variant, path: str) -> Any:
    """A rule's value as the game plays it. Red threes are laid down as soon as they are found, so when a red first
    upcard is buried too, no red three reaches the pile, and "any three" blocks it exactly as "a black three" does."""
    laid_at_once = variant["threes.red_laid_down"] and "red_three" in variant["deal.upcard_buried"]
    if path == "pile.blocked_by" and laid_at_once:
        return "black_three"
    return variant[path]


def _rule(variant: Variant, spec_path: str, default: Variant | None) -> dict[str, Any]:
    spec = next(f for f in FIELDS if f.path == spec_path)
    value = variant[spec_path]
    origin = variant.provenance[spec_path]
    label = spec.label_for(variant["players.team_size"])
    return {
        "label": label,
        # The label inside a sentence: "Not stated by Bicycle: after melding your whole hand."
        "phrase": label[:1].lower() + label[1:],
        "text": value_words(variant, spec_path),
        "value": spec.type.dump(value),
        "stated": origin.stated,
        "first_hand": origin.first_hand(variant.sources),
        "sources": [_read_in(variant, key, origin.through) for key in origin.sources],
        "unstated_rounds": list(origin.unstated_rounds),
        "unstated_part": origin.unstated_part,
        # Whether the rule page notes it: not stated at all, or stated only in part.
        "noted": not origin.stated or bool(origin.unstated_part),
        # Not stated, and simply taken from the default version: a mark says it, with no note to read.
        "borrowed": not origin.stated and not origin.unstated_part and is_borrowed_note(origin.note),
        "note": origin.note if origin.note.endswith((".", "?", "!")) or not origin.note else origin.note + ".",
        "conflict": origin.conflict,
        "differs": default is not None and in_play(variant, spec_path) != in_play(default, spec_path),
    }


def other_tables(variant: Variant) -> dict[str, Any]:
    """Other table sizes the variant's sources allow: a row for each size with its seats and, where decks follow the
    players, its pack; and, for each entry, who it lets play and the sources that allow it. A game played alone lists
    only tables played alone: a partnership game is another game."""
    alone = variant["players.team_size"] == 1
    tables = [table for table in variant.tables if table.team_size == 1 or not alone]
    rows = table_rows(
        tables,
        (variant["players.count"], variant["players.team_size"]),
        variant["decks.more_than_players"],
        CARDS_PER_DECK + variant["decks.jokers"],
        variant["deal.hand_size"] + variant["deal.foot_size"],
    )
    rows = [{**row, **table_row_words(row)} for row in rows]
    allowed = []
    for table in tables:
        counts = [str(n) for n in table.players]
        who = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]
        who += " players " + (f"in teams of {table.team_size}" if table.team_size > 1 else "playing alone")
        sources = [_read_in(variant, key, table.provenance.through) for key in table.provenance.sources]
        allowed.append({"who": who, "sources": sources, "note": table.provenance.note})
    alone_sentence = playing_alone_sentence(variant) if not alone and any(t.team_size == 1 for t in tables) else ""
    return {
        "rows": rows,
        # The lead of the table, the seating we choose, and the decks' rule of thumb, in words.
        "words": other_tables_words(variant, rows, alone=bool(alone_sentence)),
        "allowed": allowed,
        "seated": any(row["seating"] for row in rows),
        # A team of more than two: each player has several partners.
        "partners": any(row["team_size"] > 2 for row in rows),
        "partners_sentence": next(
            (teams_of_three_sentence(variant, row["players"]) for row in rows if row["team_size"] > 2), ""
        ),
        # A partnership game played alone: how it deals and goes out without partners.
        "alone_sentence": alone_sentence,
    }


def _who(players: int, team_size: int) -> str:
    if team_size == 1:
        return f"{players} players alone"
    return f"{players} players, {players // team_size} teams of {team_size}"


def deal_tables(variant: Variant) -> list[dict[str, Any]]:
    """The pack, the deal and the stock at each table the version sets up or allows with a pack its rules name: its own
    table first, then the others whose decks follow the players. Where the deal grows, these are round 1's."""
    jokers, hand, foot = variant["decks.jokers"], variant.hand_size(1), variant.foot_size(1)
    own = (variant["players.count"], variant["players.team_size"], variant["decks.count"])
    others = [
        (r["players"], r["team_size"], r["decks"]) for r in other_tables(variant)["rows"] if r["decks"] is not None
    ]
    tables = []
    for players, team_size, decks in [own, *others]:
        deal = count_deal(Pack(decks, jokers), players, hand, foot)
        when = " in round 1" if variant["deal.growth"] else ""
        tables.append(
            {
                "who": _who(players, team_size),
                "own": (players, team_size, decks) == own,
                "decks": decks,
                "sentence": (
                    f"{decks} × ({CARDS_PER_DECK} + {jokers}) = {deal.cards} cards; {players} × ({hand} + {foot}) = "
                    f"{deal.dealt} dealt{when}; {deal.stock} in the stock ({deal.stock_after_upcard} after the upcard)."
                ),
            }
        )
    return tables


def _read_in(variant: Variant, key: str, through: Sequence[str]) -> str:
    """A stated source's title, and the copies or summaries its text was read in."""
    source = variant.sources[key]
    ways = [variant.sources[t].title for t in through if variant.sources[t].carries(source)]
    if not ways:
        return source.title
    joined = ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + " and " + ways[-1]
    return f"{source.title}, through {joined}"


# A game played to a target score prints this many rows on its sheet's score grid, blank after the listed rounds.
PRINTED_SCORE_ROWS = 6


def score_rows(variant: Variant) -> list[str]:
    """The row heads of a sheet's score grid: each round, then blank rows to fill in a game to a target score."""
    listed = [str(n) for n in range(1, variant.listed_rounds + 1)]
    if variant.round_count:
        return listed
    return listed + [""] * max(0, PRINTED_SCORE_ROWS - len(listed))


def seat_names(variant: Variant) -> list[str]:
    """Column heads of a score sheet: one per team, or one per player when everyone plays alone."""
    if variant["players.team_size"] > 1:
        return [f"Team {n}" for n in range(1, variant.teams + 1)]
    return [f"Player {n}" for n in range(1, variant["players.count"] + 1)]


def seed_cards(variant: Variant) -> dict[str, Any]:
    """Seed 001's side B card by card, valued by these rules: each meld, and the hand it was caught with."""
    melds = [
        {"label": label, "cards": cards, "points": cards_value(variant, parse_cards(cards))}
        for label, cards in SEED_001_SHORT_MELDS
    ]
    hand_label, hand_cards = SEED_001_SHORT_HAND if variant["decks.jokers"] else SEED_001_SHORT_HAND_NO_JOKERS
    return {
        "melds": melds,
        "melded": sum(meld["points"] for meld in melds),
        "hand": hand_label,
        "hand_cards": hand_cards,
        "hand_points": cards_value(variant, parse_cards(hand_cards)),
    }


def example_tallies(variant: Variant) -> dict[str, dict[str, Any]]:
    """Three tallies for round 1, from the seed pages: a team going out with exactly the books required (seed 000), a
    team caught short with a red three in the foot it never reached (seed 001's side B), and the team going out with
    two red threes on the table as well (seed 001's side A). Where red threes are never laid down, none is on the
    table."""
    books = variant.books_to_go_out(1)
    out = {f"{kind.id}_books": books.get(kind.id, 0) for kind in variant.book_kinds}
    out.update(round=1, red_threes=0, red_threes_caught=0, melded=EXAMPLE_MELDED_OUT, left=0, went_out=True)
    short = {f"{kind.id}_books": 0 for kind in variant.book_kinds}
    laid = 1 if variant["threes.red_laid_down"] else 0
    short.update(clean_books=1, dirty_books=1, round=1, red_threes=laid, red_threes_caught=1, went_out=False)
    short.update(red_threes_caught_in_foot=1)
    side_b = example_side_b(variant)
    short.update(melded=side_b["melded"], left=side_b["left_hand"] + side_b["left_foot"])
    return {"out": out, "short": short, "side_a": {**out, "red_threes": SEED_001_SIDE_A_RED_THREES * laid}}


def describe_variant(variant: Variant, default: Variant | None = None) -> dict[str, Any]:
    """Everything a rule page or a sheet shows for one variant, as JSON-ready data."""
    pack = variant.pack
    deal = count_deal(pack, variant["players.count"], variant["deal.hand_size"], variant["deal.foot_size"])
    rounds = variant.listed_rounds
    values, labels = group_values(variant), group_labels(variant)
    examples = example_tallies(variant)
    rules = {spec.path: _rule(variant, spec.path, default) for spec in FIELDS}
    go_out = [variant.books_to_go_out_phrase(n) for n in range(1, rounds + 1)]
    minimums = [variant.opening_minimum(n) for n in range(1, rounds + 1)]
    bonuses = [variant.going_out_bonus(n) for n in range(1, rounds + 1)]
    holds = book_holds(variant)
    cited = {key for entry in variant.provenance.values() for key in (*entry.sources, *entry.through)}
    return {
        "id": variant.id,
        "name": variant.name,
        "possessive": possessive(variant.name),
        "short_name": variant.short_name,
        "summary": variant.summary,
        "is_default": default is None or default.id == variant.id,
        "default_name": default.name if default else variant.name,
        "teams": variant.teams,
        "seats": seat_names(variant),
        "score_rows": score_rows(variant),
        "pack": {
            "cards": deal.cards,
            "cards_per_deck": CARDS_PER_DECK + variant["decks.jokers"],
            "dealt": deal.dealt,
            "stock": deal.stock,
            "stock_after_upcard": deal.stock_after_upcard,
            "wild_cards": pack.wild_cards,
            "red_threes": pack.red_threes,
        },
        "rules": rules,
        # The cards' own words, so that no page writes a fact of the pack: "fours up to aces", "twos and jokers".
        "card_words": {"meld_ranks": meld_ranks_phrase(), "wild": wild_cards_phrase(variant["decks.jokers"])},
        # Sentences of rules whose choice changes what the table does (the deal, marking a book).
        "sentences": rule_sentences(variant),
        # The page's paragraphs section by section, each with the rules whose marks go with it.
        "words": {
            key: {"text": said.text, "rules": [rules[path] for path in said.rules]}
            for key, said in page_words(variant).items()
        },
        # What a stock too short for a draw does, as the end of the rule page's sentence: the sheet's line.
        "sheet": sheet_words(variant),
        "scoring_rows": {
            "cards": said_rows(variant, card_rows(variant, sheet=False)),
            "bonuses": said_rows(variant, bonus_rows(variant, sheet=False)),
        },
        "scoring_notes": scoring_notes(variant),
        "rule_list": [{"path": path, **rule} for path, rule in rules.items()],
        # What a dirty book holds, with as many wild cards as these rules allow in a book.
        "dirty_book": dirty_book_words(variant),
        "wilds_allowed": [
            {"size": size, "wilds": variant.wilds_allowed(size)}
            for size in range(variant["melds.min_size"], variant["melds.book_size"] + 1)
        ],
        "rounds": [
            {
                "round": n,
                "minimum": minimums[n - 1],
                "books": go_out[n - 1],
                "bonus": bonuses[n - 1],
                "books_stated": variant.provenance["going_out.books"].stated
                and n not in variant.provenance["going_out.books"].unstated_rounds,
                # A round whose books to go out its sources leave open, where they state the others.
                "books_marked": variant.provenance["going_out.books"].stated
                and n in variant.provenance["going_out.books"].unstated_rounds,
                "books_first": variant.in_round("opening.books_needed", n),
                "hand": variant.hand_size(n),
                "foot": variant.foot_size(n),
            }
            for n in range(1, rounds + 1)
        ],
        "same_books_every_round": len(set(go_out)) == 1,
        "same_deal_every_round": not variant["deal.growth"],
        "books_first_rounds": [n for n in range(1, rounds + 1) if variant.in_round("opening.books_needed", n)],
        "same_bonus_every_round": len(set(bonuses)) == 1,
        "card_values": [
            {"label": labels[group], "points": values[group], "path": GROUP_RULES[group]}
            for group in COUNT_GROUPS
            if group != "black_threes"
        ],
        "extra_books": [
            {"label": book.label, "value": book.value, "counts_as": book.counts_as} for book in variant["books.extra"]
        ],
        "book_values": [
            {
                "label": kind.label,
                "points": kind.value,
                "path": book_rule(kind.id),
                "counts_as": kind.counts_as,
                # What the book holds, for the rule page's table of books.
                "holds": holds[kind.id],
            }
            for kind in variant.book_kinds
        ],
        "book_labels": variant.book_labels(),
        "worked": {name: {"tally": tally, "score": score_round(variant, tally)} for name, tally in examples.items()},
        # Seed 001's side A scores its bonuses before its cards: the round less the melded card points.
        "side_a_bonuses": score_round(variant, examples["side_a"])["total"] - examples["side_a"]["melded"],
        "example": example_side_b(variant),
        "scoring_words": {
            "side": side(variant).noun,
            "scoring": scoring_sentence(variant),
            "worked_round": worked_round_sentence(
                variant,
                books=go_out[0],
                melded_out=examples["out"]["melded"],
                melded_short=examples["short"]["melded"],
                red_three_laid=bool(examples["short"]["red_threes"]),
                hand=example_side_b(variant)["left_hand"],
                foot=example_side_b(variant)["left_foot"],
            ),
            "bonuses_alone": bonuses_alone_sentence(
                variant,
                red_threes=examples["side_a"]["red_threes"],
                points=score_round(variant, examples["side_a"])["total"] - examples["side_a"]["melded"],
            ),
        },
        "seed_cards": seed_cards(variant),
        "caught_short": caught_short_sentence(variant, seed_cards(variant)),
        "seed_openings": [
            {
                "melds": list(melds),
                "label": opening_label(melds, pile_top),
                **dataclasses.asdict(check_opening(variant, 1, list(melds), pile_top=pile_top)),
            }
            for melds, pile_top in SEED_OPENINGS
        ],
        "questions": [
            {**dataclasses.asdict(q), "rules": [rules[path] for path in q.rules]} for q in table_questions(variant)
        ],
        "sources": [
            {"id": s.id, "title": s.title, "url": s.url, "author": s.author, "note": s.note}
            for s in variant.sources.values()
            if s.id in cited
        ],
        "notes": list(variant.notes),
        "other_tables": other_tables(variant),
        "deal_tables": deal_tables(variant),
        "assumed_count": sum(1 for entry in variant.provenance.values() if not entry.stated),
        # What a player would call an assumption: what comes up in this version's game and its sources leave out.
        "assumptions": assumptions(variant, other_tables(variant), table_questions(variant)),
        # Rules its sources do not state that never come up in its own game, only at a table that changes others.
        "unstated_never_arising": [rules[path]["phrase"] for path in unstated_never_arising(variant)],
        "first_hand_count": sum(1 for entry in variant.provenance.values() if entry.first_hand(variant.sources)),
        "partly_stated": [
            {
                "label": rules[path]["label"],
                "how": "for some rounds only" if e.unstated_rounds else f"only in part (not {e.unstated_part})",
            }
            for path, e in variant.provenance.items()
            if e.unstated_rounds or e.unstated_part
        ],
    }


def by_round(variant: Variant, path: str) -> list[dict[str, Any]]:
    """A per-round value said round by round ("rounds 1 to 3: …", "round 4: …"), each part ``stated`` False where
    its sources do not state those rounds; [] where one value stands for every round or each round differs and all
    are stated, which " / " says plainly."""
    spec = FIELDS_BY_PATH[path]
    value = variant[path]
    origin = variant.provenance[path]
    if not isinstance(spec.type, PerRound | BookCounts) or len(set(value)) == 1:
        return []
    if len(set(value)) == len(value) and not origin.unstated_rounds:
        return []
    groups: list[list[int]] = []
    for n in range(1, len(value) + 1):
        if (
            groups
            and value[n - 1] == value[groups[-1][-1] - 1]
            and (n in origin.unstated_rounds) == (groups[-1][-1] in origin.unstated_rounds)
        ):
            groups[-1].append(n)
        else:
            groups.append([n])
    parts = []
    for rounds in groups:
        n = rounds[0]
        if isinstance(spec.type, BookCounts):
            words = variant.books_to_go_out_phrase(n)
        else:
            words = spec.type.inner.show(value[n - 1])
        when = f"round {n}" if len(rounds) == 1 else f"rounds {n} to {rounds[-1]}"
        stated = origin.stated and not set(rounds) & set(origin.unstated_rounds)
        parts.append({"text": f"{when}: {words}", "stated": stated})
    return parts


def _never_groups(variants: Sequence[Variant], cells: Sequence[dict[str, Any]]) -> list[dict[str, str]]:
    """Why a rule never comes up, once for each reason, with the versions it holds for ("every version")."""
    names: dict[str, list[str]] = {}
    for variant, cell in zip(variants, cells, strict=True):
        if cell["never"]:
            names.setdefault(cell["never"], []).append(variant.short_name)
    return [
        {"why": why, "versions": "every version" if len(who) == len(variants) else ", ".join(who)}
        for why, who in names.items()
    ]


def compare_rows(variants: Sequence[Variant], default: Variant) -> list[dict[str, Any]]:
    """One row per rule of the spec: the shown value in each variant, and whether it differs from the default."""
    rows = []
    for section in SECTIONS:
        for spec in section.fields:
            cells = []
            for variant in variants:
                why = never_arises(variant, spec.path)
                parts = [] if why else by_round(variant, spec.path)
                cells.append(
                    {
                        "variant": variant.id,
                        "text": NEVER
                        if why
                        else "; ".join(p["text"] for p in parts) or value_words(variant, spec.path),
                        # Each round's value with its own mark, where rounds repeat or some are not stated.
                        "parts": parts,
                        "never": why,
                        "plays": json.dumps(spec.type.dump(in_play(variant, spec.path)), sort_keys=True),
                        "differs": bool(why) != bool(never_arises(default, spec.path))
                        or (not why and in_play(variant, spec.path) != in_play(default, spec.path)),
                        # A rule that never comes up shows no value, so no mark for one.
                        "stated": bool(why) or variant.provenance[spec.path].stated,
                    }
                )
            rows.append(
                {
                    "path": spec.path,
                    "section": section.title,
                    "label": spec.label,
                    "cells": cells,
                    "never": _never_groups(variants, cells),
                    "varies": len({c["text"] for c in cells}) > 1,
                    "same_in_play": len({c["text"] for c in cells}) > 1 and len({c["plays"] for c in cells}) == 1,
                }
            )
    return rows
