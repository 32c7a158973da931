# Scoring a round for one team, and a whole game, from the tally a score sheet holds.
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from handfoot.errors import TallyError
from handfoot.rules import go_out_verdict
from handfoot.spec import FIELDS_BY_PATH, books_phrase
from handfoot.tally import OPTIONAL_FIELDS, TALLY_BY_KEY, TALLY_FIELDS
from handfoot.values import COUNT_GROUPS, group_labels, group_values, high_ranks, low_ranks
from handfoot.variant import Variant
from handfoot.words import format_number, pluralise

MELDED_GROUPS = COUNT_GROUPS[:-1]
_MISSING = {
    "round": "The tally has no round number (round).",
    "went_out": "The tally does not say whether the team went out (went_out).",
}


def _count(tally: Mapping[str, Any], key: str, words: str = "") -> int:
    value = tally.get(key, 0)
    words = words or TALLY_BY_KEY[key].words
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TallyError(f"The number of {words} must be a whole number from 0, got {value!r}.", key)
    return value


def _card_points(variant: Variant, tally: Mapping[str, Any], key: str, groups: Sequence[str]) -> int:
    """Card points from the points form (an int) or the counts form ({jokers: n, twos: n, ...})."""
    if key not in tally:
        raise TallyError(f"The tally has no {TALLY_BY_KEY[key].words} ({key}).", key)
    value = tally[key]
    values = group_values(variant)
    if isinstance(value, Mapping):
        unknown = [name for name in value if name not in groups]
        if unknown:
            raise TallyError(f"{unknown[0]!r} is not a card group; use {', '.join(groups)}.", key)
        labels = group_labels(variant)
        limits = group_limits(variant)
        total = 0
        for name in groups:
            count = value.get(name, 0)
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise TallyError(f"{labels[name]}: the count must be a whole number from 0, got {count!r}.", key)
            if count > limits[name]:
                raise TallyError(f"{labels[name]}: {count} is more than the {limits[name]} in the pack.", key)
            total += count * values[name]
        return total
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TallyError(f"The {TALLY_BY_KEY[key].words} must be a whole number from 0, got {value!r}.", key)
    step = math.gcd(*(values[name] for name in groups))
    if step > 1 and value % step:
        raise TallyError(f"Card points come in steps of {step} here; {value} is not a multiple of {step}.", key)
    return value


def card_points(variant: Variant, cards: int | Mapping[str, int], *, left: bool = False) -> int:
    """Card points of melded cards (or, with ``left=True``, of cards left in hand and foot, black threes included).

    ``cards`` is points, or counts by group (``{"jokers": 1, "twos": 2, "aces": 0, "high": 3, "low": 4}``).
    Raises ``TallyError`` for counts the pack cannot hold or points off the card values' step.
    """
    key = "left" if left else "melded"
    return _card_points(variant, {key: cards}, key, COUNT_GROUPS if left else MELDED_GROUPS)


def group_limits(variant: Variant) -> dict[str, int]:
    """The most cards of each count group the pack holds."""
    pack = variant.pack
    return {
        "jokers": pack.decks * pack.jokers,
        "twos": pack.decks * 4,
        "aces": pack.naturals_per_rank,
        "high": pack.naturals_per_rank * len(high_ranks(variant)),
        "low": pack.naturals_per_rank * len(low_ranks(variant)),
        "black_threes": pack.decks * 2,
    }


def least_book_points(variant: Variant, kind: str) -> int:
    """The fewest card points a book of this kind can hold (house books count 0: their cards are not known)."""
    values = group_values(variant)
    size = variant.whole("melds.book_size")
    natural = min(values["aces"], values["high"], values["low"])
    wild = min(values["twos"], values["jokers"]) if variant.pack.jokers else values["twos"]
    if kind == "clean":
        return size * natural
    if kind == "dirty":
        return min((size - w) * natural + w * wild for w in range(1, variant.wilds_allowed(size) + 1))
    if kind == "wild":
        return size * wild
    return 0


