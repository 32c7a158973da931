# "How it plays" as people read it: each figure's words and how it is shown, for the command line, the compare page,
# the rule pages' boxes and the configurator alike; and a summary as JSON-ready data and back.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from handfoot.simulate.stats import CAVEAT, Figure, Summary, compare
from handfoot.words import format_number

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
# A rule page's "How it plays" box: the few figures it shows.
BOX = ("turns_per_round.median", "round_end.went_out", "round_end.stock_out", "foot_reached", "mean_round_score")
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


def margin(figure: Figure, kind: str) -> str:
    """The figure's uncertainty: ± the larger distance from it to an end of its 95% range, as the figure is shown."""
    half = max(figure.value - figure.low, figure.high - figure.value, 0.0)
    return f"±{shown(half, kind)}"


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
    }


def summary_from_data(data: Mapping[str, Any]) -> Summary:
    """``summary_data``'s output back as a Summary."""
    figures = {name: Figure(*(float(n) for n in values)) for name, values in data["figures"].items()}
    return Summary(int(data["games"]), int(data["rounds"]), int(data["teams"]), figures, int(data["violations"]))


def beside(yours: Summary, base: Summary | None) -> dict[str, Any]:
    """A rule set's figures beside its base version's, as the configurator shows them: each row's words, both cells
    (value and margin), and whether the difference is beyond the noise, with its direction."""
    differences = {d.name: d for d in compare(base, yours)} if base is not None else {}
    rows = []
    for name, label, kind in shown_rows([yours] if base is None else [yours, base]):
        cell = yours.figures[name]
        difference = differences.get(name)
        beyond = difference is not None and difference.beyond_noise
        rows.append(
            {
                "name": name,
                "label": label,
                "part": name.startswith("points_from."),
                "yours": {"text": shown(cell.value, kind), "margin": margin(cell, kind)},
                "base": None
                if base is None
                else {"text": shown(base.figures[name].value, kind), "margin": margin(base.figures[name], kind)},
                "differs": ("higher" if difference.change > 0 else "lower") if beyond and difference else "",
            }
        )
    return {
        "games": yours.games,
        "rounds": yours.rounds,
        "violations": yours.violations,
        "base_games": base.games if base is not None else 0,
        "rows": rows,
        "caveat": CAVEAT,
    }
