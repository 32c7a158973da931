"""handfoot under Pyodide answers as it does under CPython: every call the browser makes in the tests (each rule helper
question, each keeper game's rounds and totals, the bridge's other calls), run once in one Node process with the
Pyodide build and the handfoot zip the site ships, and compared with CPython's answers to the same JSON.

This is where the browser's Python is checked against CPython. The browser tests check what a player sees.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

import handfoot
from handfoot import bridge
from sitebuild.pyodide_runtime import PYODIDE_PACKAGE
from support.engine_calls import BAD_TALLY, score_round_calls
from support.games import KEEPER_GAMES, game_calls
from support.questions import QUESTIONS, rules_of
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
RUNNER = REPO_ROOT / "testbench" / "pyodide_calls.mjs"
# Pyodide starts under Node in a few seconds; the calls take less. This is the ceiling.
NODE_TIMEOUT_SECONDS = 300


ZERO = {"round": 1, "clean_books": 0, "dirty_books": 0, "wild_books": 0, "red_threes": 0, "red_threes_caught": 0}
HOUSE_OUT = {**ZERO, "clean_books": 2, "dirty_books": 2, "wild_books": 1, "melded": 415, "left": 0, "went_out": True}
HOUSE_SHORT = {**ZERO, "melded": 100, "left": 40, "went_out": False}


def bridge_calls() -> list[dict[str, Any]]:
    """Every call the tests make the browser make, as {fn, args}."""
    calls = [{"fn": question.call()[0], "args": question.call()[1:]} for question in QUESTIONS]
    calls += [{"fn": fn, "args": args} for fn, *args in score_round_calls(VARIANTS)[0]]
    for game in KEEPER_GAMES:
        calls += [{"fn": fn, "args": args} for fn, *args in game_calls(game)]
    default = VARIANTS[handfoot.DEFAULT_VARIANT].to_mapping()
    for variant in [*VARIANTS.values(), rules_of("house")]:
        mapping = variant.to_mapping()
        calls += [
            {"fn": "validate_variant", "args": [mapping]},
            {"fn": "sheet_form", "args": [mapping]},
            {"fn": "rule_words", "args": [mapping]},
            {"fn": "variant_file", "args": [mapping]},
            {"fn": "card_choices", "args": [mapping]},
            {"fn": "describe_variant", "args": [mapping, default]},
            *({"fn": "opening_minimum", "args": [mapping, number, score]} for number in (1, 4) for score in (0, 5000)),
            {"fn": "card_points", "args": [mapping, {"jokers": 1, "twos": 2, "aces": 3, "high": 4, "low": 5}, False]},
            {"fn": "check_meld", "args": [mapping, "9 9 X"]},
        ]
    broken = json.loads(json.dumps(default))
    broken["rules"]["deal"]["hand_size"] = 0
    # A game with house values, as the keeper asks: the base and the table's changes, put on by handfoot.
    house = {"house": {"base": default, "changes": {"books.clean": 600, "going_out.bonus": 200}, "name": "Pagat"}}
    refused = {"house": {"base": default, "changes": {"books.clean": 60000}, "name": ""}}
    # The configurator's "How it plays": a game of the house rules, and the figures of a game beside a kept run.
    part = bridge.play_games(house, "parity", 0, 1)
    kept = bridge.how_it_plays([part], None)
    assert kept["games"] == 1
    calls += [
        {"fn": "play_games", "args": [house, "parity", 0, 1]},
        {"fn": "how_it_plays", "args": [[part], None]},
        {"fn": "sheet_form", "args": [house]},
        {"fn": "score_game", "args": [house, [[HOUSE_OUT, HOUSE_SHORT]]]},
        {"fn": "validate_variant", "args": [refused]},
        {"fn": "score_round", "args": [default, BAD_TALLY]},
        {"fn": "validate_variant", "args": [broken]},
        {"fn": "no_such_function", "args": []},
    ]
    return calls


def without_traceback(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without an unexpected error's traceback, whose file paths differ from one Python to the other."""
    if not answer["ok"]:
        answer["error"].pop("detail", None)
    return answer


@pytest.fixture(scope="module")
def pyodide_answers(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict], list[str]]:
    calls = bridge_calls()
    folder = tmp_path_factory.mktemp("parity")
    (folder / "calls.json").write_text(json.dumps(calls), encoding="utf-8")
    (shipped,) = (built_site / "assets" / "py").glob("handfoot-*.zip")
    result = subprocess.run(
        ["node", str(RUNNER), str(PYODIDE_PACKAGE), str(shipped), str(folder / "calls.json")],
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return calls, json.loads(result.stdout)


def test_pyodide_gives_cpythons_answer_to_every_call(pyodide_answers: tuple[list[dict], list[str]]) -> None:
    calls, answers = pyodide_answers
    assert len(answers) == len(calls)
    differ = []
    for call, answer in zip(calls, answers, strict=True):
        expected = without_traceback(json.loads(bridge.call(call["fn"], json.dumps(call["args"]))))
        got = without_traceback(json.loads(answer))
        if got != expected:
            differ.append(f"{call['fn']}: Pyodide {str(got)[:300]} / CPython {str(expected)[:300]}")
    assert not differ, f"{len(differ)} of {len(calls)} calls differ:\n" + "\n".join(differ[:10])


def test_the_calls_cover_every_bridge_function_and_its_refusals(pyodide_answers: tuple[list[dict], list[str]]) -> None:
    calls, answers = pyodide_answers
    assert {call["fn"] for call in calls} >= set(bridge.FUNCTIONS)
    kinds = {json.loads(answer)["error"]["type"] for answer in answers if not json.loads(answer)["ok"]}
    assert {"TallyError", "VariantError", "CardError", "internal"} <= kinds
    internal = [json.loads(a)["error"]["message"] for a in answers if '"internal"' in a]
    assert internal == ["LookupError: no function 'no_such_function'; known: " + ", ".join(bridge.FUNCTIONS)]