def _books(variant: Variant, tally: Mapping[str, Any]) -> dict[str, int]:
    books: dict[str, int] = {}
    for kind in variant.book_kinds:
        key = f"{kind.id}_books"
        if key not in tally and kind.id in {"clean", "dirty", "wild"}:
            raise TallyError(f"The tally has no {kind.label} books ({key}).", key)
        books[kind.id] = _count(tally, key, f"{kind.label} books")
    if not variant.has_wild_book and tally.get("wild_books", 0):
        raise TallyError("These rules have no wild book, so wild_books must be 0.", "wild_books")
    pack, size = variant.pack, variant["melds.book_size"]
    decks = pluralise(pack.decks, "deck")
    if books["clean"] > pack.max_clean_books(size):
        raise TallyError(f"{decks} can make at most {pack.max_clean_books(size)} clean books.", "clean_books")
    if books.get("wild", 0) > pack.max_wild_books(size):
        raise TallyError(f"{decks} can make at most {pack.max_wild_books(size)} wild books.", "wild_books")
    if sum(books.values()) > pack.max_books(size):
        counted = tuple(f"{kind}_books" for kind, count in books.items() if count)
        raise TallyError(f"{decks} can make at most {pack.max_books(size)} books in all.", counted[0], counted)
    return books


def _check_fields(variant: Variant, tally: Any) -> None:
    if not isinstance(tally, Mapping):
        raise TallyError(f"A tally must be a mapping of {', '.join(TALLY_FIELDS)}, got {tally!r}.")
    allowed = {*TALLY_FIELDS, *OPTIONAL_FIELDS, *(f"{kind.id}_books" for kind in variant.book_kinds)}
    for key in tally:
        if key not in allowed:
            raise TallyError(f"{key!r} is not a tally field; fields are {', '.join(sorted(allowed))}.", str(key))
    for key in TALLY_FIELDS:
        if key == "red_threes" and not variant["threes.red_laid_down"]:
            continue
        if key not in tally:
            raise TallyError(_MISSING.get(key, f"The tally has no {TALLY_BY_KEY[key].words} ({key})."), key)
    if not isinstance(tally["went_out"], bool):
        raise TallyError(f"went_out must be true or false, got {tally['went_out']!r}.", "went_out")
    number = tally["round"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise TallyError(f"The round must be a whole number from 1, got {number!r}.", "round")
    if variant.round_count is not None and number > variant.round_count:
        raise TallyError(f"These rules play {variant.round_count} rounds; there is no round {number}.", "round")


# The line in place of the going-out bonus when the team lacks the books going out needs.
# The going-out line is named by the rule's own label in the spec, as the rule page's and the sheet's tables name it.
GOING_OUT = FIELDS_BY_PATH["going_out.bonus"].label
GOING_OUT_REFUSED = f"{GOING_OUT}: not counted, too few books"


def score_round(variant: Variant, tally: Mapping[str, Any]) -> dict[str, Any]:
    """Score one team's round.

    Returns ``{"total": int, "lines": [{"label": str, "points": int}, ...], "warnings": [str, ...]}``; the lines add
    up to the total and come in score-sheet order: books, cards melded, red threes, going out (and an exact-cut
    bonus), cards left.

    The tally is ``round``, ``clean_books``, ``dirty_books``, ``wild_books`` (needed only where the variant has a
    wild book), ``red_threes``, ``red_threes_caught``, ``melded`` and ``left`` (card points, or counts by group:
    jokers, twos, aces, high, low, and black_threes for ``left``), and ``went_out``. Optional:
    ``red_threes_caught_in_foot`` (how many of the caught ones were in an unplayed foot),
    ``black_threes_caught_in_foot`` (black threes among the cards left that were in an unplayed foot, where the
    variant prices them apart), ``exact_cuts`` (players
    who cut exactly a hand and a foot), ``black_threes_out`` (black threes laid down by the team going out, where the
    variant scores them), and ``<kind>_books`` for house book kinds.

    Raises ``TallyError`` (with ``field`` set) for what cannot happen:
      - a missing or unknown field, a wrong type, a negative count, a round the variant does not play;
      - card points that are not a multiple of the card values' common step (5 under the usual values);
      - card counts beyond what the pack holds;
      - more books than the decks can make (clean, wild, or in all), or wild books where there is no wild book;
      - melded card points below the least the team's books can hold;
      - more red threes than the pack holds, or more caught in the foot than caught in all;
      - exact cuts where the variant has no exact-cut bonus, or more than the team has players;
      - black threes laid down going out by a team that did not go out, or where the variant does not score them;
      - black threes caught in the foot where the variant does not price them apart, or more than the cards left.

    Returns a warning, and still scores, for what is unusual but can be entered by mistake or by house rule:
      - going out without the books the round requires (the variant's words say what was needed): the going-out
        bonus is then not counted, and its line says so;
      - going out while a red three is caught in an unplayed foot, where the partner must have played from the foot.
    """
    _check_fields(variant, tally)
    books = _books(variant, tally)
    melded = _card_points(variant, tally, "melded", MELDED_GROUPS)
    left = _card_points(variant, tally, "left", COUNT_GROUPS)
    floor = sum(least_book_points(variant, kind) * count for kind, count in books.items())
    if melded < floor:
        phrase = books_phrase([(k, c) for k, c in books.items() if c], variant.book_labels())
        verb = "holds" if sum(books.values()) == 1 else "hold"
        problem = f"{phrase} {verb} at least {floor} points of cards; melded card points are {melded}."
        raise TallyError(problem, "melded", tuple(f"{kind}_books" for kind, count in books.items() if count))
    laid = _count(tally, "red_threes")
    if laid and not variant["threes.red_laid_down"]:
        raise TallyError("These rules never lay a red three down: count it among the red threes caught.", "red_threes")
    caught = _count(tally, "red_threes_caught")
    in_foot = _count(tally, "red_threes_caught_in_foot")
    if laid + caught > variant.pack.red_threes:
        raise TallyError(f"The pack holds only {variant.pack.red_threes} red threes.", "red_threes")
    if in_foot > caught:
        raise TallyError("Red threes caught in the foot are part of all red threes caught.", "red_threes_caught")
    cuts = _count(tally, "exact_cuts")
    cut_bonus = variant["deal.exact_cut_bonus"]
    if cuts and not cut_bonus:
        raise TallyError("These rules have no bonus for an exact cut.", "exact_cuts")
    if cuts > variant["players.team_size"]:
        raise TallyError(f"A team has only {pluralise(variant['players.team_size'], 'player')} to cut.", "exact_cuts")

    black_in_foot = _black_threes_in_foot(variant, tally, left)
    number, went_out = tally["round"], tally["went_out"]
    threes_out = _count(tally, "black_threes_out")
    if threes_out and not went_out:
        raise TallyError("Only the team going out lays down black threes with its last cards.", "black_threes_out")
    if threes_out and not variant["threes.black_out"]:
        raise TallyError("These rules do not let black threes be laid down when going out.", "black_threes_out")
    lines: list[dict[str, Any]] = []

    def line(label: str, points: int) -> None:
        lines.append({"label": label, "points": points})

    for kind in variant.book_kinds:
        if books[kind.id]:
            line(pluralise(books[kind.id], kind.label + " book"), books[kind.id] * kind.value)
    line("Cards melded", melded)
    if laid:
        laid_value = variant["threes.red_laid"]
        if not went_out and variant["threes.red_laid_not_out"] is not None:
            laid_value = variant["threes.red_laid_not_out"]
        line(f"{pluralise(laid, 'red three')} laid down", laid * laid_value)
    if caught:
        foot_value = variant["threes.red_caught_in_foot"]
        foot_value = variant["threes.red_caught"] if foot_value is None else foot_value
        hand = caught - in_foot
        if hand:
            line(f"{pluralise(hand, 'red three')} caught", hand * variant["threes.red_caught"])
        if in_foot:
            line(f"{pluralise(in_foot, 'red three')} caught in the foot", in_foot * foot_value)
    if threes_out:
        line(f"{pluralise(threes_out, 'black three')} laid down going out", threes_out * variant["threes.black_out"])
    # A team cannot go out without the books the round needs (going_out.books): its bonus is not counted.
    allowed = go_out_verdict(variant, number, books) if went_out else None
    if allowed:
        line(GOING_OUT, variant.going_out_bonus(number))
    elif went_out:
        line(GOING_OUT_REFUSED, 0)
    if cuts:
        line(pluralise(cuts, "exact cut"), cuts * cut_bonus)
    if black_in_foot:
        foot_value = variant["threes.black_caught_in_foot"]
        line(f"{pluralise(black_in_foot, 'black three')} caught in the foot", black_in_foot * foot_value)
    line("Cards left in hand and foot", -(left - black_in_foot * variant["card_values.black_three"]))

    warnings = []
    if went_out:
        if allowed is not None and not allowed:
            bonus = format_number(variant.going_out_bonus(number))
            warnings.append(f"{allowed.reason} So the {bonus} for going out is not counted.")
        if in_foot and variant["going_out.partner_in_foot"]:
            warnings.append("A team going out has played from both feet, yet a red three is caught in a foot.")
    return {"total": sum(item["points"] for item in lines), "lines": lines, "warnings": warnings}


def _black_threes_in_foot(variant: Variant, tally: Mapping[str, Any], left: int) -> int:
    """Black threes in an unplayed foot, which some rules count apart from the cards left; they are among them."""
    key = "black_threes_caught_in_foot"
    count = _count(tally, key)
    if not count:
        return 0
    if variant["threes.black_caught_in_foot"] is None:
        raise TallyError("These rules count a black three in the foot as in the hand: leave it in the cards left.", key)
    held = tally["left"].get("black_threes", 0) if isinstance(tally["left"], Mapping) else None
    value = variant["card_values.black_three"]
    if held is not None and count > held:
        raise TallyError(f"Black threes caught in the foot are among the cards left, which count {held}.", key)
    if held is None and count * value > left:
        raise TallyError(
            f"Black threes caught in the foot are among the cards left: {count} of them are {count * value} points, "
            f"more than the {left} left.",
            key,
        )
    return count


def score_game(variant: Variant, rounds: Sequence[Sequence[Mapping[str, Any]]]) -> dict[str, Any]:
    """Score a game: ``rounds`` is a list of rounds played so far, each a list of tallies, one per team in order.

    Returns ``{"teams": n, "rounds": [[score_round result per team], ...], "running": [[total after each round per
    team], ...], "totals": [...], "finished": bool, "winner": team index or None (not finished, or tied),
    "leaders": [team indices with the top total], "warnings": [...]}``.

    Raises ``TallyError`` (its message names the round and the team) when a round's tally breaks ``score_round``,
    when rounds have different numbers of teams or a tally's ``round`` is not its place in the list, when two teams
    go out in one round, or when rounds go on after the game has ended.
    """
    if not isinstance(rounds, Sequence) or isinstance(rounds, str):
        raise TallyError(f"A game must be a list of rounds, each a list of team tallies; got {rounds!r}.")
    first = rounds[0] if rounds else [None, None]
    if not isinstance(first, Sequence) or isinstance(first, str):
        raise TallyError(f"Each round must be a list of team tallies; round 1 is {first!r}.")
    teams = len(first)
    results: list[list[dict[str, Any]]] = []
    running: list[list[int]] = []
    totals = [0] * teams
    warnings: list[str] = []
    finished = False
    for number, tallies in enumerate(rounds, start=1):
        if finished:
            raise TallyError(f"The game ended before round {number}.", "round")
        if not isinstance(tallies, Sequence) or len(tallies) != teams or not 2 <= teams <= 12:
            raise TallyError(f"Round {number} must have a tally for each of the {teams} teams.")
        scored = []
        for team, tally in enumerate(tallies, start=1):
            try:
                if isinstance(tally, Mapping) and tally.get("round") != number:
                    raise TallyError(f"this tally says round {tally.get('round')!r}.", "round")
                result = score_round(variant, tally)
            except TallyError as error:
                raise _located(error, number, team) from None
            scored.append(result)
            warnings.extend(f"Round {number}, team {team}: {text}" for text in result["warnings"])
        out = [team for team, tally in enumerate(tallies, start=1) if tally["went_out"]]
        if len(out) > 1:
            raise TallyError(f"Round {number}: only one team can go out, but teams {out[0]} and {out[1]} did.")
        totals = [total + result["total"] for total, result in zip(totals, scored, strict=True)]
        results.append(scored)
        running.append(list(totals))
        target = variant["rounds.target_score"]
        finished = (variant.round_count is not None and number >= variant.round_count) or (
            target is not None and max(totals) >= target
        )
    top = max(totals) if rounds else 0
    leaders = [team for team, total in enumerate(totals) if total == top] if rounds else []
    return {
        "teams": teams,
        "rounds": results,
        "running": running,
        "totals": totals,
        "finished": finished,
        "winner": leaders[0] if finished and len(leaders) == 1 else None,
        "leaders": leaders,
        "warnings": warnings,
    }


def _located(error: TallyError, number: int, team: int) -> TallyError:
    text = str(error)
    located = TallyError(f"Round {number}, team {team}: {text[0].lower() + text[1:]}", error.field)
    located.round, located.team = number, team
    return located
