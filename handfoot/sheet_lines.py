"""The one-page table sheet's lines and the scoring tables' rows, in handfoot's words.

A sheet line is short, and its marks sit inside it, each after the words it marks ("hand 11, foot 11* · draw 2"). So
a line is a tuple of `Piece`s: words, then the mark of the rules they rest on. The templates only place them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from handfoot.cards import wild_cards_phrase
from handfoot.rule_sentences import stock_short_answer
from handfoot.side_words import side
from handfoot.spec import BUILT_IN_BOOKS, FIELDS_BY_PATH
from handfoot.value_words import value_words
from handfoot.values import COUNT_GROUPS, GROUP_RULES, group_labels, group_values
from handfoot.variant import Variant
from handfoot.words import format_number, possessive

# Which part of a rule's provenance earns the mark: any unstated part ("any"), the value itself ("value"), or only a
# part of a stated rule ("part").
MarkKind = Literal["any", "value", "part"]


@dataclass(frozen=True)
class Piece:
    """Words of a line, followed by the mark of ``rules`` (spec paths) when these rules' sources leave them open."""

    text: str
    rules: tuple[str, ...] = ()
    mark: MarkKind = "any"


Line = tuple[Piece, ...]


def is_marked(variant: Variant, piece: Piece) -> bool:
    """Whether ``piece`` carries the not-stated mark under ``variant``."""
    for path in piece.rules:
        origin = variant.provenance[path]
        unstated, part = not origin.stated, bool(origin.unstated_part)
        if {"any": unstated or part, "value": unstated, "part": origin.stated and part}[piece.mark]:
            return True
    return False


def _num(variant: Variant, path: str) -> str:
    return format_number(variant.whole(path))


def lede(variant: Variant) -> Line:
    """The table, the pack, the deal, the turn and the wild cards, in one line."""
    players = variant["players.count"]
    table = (
        f"{players} players in {variant.teams} teams"
        if side(variant).noun == "team"
        else f"{players} players, each alone"
    )
    return (
        Piece(table, ("players.count", "players.team_size")),
        Piece(f" · {variant['decks.count']} decks, {variant.pack.cards} cards", ("decks.count", "decks.jokers")),
        Piece(
            f" · hand {variant['deal.hand_size']}, foot {variant['deal.foot_size']}",
            ("deal.hand_size", "deal.foot_size"),
        ),
        Piece(f" · draw {variant['turn.draw']}, discard 1", ("turn.draw",)),
        Piece(f" · {wild_cards_phrase(variant['decks.jokers'])} wild"),
    )


def legend(variant: Variant) -> str:
    """What the mark means, or nothing where every rule is stated."""
    if not any(not entry.stated for entry in variant.provenance.values()):
        return ""
    return f"* Not stated by {possessive(variant.name)} sources. The rule page says what each such rule rests on."


def deal_line(variant: Variant) -> Line:
    """How the players deal themselves where nobody deals; empty where a dealer deals."""
    hand, foot = variant["deal.hand_size"], variant["deal.foot_size"]
    method = variant["deal.method"]
    if method == "self_cut":
        text = (
            f"Deal: nobody deals. Cut about {hand + foot} cards from the stock and count them into your hand ({hand}) "
            f"and your foot ({foot})."
        )
    elif method == "cut_pass_foot":
        text = (
            f"Deal: nobody deals. Cut about {hand + foot} cards from either stock pile and count two piles of {hand} "
            f"and {foot}. Keep the left pile as your hand; pass the right pile to the player on your right, as their "
            "foot."
        )
    else:
        return ()
    return (Piece(text, ("deal.method",)),)


