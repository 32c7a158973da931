"""What the home page says of the game and of each version: no more than the sources say."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants")
    return {page.src_uri: html.unescape(re.sub(r"<[^>]+>", "", page.markdown)) for page in built}


def test_the_game_is_said_to_be_related_to_canasta_and_no_more(pages: dict[str, str]) -> None:
    # The sources say only that the games are related: "a North American relative of Canasta"; seed 001 "Related,
    # not the same". None says where any of its rules came from.
    opening = pages["index.md"].split("# Hand and Foot", 1)[1].split("\n\n", 2)[1]
    assert "related to canasta" in opening
    assert not re.search(r"(come|came|comes) from canasta|canasta game", pages["index.md"], re.IGNORECASE)


@pytest.mark.parametrize("page", ["index.md", "rules/saskatchewan.md"])
def test_saskatchewan_s_other_rules_are_our_reading_not_a_source_s(pages: dict[str, str], page: str) -> None:
    saskatchewan = VARIANTS["saskatchewan"]
    # Its own section of pagat was never read: what it leaves out is not known to be the partnership game's.
    assert not saskatchewan.sources["pagat-saskatchewan"].read
    text = " ".join(pages[page].split())
    assert "lists only its differences, so" not in text
    sentence = next(s for s in re.split(r"(?<=\.) ", text) if "every other rule here is the partnership game" in s)
    assert "our reading" in sentence, sentence
    assert "not by any source" in sentence, sentence
