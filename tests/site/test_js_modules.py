"""Every browser module parses, is short, and holds no number or word of the game: those come from handfoot.

A module has one job, so a newcomer can read it at a sitting: no file under docs/assets/js/ is over 250 lines.

The browser draws its forms from the rule spec and from handfoot's sheet form of the rules in play. So a browser module
may hold no number but 0 and 1, except the value of a named technical constant (a delay, a size, a count of things kept
on the device, an HTTP status), and no label that handfoot gives it.
"""

import re
import subprocess
from pathlib import Path

import pytest

import handfoot
from handfoot.sheet_form import sheet_form
from testbench.paths import REPO_ROOT

JS = REPO_ROOT / "docs" / "assets" / "js"
MODULES = sorted(JS.rglob("*.mjs"))
# The most lines a browser file may have.
MOST_LINES = 250
VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
# A number may stand alone only as the value of a top-level constant named for what it measures.
TECHNICAL = re.compile(r"^(?:export )?const [A-Z][A-Z_]*_(?:MS|KIB|BYTES|CHARS|KEPT|RADIX|STATUS) = ([\d_]+);$")
NUMBER = re.compile(r"(?<![\w$.])(\d[\d_]*(?:\.\d+)?)(?![\w$])")


def code_only(source: str) -> list[str]:
    """The module's lines with comments, string contents and regular expressions blanked (template ``${}`` kept)."""
    out = []
    i = 0
    template_depth: list[int] = []
    brace = 0
    while i < len(source):
        char = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = len(source) if end < 0 else end
            continue
        if source.startswith("/*", i):
            end = source.index("*/", i) + 2
            out.append("\n" * source.count("\n", i, end))
            i = end
            continue
        if char in "\"'":
            end = i + 1
            while source[end] != char:
                end += 2 if source[end] == "\\" else 1
            out.append(char + char)
            i = end + 1
            continue
        if char == "`" or (char == "}" and template_depth and brace == template_depth[-1]):
            if char == "}":
                template_depth.pop()
            i += 1
            while source[i] != "`" and not source.startswith("${", i):
                if source[i] == "\n":
                    out.append("\n")
                i += 2 if source[i] == "\\" else 1
            if source[i] == "`":
                out.append("``")
                i += 1
            else:
                template_depth.append(brace)
                out.append("`${")
                i += 2
            continue
        if char == "/" and re.search(r"[(,=:!&|?{};\[]\s*$|return\s*$|^\s*$", "".join(out[-40:]).split("\n")[-1]):
            match = re.compile(r"/(?:\\.|\[(?:\\.|[^\]])*\]|[^/\\\n])+/[a-z]*").match(source, i)
            if match:
                out.append("/re/")
                i = match.end()
                continue
        if char == "{":
            brace += 1
        elif char == "}":
            brace -= 1
        out.append(char)
        i += 1
    return "".join(out).split("\n")


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) >= 10


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_parses(module: Path) -> None:
    result = subprocess.run(["node", "--check", str(module)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("path", sorted(p for p in JS.rglob("*") if p.is_file()), ids=lambda p: str(p.relative_to(JS)))
def test_file_is_short(path: Path) -> None:
    name = path.relative_to(JS).as_posix()
    lines = line_count(path)
    assert lines <= MOST_LINES, f"{name} has {lines} lines, more than {MOST_LINES}: split it into modules of one job"


def test_the_code_reader_sees_numbers_and_skips_words() -> None:
    source = 'const a = "50 points"; // 90\nconst b = `x ${c + 120} y`;\nconst d = /\\d{2}/.test(e) ? 5 : 0;\n'
    lines = code_only(source)
    assert [NUMBER.findall(line) for line in lines] == [[], ["120"], ["5", "0"], []]


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_holds_no_bare_number(module: Path) -> None:
    found = []
    for number, line in enumerate(code_only(module.read_text(encoding="utf-8")), start=1):
        if TECHNICAL.match(line.strip()):
            continue
        found += [f"line {number}: {value}" for value in NUMBER.findall(line) if value not in {"0", "1"}]
    assert not found, f"{module.name} holds numbers of its own: {found}"


def game_words() -> set[str]:
    """Every label and phrase handfoot gives the browser: rule labels, sheet fields, card groups, round lines."""
    words = {field.label for field in handfoot.FIELDS}
    for variant in VARIANTS.values():
        form = sheet_form(variant)
        words |= {field["label"] for field in form["entry_fields"]}
        words |= {counter["title"] for counter in form["count_groups"].values()}
        words |= {group["label"] for counter in form["count_groups"].values() for group in counter["groups"]}
        words |= {rule["line"].split(" · ")[0].rsplit(" ", 1)[0] for rule in form["rounds"]["rules"]}
        words |= {form["went_out_label"], form["team_minimum"].split("{")[0].strip()}
    return {word for word in words if len(word) > 3}


STRING = re.compile(r'"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\])*)`')


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_holds_no_word_of_the_game(module: Path) -> None:
    texts = [a or b for a, b in STRING.findall(module.read_text(encoding="utf-8"))]
    found = sorted(
        word for word in game_words() for text in texts if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
    )
    assert not found, f"{module.name} spells out words handfoot gives it: {found}"