def foot_line(variant: Variant) -> Line:
    """When you pick up your foot, and the card kept after each discard."""
    when = (
        ": at once if you melded your last card, else at the start of your next turn"
        if variant["foot.continue_when_melded_out"]
        else ", at the start of your next turn"
    )
    pieces = [Piece(f"pick it up when your hand is empty{when}.", ("foot.continue_when_melded_out",))]
    if variant["foot.announce"]:
        pieces.append(Piece(' Say "I\'m playing my foot".', ("foot.announce",)))
    pieces.append(Piece(" Until you go out, keep a card after each discard.", ("going_out.final_discard",)))
    return tuple(pieces)


def meld_lines(variant: Variant) -> tuple[Line, ...]:
    """A meld's size, the wild cards a meld may hold, and whether a meld may be all wild."""
    grows = " (books may grow)" if variant["melds.grow_past_book"] else ""
    sizes = f"{variant['melds.min_size']} to {variant['melds.book_size']} cards"
    wild_rules: tuple[str, ...] = ("melds.min_naturals",)
    wild_rules += ("melds.wild_ratio",) if variant["melds.wild_ratio"] else ()
    wild_rules += ("melds.max_wilds",) if variant["melds.max_wilds"] is not None else ()
    sizes_allowed = range(variant["melds.min_size"], variant["melds.book_size"] + 1)
    at_most = ", ".join(f"{variant.wilds_allowed(size)} in {size}" for size in sizes_allowed)
    all_wild = "All-wild melds allowed: a wild book." if variant.has_wild_book else "No all-wild melds."
    return (
        (
            Piece(sizes, ("melds.min_size", "melds.book_size", "melds.grow_past_book")),
            Piece(f" of one rank{grows}; no melds of threes."),
        ),
        (Piece(f"Wild cards at most: {at_most}.", wild_rules),),
        (Piece(all_wild, ("books.wild",)),),
    )


def pile_lines(variant: Variant) -> tuple[Line, ...]:
    """How much of the pile you take, what you must hold, a wild card on top, and whether your side must have melded."""
    take = variant["pile.take"]
    if take:
        taking: Line = (
            Piece(f"Take the top {take}", ("pile.take",), "value"),
            Piece(" (all if fewer", ("pile.take",), "part"),
            Piece(")"),
        )
    else:
        taking = (Piece("Take the whole pile", ("pile.take",)),)
    needed = variant["pile.cards_needed"]
    cards = "card" if needed == 1 else "cards"
    if variant["pile.needs_team_meld"]:
        counts = "all its cards count" if variant["opening.pile_rest_counts"] else "only the top card and yours count"
        unmelded = f"only to open; {counts}"
    else:
        unmelded = "the cards it needs are enough"
    return (
        (*taking, Piece(f"; not when the top is {value_words(variant, 'pile.blocked_by')}.", ("pile.blocked_by",))),
        (
            Piece(
                f"Hold {needed} natural {cards} of its rank and meld them with it at once.",
                ("pile.cards_needed",),
            ),
        ),
        (Piece(f"Wild on top: {value_words(variant, 'pile.wild_top')}.", ("pile.wild_top",)),),
        (Piece(f"Not melded: {unmelded}.", ("pile.needs_team_meld", "opening.pile_rest_counts")),),
    )


def three_lines(variant: Variant) -> tuple[Line, ...]:
    """What a red three and a black three do, and what each costs."""
    caught = _num(variant, "threes.red_caught")
    if variant["threes.red_laid_down"]:
        red = [
            Piece("Red: lay it down at once and draw a replacement", ("threes.red_laid_down",)),
            Piece(f"; {_num(variant, 'threes.red_laid')} on the table"),
        ]
        if variant["threes.red_laid_not_out"] is not None:
            who = side(variant).noun
            red += [
                Piece(
                    f" ({_num(variant, 'threes.red_laid_not_out')} for a {who} that did not go out",
                    ("threes.red_laid_not_out",),
                ),
                Piece(")"),
            ]
        red += [Piece("", ("threes.red_laid",)), Piece(f", {caught} if caught")]
    else:
        red = [
            Piece("Red: never laid down; keep it like any card.", ("threes.red_laid_down",)),
            Piece(f" {caught} if still held at the end"),
        ]
    if variant["threes.red_caught_in_foot"] is not None:
        red += [
            Piece(
                f" ({_num(variant, 'threes.red_caught_in_foot')} in an unplayed foot", ("threes.red_caught_in_foot",)
            ),
            Piece(")"),
        ]
    red.append(Piece(".", ("threes.red_caught",)))
    if variant["threes.black_out"]:
        black = [Piece("Black: melded only when going out", ("threes.black_out",))]
    else:
        black = [Piece("Black: never melded", ("melds.min_size",))]
    black.append(Piece("; on top of the pile it blocks the next player.", ("pile.blocked_by",)))
    if variant["threes.black_caught_in_foot"] is not None:
        in_foot = _num(variant, "threes.black_caught_in_foot")
        black.append(Piece(f" In an unplayed foot: {in_foot}.", ("threes.black_caught_in_foot",)))
    return tuple(red), tuple(black)


