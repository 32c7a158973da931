"""What the rule helper stands on, without a browser: its question table, the verdicts' rules, the pages' anchors."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

from handfoot.spec import FIELDS
from support.questions import HOUSE, PAGAT, QUESTIONS, VARIANTS

PATHS = {spec_field.path for spec_field in FIELDS}


def test_the_question_table_is_big_enough_and_covers_every_version() -> None:
    assert len(QUESTIONS) >= 40
    assert {q.rules for q in QUESTIONS} == {*VARIANTS, HOUSE}
    for key in VARIANTS:
        assert any(q.rules == key and q.kind == "pile" and q.top in {"2", "JK"} for q in QUESTIONS), key
    assert any(q.kind == "out" and not q.answer().ok for q in QUESTIONS)
    seeds = {(q.melds, q.round): q.answer() for q in QUESTIONS if q.rules == PAGAT and q.kind == "opening"}
    assert (seeds[("9 9 9 2",), 1].ok, seeds[("9 9 9 2",), 1].points) == (True, 50)
    assert (seeds[("6 6 6 6 6 6 6",), 1].ok, seeds[("6 6 6 6 6 6 6",), 1].points) == (False, 35)


def test_every_verdict_names_a_rule_of_the_spec() -> None:
    for question in QUESTIONS:
        verdict = question.answer()
        assert verdict.rule in PATHS, question
        assert verdict.reason, question


def test_every_rule_page_has_one_anchor_for_every_rule(built_site: Path) -> None:
    for key in VARIANTS:
        html = (built_site / "rules" / key / "index.html").read_text(encoding="utf-8")
        ids = re.findall(r'id="([^"]+)"', html)
        for spec_field in FIELDS:
            anchor = spec_field.path.replace(".", "-")
            assert ids.count(anchor) == 1, f"{key}: #{anchor} appears {ids.count(anchor)} times"
        assert len(ids) == len(set(ids)), f"{key}: an id appears twice"


def link_from(built_site: Path, address: str, words: str) -> str:
    """Where the link reading ``words`` on the page at ``address`` leads, resolved as the browser resolves it."""
    html = (built_site / address / "index.html").read_text(encoding="utf-8")
    (href,) = re.findall(rf'<a[^>]*href="([^"]+)"[^>]*>{re.escape(words)}\s*<', html)
    return urljoin(f"https://example.org/{address}", href).removeprefix("https://example.org/")


def test_home_and_every_rule_page_link_to_the_helper(built_site: Path) -> None:
    assert link_from(built_site, "", "Rule helper") == "helper/"
    for key in VARIANTS:
        assert link_from(built_site, f"rules/{key}/", "Ask the rule helper") == f"helper/?variant={key}"
