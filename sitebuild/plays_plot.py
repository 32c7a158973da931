"""The compare page's picture of round lengths: one row per version, each a box plot of how many table turns its rounds
last (the median, the middle half of rounds, and the 10th to 90th percentile), on one shared axis. Drawn at build time
as inline SVG in the text's own colour (``currentColor``), so it reads in both colour schemes; its title and
description say what it shows, and the "How they play" table beside it holds the same figures as text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from handfoot.simulate.stats import ROUND_LENGTH_SHARES
from handfoot.words import format_number

# The drawing's own units: about a CSS pixel each at a phone's width, where it fills the column.
WIDTH = 360
SIDE = 10
ROW = 44
AXIS = 44
FONT = 13
BOX = 14
# Steps the axis may be marked in, in table turns: the smallest that gives at most TICKS marks.
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)
TICKS = 6
TITLE = "How long rounds last, in table turns"
# What each part of a row's box plot stands for, as the legend under it says.
LOW, MIDDLE_LOW, MEDIAN, MIDDLE_HIGH, HIGH = 0.1, 0.25, 0.5, 0.75, 0.9
LEGEND = (
    "Each version's rounds, in table turns (every player's turn counts): the thick mark is the median round, the box "
    "holds the middle half of rounds, and the line runs from the 10th to the 90th percentile (8 rounds in 10)."
)


@dataclass(frozen=True)
class Row:
    """A version's name and its round lengths at each share of ROUND_LENGTH_SHARES (none for a run not played)."""

    name: str
    lengths: tuple[float, ...]

    def at(self, share: float) -> float:
        return self.lengths[ROUND_LENGTH_SHARES.index(share)]

    def words(self) -> str:
        """The row in words, for the picture's description."""
        if not self.lengths:
            return f"{self.name}: not played yet."
        turns = {share: format_number(round(self.at(share))) for share in (LOW, MIDDLE_LOW, MEDIAN, MIDDLE_HIGH, HIGH)}
        return (
            f"{self.name}: median {turns[MEDIAN]} turns; half the rounds between {turns[MIDDLE_LOW]} and "
            f"{turns[MIDDLE_HIGH]}, 8 in 10 between {turns[LOW]} and {turns[HIGH]}."
        )


def _axis(rows: Sequence[Row]) -> tuple[int, int, int]:
    """The axis's first and last turn and its step: round numbers around every row's 10th to 90th percentile."""
    low = min(row.at(LOW) for row in rows)
    high = max(row.at(HIGH) for row in rows)
    step = next((s for s in STEPS if math.ceil(high / s) - math.floor(low / s) <= TICKS), STEPS[-1])
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    return first, max(last, first + step), step


def round_lengths_svg(rows: Sequence[Row], ident: str = "hf-round-lengths") -> str:
    """The picture as one line of SVG (a Markdown page takes it as it is); "" when no version has been played."""
    played = [row for row in rows if row.lengths]
    if not played:
        return ""
    first, last, step = _axis(played)
    span = WIDTH - 2 * SIDE

    def x(turns: float) -> str:
        return f"{SIDE + span * (turns - first) / (last - first):.1f}"

    height = ROW * len(rows) + AXIS
    axis_top = ROW * len(rows)
    parts = [
        f'<svg class="hf-plays-plot__svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-size="{FONT}" fill="currentColor" stroke="currentColor">',
        f'<title id="{ident}-title">{escape(TITLE)}</title>',
        f'<desc id="{ident}-desc">{escape(" ".join(row.words() for row in rows))}</desc>',
    ]
    for tick in range(first, last + 1, step):
        parts.append(
            f'<line x1="{x(tick)}" x2="{x(tick)}" y1="4" y2="{axis_top + 6}" stroke-opacity="0.2" stroke-width="1"/>'
            f'<text x="{x(tick)}" y="{axis_top + 20}" text-anchor="middle" stroke="none">{format_number(tick)}</text>'
        )
    parts.append(
        f'<line x1="{SIDE}" x2="{WIDTH - SIDE}" y1="{axis_top}" y2="{axis_top}" stroke-width="1"/>'
        f'<text x="{WIDTH / 2:.0f}" y="{axis_top + 38}" text-anchor="middle" stroke="none">'
        "Table turns in a round</text>"
    )
    for index, row in enumerate(rows):
        top = ROW * index
        middle = top + 28
        label = f'<tspan font-weight="700">{escape(row.name)}</tspan>'
        if not row.lengths:
            parts.append(f'<text x="{SIDE}" y="{top + 14}" stroke="none">{label}: not played yet</text>')
            continue
        median = format_number(round(row.at(MEDIAN)))
        parts.append(
            f'<text x="{SIDE}" y="{top + 14}" stroke="none">{label}: median {median}</text>'
            f'<line x1="{x(row.at(LOW))}" x2="{x(row.at(MIDDLE_LOW))}" y1="{middle}" y2="{middle}" stroke-width="2"/>'
            f'<line x1="{x(row.at(MIDDLE_HIGH))}" x2="{x(row.at(HIGH))}" y1="{middle}" y2="{middle}" stroke-width="2"/>'
            f'<rect x="{x(row.at(MIDDLE_LOW))}" y="{middle - BOX / 2}" '
            f'width="{float(x(row.at(MIDDLE_HIGH))) - float(x(row.at(MIDDLE_LOW))):.1f}" height="{BOX}" '
            'fill-opacity="0.25" stroke-width="1.5"/>'
            f'<line x1="{x(row.at(MEDIAN))}" x2="{x(row.at(MEDIAN))}" y1="{middle - BOX / 2 - 3}" '
            f'y2="{middle + BOX / 2 + 3}" stroke-width="4"/>'
        )
    parts.append("</svg>")
    return "".join(parts)