def going_out_lines(variant: Variant) -> tuple[Line, ...]:
    """What must be true to go out, and what happens when the stock is too short."""
    first: list[Piece] = []
    if variant["going_out.partner_in_foot"]:
        first += [Piece("Partner has played from their foot.", ("going_out.partner_in_foot",)), Piece(" ")]
    if variant["going_out.ask_partner"]:
        first += [Piece('Ask "May I go out?".', ("going_out.ask_partner",)), Piece(" ")]
    final = value_words(variant, "going_out.final_discard")
    first.append(Piece(f"Final discard {final}.", ("going_out.final_discard",)))
    stock: tuple[str, ...] = ("round_end.stock_out", "round_end.stock_runs_out")
    if variant["round_end.stock_out"] == "reshuffle":
        stock += ("round_end.reshuffle_stock_left",)
    return tuple(first), (Piece(f"Stock too short: {stock_short_answer(variant, brief=True)}.", stock),)


@dataclass(frozen=True)
class Row:
    """A row of a scoring table: what scores, and its points followed by the mark of ``rules``."""

    label: str
    points: Piece


def book_rule(kind_id: str) -> str:
    """The rule that sets a kind of book's points: its own for a built-in book, ``books.extra`` for a house book."""
    return f"books.{kind_id}" if kind_id in BUILT_IN_BOOKS else "books.extra"


def card_rows(variant: Variant, *, sheet: bool) -> tuple[Row, ...]:
    """Points per card, a group a row, and the black three left: the rule page's and the sheet's tables. A pack
    without jokers has no joker row."""
    labels, values = group_labels(variant), group_values(variant)
    rows = []
    for group in COUNT_GROUPS:
        if group == "black_threes" or (group == "jokers" and not variant["decks.jokers"]):
            continue
        rules: tuple[str, ...] = (GROUP_RULES[group],)
        # On the sheet, the high and low cards' rows also rest on whether eights and nines count high or low.
        if sheet and group in ("high", "low"):
            rules += ("card_values.eight", "card_values.nine")
        rows.append(Row(labels[group], Piece(str(values[group]), rules, "any" if sheet else "value")))
    black = variant["card_values.black_three"]
    if sheet:
        rows.append(Row("Black three left", Piece(f"\u2212{black}", ("card_values.black_three",))))
    else:
        rows.append(
            Row("Black three left in hand or foot", Piece(f"{black} against", ("card_values.black_three",), "value"))
        )
    return tuple(rows)


