# "How it plays" as people read it: each figure's words and how it is shown, for the command line, the compare page,
# the rule pages' boxes and the configurator alike; and a summary as JSON-ready data and back.
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handfoot.simulate.stats import CAVEAT, NOISE_Z, NOTICEABLE, Figure, Summary, compare
from handfoot.spec import FIELDS_BY_PATH
from handfoot.variant import Variant
from handfoot.words import format_number, possessive

SHARE, WHOLE, TENTH = "share", "whole", "tenth"

# The rows a table shows: a figure's dotted name in handfoot.simulate.stats, its words, and how it is shown. A
# "points_from" row is a part of the round score above it. "turn_limit" rounds show only where some were stopped.
ROWS: tuple[tuple[str, str, str], ...] = (
    ("turns_per_round.median", "Turns per round, median", WHOLE),
    ("turns_per_round.p10", "Turns per round, 10th percentile", WHOLE),
    ("turns_per_round.p90", "Turns per round, 90th percentile", WHOLE),
    ("round_end.went_out", "Rounds ended by going out", SHARE),
    ("round_end.stock_out", "Rounds ended by the stock", SHARE),
    ("round_end.turn_limit", "Rounds stopped at the turn limit", SHARE),
    ("first_meld_turn.all_teams", "Turns to a side's first meld, mean", TENTH),
    ("foot_reached", "Players who reach their foot", SHARE),
    ("mean_round_score", "Round score per side, mean", WHOLE),
    ("points_from.books", "from books", WHOLE),
    ("points_from.cards_melded", "from cards melded", WHOLE),
    ("points_from.red_threes", "from red threes", WHOLE),
    ("points_from.going_out", "from going out", WHOLE),
    ("points_from.cards_left", "from cards left", WHOLE),
    ("points_from.other", "from exact cuts and black threes", WHOLE),
    ("median_final_margin", "Final margin, first to last side, median", WHOLE),
)
KIND = {name: kind for name, _, kind in ROWS}
TURN_LIMIT_ROW = "round_end.turn_limit"


def words_for(name: str) -> str:
    """A figure's words, from its dotted name; a team's figures are numbered as the score sheet numbers sides."""
    words = {key: text for key, text, _ in ROWS} | {"mean_final_margin": "Final margin, mean"}
    if name in words:
        return words[name]
    kind, _, team = name.partition(".team_")
    return {
        "first_meld_turn": f"Turns to side {team}'s first meld, mean",
        "never_melded": f"Rounds side {team} never melded",
    }.get(kind, name)


def shown(value: float, kind: str) -> str:
    """A figure as a table shows it: a share in whole percent, a mean to a tenth, else a whole number."""
    if kind == SHARE:
        return f"{round(100 * value)}%"
    if kind == TENTH:
        return f"{value:.1f}"
    return format_number(round(value))


def signed(value: float, kind: str) -> str:
    """A change as a table shows it, with its sign: "+4", "−310", "0"; a share's change in percentage points ("+6")."""
    text = shown(abs(value), kind).removesuffix("%")
    if not text.strip("0."):
        return text
    return f"{'+' if value > 0 else chr(0x2212)}{text}"


def likely(low: float, high: float, kind: str, *, change: bool = False) -> dict[str, str] | None:
    """A 95% range as a reader takes it in: ``text`` to show under its figure (its ends joined by an en dash, "31" to
    "35%" as one share; "−6 to −2" and "+1 to +5" for signed ends) and ``spoken`` for a screen reader ("likely between
    82 and 86"). None where both ends show as one number (a share of 0% with no spread), so a page never shows a range
    of nothing."""
    ends = (signed(low, kind), signed(high, kind)) if change else (shown(low, kind), shown(high, kind))
    if ends[0] == ends[1]:
        return None
    low_text, high_text = ends
    # A dash between two negative numbers reads as a sign: "to" between signed ends.
    text = f"{low_text} to {high_text}" if change or low < 0 else f"{low_text.removesuffix('%')}\u2013{high_text}"
    return {"text": text, "spoken": f"likely between {low_text} and {high_text}"}


def figure_range(figure: Figure, kind: str) -> dict[str, str] | None:
    """A figure's 95% range (``likely``), or None where it shows as the figure alone."""
    return likely(figure.low, figure.high, kind)


# How much of a figure's unit NOTICEABLE's least is in words.
_UNITS = {"turns": ("table turn", "table turns"), "share": ("percentage point", "percentage points")}


