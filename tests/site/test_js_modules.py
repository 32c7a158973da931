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
from handfoot.cards import RANK_NAMES
from handfoot.rule_sentences import rule_sentences
from handfoot.sheet_form import ENTRY_MINUS, TEAM_MINIMUM, WENT_OUT_NOTE, sheet_form
from handfoot.simulate.report import RANGE_WORDS
from testbench.paths import REPO_ROOT

JS = REPO_ROOT / "docs" / "assets" / "js"
MODULES = sorted(JS.rglob("*.mjs"))
# The most lines a browser file may have.
MOST_LINES = 250
VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
# A number may stand alone only as the value of a top-level constant named for what it measures.
TECHNICAL = re.compile(
    r"^(?:export )?const [A-Z][A-Z_]*_(?:MS|KIB|BYTES|CHARS|KEPT|RADIX|STATUS|MODULES|UNITS) = ([\d_]+);$"
)
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


# Where a rule sentence is cut into the phrases looked for: a phrase of a sentence typed again is as much a leak.
CLAUSE = re.compile(r"[.,;:?!()\"]|\{[^}]*\}|\s[\u2014\u2013]\s")
# The fewest words a phrase has to be looked for: shorter ones are everyday English ("the rule page").
PHRASE_WORDS = 4


def card_words() -> set[str]:
    """The cards by name, as rules speak of them: every rank in the plural ("twos", "jokers", "aces"), a joker. Not
    "tens", which is everyday English too ("tens of milliseconds")."""
    return ({plural for _, plural in RANK_NAMES.values()} | {RANK_NAMES["JK"][0]}) - {"tens"}


def rule_phrases() -> set[str]:
    """The phrases of the sentences handfoot words the rules and the apps' questions in, for every version: the rule
    sentences, the sheet form's and the helper's words, the simulation's range words."""
    sentences = {RANGE_WORDS, ENTRY_MINUS, WENT_OUT_NOTE, TEAM_MINIMUM}
    for variant in VARIANTS.values():
        form = sheet_form(variant)
        sentences |= set(rule_sentences(variant).values())
        sentences |= set(form["asking"].values()) | set(form["helper"]["tabs"].values())
        sentences |= {form["helper"][key] for key in ("pile_hand", "pile_hand_hint", "pile_foot")}
        sentences |= {ask["legend"] for ask in form["helper"]["going_out"]}
        sentences |= {form["went_out_note"]}
    phrases = {" ".join(part.split()) for sentence in sentences for part in CLAUSE.split(sentence)}
    return {phrase for phrase in phrases if len(phrase.split()) >= PHRASE_WORDS}


# A share of games or times said in words, as the simulation's ranges are ("19 times in 20").
SHARE_IN_WORDS = re.compile(r"\b\d+\s+(?:times\s+)?(?:in|out of)\s+\d+\b", re.IGNORECASE)
STRING = re.compile(r'"((?:\\.|[^"\\])*)"|`((?:\\.|[^`\\])*)`|\'((?:\\.|[^\'\\\n])*)\'')
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def strings(source: str) -> list[str]:
    return [a or b or c for a, b, c in STRING.findall(source)]


def prose(source: str) -> list[str]:
    """What a module says in words: its strings and comments (a URL's "//" may read as a comment: more, not less)."""
    return strings(source) + COMMENT.findall(source)


def found_in(words: set[str], texts: list[str], flags: int = 0) -> set[str]:
    flat = [" ".join(text.split()) for text in texts]
    return {word for word in words for text in flat if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, flags)}


def spelled_out(source: str) -> list[str]:
    """The words of the game a module spells out: a label handfoot gives, in a string (as written: a comment may
    speak of "rounds"); a card word, a phrase of a rule sentence or a share in words, in a string or a comment, in
    any case."""
    said = prose(source)
    found = found_in(game_words(), strings(source)) | found_in(card_words() | rule_phrases(), said, re.IGNORECASE)
    found |= {share for text in said for share in SHARE_IN_WORDS.findall(text)}
    return sorted(found)


def test_the_guard_sees_card_words_and_rule_phrases_in_strings_and_comments() -> None:
    source = (
        "// Cards of the top card's rank, and any Twos.\n"
        "const a = 'Only one team goes out in a round';\n"
        "/* the likely range, 19 times out of 20 */ const b = `${c} Jokers`;\n"
        'const d = "Is this meld legal?";\n'
    )
    found = spelled_out(source)
    assert {"twos", "jokers", "Only one team goes out in a round", "19 times out of 20", "Is this meld legal"} <= set(
        found
    )
    assert spelled_out('const e = "Choose the top card"; // two rounds, one a team, tens of them\n') == []


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_holds_no_word_of_the_game(module: Path) -> None:
    found = spelled_out(module.read_text(encoding="utf-8"))
    assert not found, f"{module.name} spells out words handfoot gives it (in a string or a comment): {found}"