def bonus_rows(variant: Variant, *, sheet: bool) -> tuple[Row, ...]:
    """The books, going out, red threes and an exact cut, with their points: the rule page's "Bonus or penalty"
    table, or the sheet's "Bonuses and penalties" (whose books say their size)."""
    mark: MarkKind = "any" if sheet else "value"
    rows = []
    for kind in variant.book_kinds:
        path = book_rule(kind.id)
        label = f"{kind.label.capitalize()} book"
        if sheet:
            counts = f"; counts as {kind.counts_as} to go out" if kind.counts_as else ""
            label += f" ({variant['melds.book_size']} cards{counts})"
        rows.append(Row(label, Piece(format_number(kind.value), (path,), mark)))
    bonuses = {variant.going_out_bonus(n) for n in range(1, variant.listed_rounds + 1)}
    if len(bonuses) == 1:
        bonus = format_number(bonuses.pop())
    else:
        bonus = "see rounds" if sheet else value_words(variant, "going_out.bonus")
    rows.append(Row(FIELDS_BY_PATH["going_out.bonus"].label, Piece(bonus, ("going_out.bonus",), mark)))
    if variant["threes.red_laid_down"]:
        rows.append(Row("Red three on the table", Piece(_num(variant, "threes.red_laid"), ("threes.red_laid",), mark)))
    caught = "Red three caught" if sheet else "Red three caught in hand or foot"
    rows.append(Row(caught, Piece(_num(variant, "threes.red_caught"), ("threes.red_caught",), mark)))
    if variant["deal.exact_cut_bonus"]:
        rows.append(Row("Exact cut", Piece(_num(variant, "deal.exact_cut_bonus"), ("deal.exact_cut_bonus",), mark)))
    return tuple(rows)


def round_heads(variant: Variant) -> dict[str, Line]:
    """The each-round table's headings that carry a mark: the first meld's minimum and the books to go out."""
    minimum = "opening.by_score" if variant["opening.by_score"] else "opening.minimums"
    return {"minimum": (Piece("First meld", (minimum,)),), "books": (Piece("To go out", ("going_out.books",)),)}


def said(variant: Variant, line: Line) -> list[dict[str, object]]:
    """A line as the templates read it: each piece's words, and whether its mark follows."""
    return [{"text": piece.text, "marked": is_marked(variant, piece)} for piece in line]


def said_rows(variant: Variant, rows: tuple[Row, ...]) -> list[dict[str, object]]:
    return [{"label": row.label, "points": said(variant, (row.points,))} for row in rows]


def sheet_words(variant: Variant) -> dict[str, object]:
    """Every line of the sheet below its title, as the sheet template places them."""
    return {
        "lede": said(variant, lede(variant)),
        "legend": legend(variant),
        "deal": said(variant, deal_line(variant)),
        "cards": said_rows(variant, card_rows(variant, sheet=True)),
        "bonuses": said_rows(variant, bonus_rows(variant, sheet=True)),
        "foot": said(variant, foot_line(variant)),
        "heads": {key: said(variant, line) for key, line in round_heads(variant).items()},
        "melds": [said(variant, line) for line in meld_lines(variant)],
        "pile": [said(variant, line) for line in pile_lines(variant)],
        "threes": [said(variant, line) for line in three_lines(variant)],
        "going_out": [said(variant, line) for line in going_out_lines(variant)],
    }


def _any_unstated(variant: Variant, paths: tuple[str, ...]) -> bool:
    return any(not variant.provenance[path].stated for path in paths)


def scoring_notes(variant: Variant) -> dict[str, str]:
    """The rule page's notes under its bonus table and above its worked round, or empty where every value they use
    is stated."""
    name = possessive(variant.name)
    bonuses: tuple[str, ...] = ("books.clean", "books.dirty", "going_out.bonus", "threes.red_caught")
    bonuses += ("books.wild",) if variant.has_wild_book else ()
    bonuses += ("threes.red_laid",) if variant["threes.red_laid_down"] else ()
    groups = tuple(GROUP_RULES[group] for group in COUNT_GROUPS if group != "black_threes")
    counted = (*bonuses, "books.wild", "threes.red_laid", *groups)
    return {
        "bonuses": f"* Not stated by {name} sources; the notes above say what each rests on."
        if _any_unstated(variant, bonuses)
        else "",
        "worked": f"These rounds use values {name} sources do not state, marked * in the tables above: they show how "
        "these rules count, not what the sources say."
        if _any_unstated(variant, counted)
        else "",
    }