def noticeable_words() -> str:
    """How large a difference must be to be marked "differs", besides beyond the noise, from NOTICEABLE: "2 table
    turns and 5% for turns; 5 percentage points for a share of rounds or players; …"."""
    parts = []
    for measure, rule in NOTICEABLE.items():
        least = 100 * rule.least if measure == "share" else rule.least
        one, many = _UNITS.get(measure, ("point", "points"))
        text = f"{format_number(round(least))} {one if least == 1 else many}"
        if rule.of_base:
            text += f" and {round(100 * rule.of_base)}%"
        parts.append(f"{text} for {'a share of rounds or players' if measure == 'share' else measure}")
    return "; ".join(parts)


def shown_rows(summaries: list[Summary]) -> list[tuple[str, str, str]]:
    """The rows for these summaries: the turn-limit row only if one of them stopped a round there."""
    return [row for row in ROWS if row[0] != TURN_LIMIT_ROW or any(s.figures[row[0]].value for s in summaries)]


def summary_data(summary: Summary) -> dict[str, Any]:
    """A summary as JSON-ready data: each figure as [value, standard error, low, high] of its 95% range."""
    return {
        "games": summary.games,
        "rounds": summary.rounds,
        "teams": summary.teams,
        "violations": summary.violations,
        "figures": {
            name: [round(f.value, 4), round(f.se, 4), round(f.low, 4), round(f.high, 4)]
            for name, f in sorted(summary.figures.items())
        },
        "round_lengths": list(summary.round_lengths),
    }


def summary_from_data(data: Mapping[str, Any]) -> Summary:
    """``summary_data``'s output back as a Summary; data kept before the round lengths were gives none."""
    figures = {name: Figure(*(float(n) for n in values)) for name, values in data["figures"].items()}
    lengths = tuple(float(n) for n in data.get("round_lengths", ()))
    return Summary(
        int(data["games"]), int(data["rounds"]), int(data["teams"]), figures, int(data["violations"]), lengths
    )


def whole_data(data: Mapping[str, Any]) -> bool:
    """Whether kept ``summary_data`` holds every part a summary has now: one kept before the round lengths were
    lacks them, and is to be read as a run not played yet."""
    return "round_lengths" in data


# What a table of figures beside their base's says of them: the range under each figure, and the marks.
RANGE_WORDS = "Under each figure, a range that holds, 19 times in 20, the figure many more games would give."


def marks_words() -> str:
    """What a highlighted figure of the configurator's means, as the compare page says it: the rule of
    ``Difference.differs`` (beyond the noise and noticeable), with its numbers from handfoot.simulate.stats."""
    return (
        f"A highlighted figure of your rules differs from the one beside it by more than the noise ({NOISE_Z} "
        f"standard errors) and by enough for a table to notice: at least {noticeable_words()}. "
        "Beside it, whether it is higher or lower."
    )


def _cell(figure: Figure, kind: str) -> dict[str, Any]:
    """A figure as a table shows it, with its likely range (``likely``; None where it shows as the figure alone)."""
    return {"text": shown(figure.value, kind), "range": figure_range(figure, kind)}


def beside(yours: Summary, base: Summary | None) -> dict[str, Any]:
    """A rule set's figures beside its base version's, as the configurator shows them: each row's words, both cells
    (the figure and its likely range), and, where the difference is beyond the noise and large enough for a table to
    notice (``Difference.differs``, as the compare page marks), its direction; and the words that say so."""
    differences = {d.name: d for d in compare(base, yours)} if base is not None else {}
    rows = []
    for name, label, kind in shown_rows([yours] if base is None else [yours, base]):
        difference = differences.get(name)
        rows.append(
            {
                "name": name,
                "label": label,
                "part": name.startswith("points_from."),
                "yours": _cell(yours.figures[name], kind),
                "base": None if base is None else _cell(base.figures[name], kind),
                "differs": ("higher" if difference.change > 0 else "lower")
                if difference is not None and difference.differs
                else "",
            }
        )
    return {
        "games": yours.games,
        "rounds": yours.rounds,
        "violations": yours.violations,
        "base_games": base.games if base is not None else 0,
        "rows": rows,
        "caveat": CAVEAT,
        "ranges": RANGE_WORDS,
        "marks": "" if base is None else marks_words(),
    }


# A rule page's "How it plays" box, in a table's words.

# A share in words, by its shown percentage: "nearly all" from NEARLY_ALL, "most" above half, "few" below FEW.
NEARLY_ALL, FEW = 90, 10
# The rules a version's sources state are named one by one in the box when there are at most this many.
FEW_STATED = 3


@dataclass(frozen=True)
class BoxWords:
    """A rule page's "How it plays" box: its opening, a line per figure (each with its closing punctuation), and what
    the figures rest on where the version's sources are silent ("" when they state most of its rules)."""

    opening: str
    lines: tuple[str, ...]
    rests_on: str


