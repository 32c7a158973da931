"""A game where everyone plays alone speaks of players, never of teams, on its rule page and its sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest

import handfoot
from handfoot import Variant
from sitebuild.site_content import build_pages, make_environment, rule_page, sheet_page
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
TEAM = re.compile(r"\bteams?\b", re.IGNORECASE)


def singles(**changes: Any) -> Variant:
    """Pagat partnership played alone, with ``changes`` (paths to values) on top."""
    data = VARIANTS[handfoot.DEFAULT_VARIANT].to_mapping()
    data["id"] = data["name"] = data["short_name"] = "singles"
    rules = {
        "players.team_size": 1,
        "turn.first_player": "dealer_left",
        "going_out.ask_partner": False,
        "going_out.partner_in_foot": False,
        **changes,
    }
    for path, value in rules.items():
        section, key = path.split(".")
        data["rules"][section][key] = value
    return Variant.from_mapping(data, "singles")


# Every branch of the templates that could speak of a team: a pickup that needs a meld, red threes worth less to a
# player who did not go out, minimums by score, a game to a target score.
ALONE = {
    "simpson": VARIANTS["simpson"],
    "singles, every branch": singles(
        **{
            "pile.needs_team_meld": True,
            "threes.red_laid_not_out": 50,
            "opening.by_score": [[0, 50], [2500, 90]],
            "rounds.count": None,
            "rounds.target_score": 5000,
            "opening.minimums": [50],
            "going_out.books": [{"clean": 2, "dirty": 2, "wild": 1}],
            "going_out.bonus": [100],
            "opening.books_needed": [0],
        }
    ),
}


def prose(markdown: str) -> str:
    """A page's own words: the table of where each rule comes from names the rules, and is left out."""
    return markdown.split("### Where each rule comes from", maxsplit=1)[0]


@pytest.mark.parametrize("name", sorted(ALONE))
def test_a_game_played_alone_never_speaks_of_teams(name: str) -> None:
    variant = ALONE[name]
    variants = {handfoot.DEFAULT_VARIANT: VARIANTS[handfoot.DEFAULT_VARIANT], variant.id: variant}
    pages = {
        page.src_uri: page.markdown
        for page in build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    }
    for uri in (rule_page(variant.id), sheet_page(variant.id)):
        found = [line.strip()[:160] for line in prose(pages[uri]).splitlines() if TEAM.search(line)]
        assert not found, f"{uri}:\n" + "\n".join(found)
