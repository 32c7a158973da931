"""The templates stay readable: a line that holds a tag (`{% ... %}`) is at most 120 characters long.

Prose may run long, so a line with no tag has no limit. A tag that spans several lines (a long list in a `{% set %}`)
counts on each of its lines; a tag written inside a comment (`{# ... #}`) does not count. Long logic goes into the
macros at the top of a template, or onto lines of its own with whitespace control (see rule_body.md.j2's first
comment), so that the rendered Markdown does not change.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from testbench.paths import REPO_ROOT

TEMPLATES = REPO_ROOT / "templates"
MOST = 120
COMMENT = re.compile(r"\{#.*?#\}", re.DOTALL)
TAG = re.compile(r"\{%.*?%\}", re.DOTALL)


def tag_lines(source: str) -> set[int]:
    """The numbers (from 1) of the lines that hold a part of a tag, comments left out."""
    blanked = COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), source)
    lines = set()
    for tag in TAG.finditer(blanked):
        first = blanked.count("\n", 0, tag.start()) + 1
        lines.update(range(first, first + tag.group().count("\n") + 1))
    return lines


def long_tag_lines(source: str) -> list[int]:
    """The numbers of the tag lines over MOST characters."""
    text = source.splitlines()
    return [n for n in sorted(tag_lines(source)) if len(text[n - 1]) > MOST]


def test_the_rule_counts_tag_lines_only() -> None:
    prose = "word " * 40
    source = "\n".join(
        [
            f"{prose}{{{{ v.name }}}}",  # 1: prose and an expression, no tag: free
            f"{{% if x %}}{prose}{{% endif %}}",  # 2: a tag: counted
            "{% set xs = [",  # 3 to 5: one tag on three lines
            f"    {prose}",
            "] %}",
            f"{{# {{% if x %}} {prose} #}}",  # 6: a tag in a comment: free
        ]
    )
    assert tag_lines(source) == {2, 3, 4, 5}
    assert long_tag_lines(source) == [2, 4]


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.j2")), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_tag_line_is_over_120_characters(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    text = source.splitlines()
    found = [f"line {n}: {len(text[n - 1])} characters" for n in long_tag_lines(source)]
    assert not found, f"{path.relative_to(REPO_ROOT)} has tag lines over {MOST} characters:\n" + "\n".join(found)