def share_words(value: float, noun: tuple[str, str], verb: tuple[str, str], rest: str) -> str:
    """A share as a table says it, with its percentage: "most rounds end with a side going out (78%)", "every player
    reaches their foot (100%)". The words follow the shown percentage, so they never contradict it: "nearly all" from
    NEARLY_ALL, "most" above half, "few" below FEW; "every" and "no" only for the whole and for none."""
    percent = round(100 * value)
    if value >= 1 or value <= 0:
        many, counted = ("every" if value >= 1 else "no"), f"{noun[0]} {verb[0]}"
    else:
        many = (
            "nearly all"
            if percent >= NEARLY_ALL
            else "most"
            if percent > 50
            else "half the"
            if percent == 50
            else "fewer than half the"
            if percent >= FEW
            else "few"
        )
        counted = f"{noun[1]} {verb[1]}"
    return f"{many} {counted} {rest} ({percent}%)"


def box_words(summary: Summary, players: int, rests_on: str = "", side: str = "side") -> BoxWords:
    """The box's words for a version's run: each player's turns in a median round (the run's median counts every
    player's turn, so it is divided by the players), how rounds end, the players who reach their foot, and a side's
    mean round score; ``side`` names who scores together ("team", or "player" where everyone plays alone)."""
    figures = summary.figures
    median = figures["turns_per_round.median"].value
    ends = share_words(
        figures["round_end.went_out"].value, ("round", "rounds"), ("ends", "end"), f"with a {side} going out"
    )
    stock, stopped = figures["round_end.stock_out"].value, figures[TURN_LIMIT_ROW].value
    if stock > 0:
        ends += f", {shown(stock, SHARE)} with the stock run out"
    if stopped > 0:
        ends += f", {shown(stopped, SHARE)} stopped at the bots' turn limit"
    foot = share_words(figures["foot_reached"].value, ("player", "players"), ("reaches", "reach"), "their foot")
    return BoxWords(
        opening=f"In {format_number(summary.games)} games of {players} players, played by bots:",
        lines=(
            f"the players take about {round(median / players)} turns each in a round "
            f"(the median round: {shown(median, WHOLE)} turns in all);",
            f"{ends};",
            f"{foot};",
            f"a {side} scores {shown(figures['mean_round_score'].value, WHOLE)} points a round, on average.",
        ),
        rests_on=rests_on,
    )


def _stated_rule(variant: Variant, path: str) -> str:
    """A stated rule's name in a sentence, with the part its sources leave unsaid: "books needed to go out (rounds 1
    to 3)"."""
    label = FIELDS_BY_PATH[path].label_for(variant.whole("players.team_size"))
    origin = variant.provenance[path]
    name = label[:1].lower() + label[1:]
    rounds = [n for n in range(1, variant.listed_rounds + 1) if n not in origin.unstated_rounds]
    if origin.unstated_rounds and rounds:
        if len(rounds) == 1:
            return f"{name} (round {rounds[0]})"
        if rounds == list(range(rounds[0], rounds[-1] + 1)):
            return f"{name} (rounds {rounds[0]} to {rounds[-1]})"
        return f"{name} (rounds {', '.join(map(str, rounds[:-1]))} and {rounds[-1]})"
    if origin.unstated_part:
        return f"{name} (not {origin.unstated_part})"
    return name


def rests_on(variant: Variant, base: Variant | None) -> str:
    """What a version's figures rest on, when its sources leave most of its rules unstated: the version they are
    taken from and the few rules its sources do state, or how many they leave out. "" when its sources state most of
    its rules, or it takes none from another version (``base`` is the version it extends)."""
    provenance = variant.provenance
    unstated = [path for path, origin in provenance.items() if not origin.stated]
    if base is None or 2 * len(unstated) <= len(provenance):
        return ""
    borrowed = sum(1 for path in unstated if provenance[path].basis == base.id)
    whose = possessive(base.name)
    opening = f"These figures rest on {whose} rules where this version's sources are silent: "
    stated = [path for path, origin in provenance.items() if origin.stated]
    if 0 < len(stated) <= FEW_STATED:
        names = [_stated_rule(variant, path) for path in stated]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        rules = "rule" if len(names) == 1 else "rules"
        others = (
            f"the other {len(unstated)} rules are {whose}"
            if borrowed == len(unstated)
            else f"of the other {len(unstated)}, {borrowed} are {whose}"
        )
        return f"{opening}they state only the {rules} on {listed}; {others}."
    whence = f"and are {whose}" if borrowed == len(unstated) else f"{borrowed} of them {whose}"
    return f"{opening}{len(unstated)} of its {len(provenance)} rules are not stated there, {whence}."
