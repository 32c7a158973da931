"""How they play (issues 41 and 50): the figures are computed at build from simulations/how-they-play.json, kept by
run key; only `make simulations` plays games and writes the file, no build does, and the committed file holds every
published version's run."""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path

import pytest
from mkdocs.config import load_config

import handfoot
from handfoot.simulate import BOTS, CAVEAT, GAPS, Summary
from handfoot.simulate.report import ROWS, BoxWords, box_words, rests_on, share_words
from handfoot.simulate.stats import NOTICEABLE, ROUND_LENGTH_SHARES, Figure
from handfoot.spec import FIELDS_BY_PATH
from handfoot.words import format_number
from hooks import site_pages
from sitebuild import simulations
from sitebuild.errors import BuildError
from sitebuild.fingerprint import engine_fingerprint
from sitebuild.house_effects import EFFECTS, HOUSE_RULES_FILE, load_house_rules
from sitebuild.simulations import (
    COMPARE,
    RESULTS_FILE,
    how_they_play,
    key_of,
    lacking_line,
    missing,
    mode_from,
    read_runs,
    refresh,
    results,
)
from sitebuild.site_content import build_pages, make_environment
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
RESULTS = REPO_ROOT / RESULTS_FILE
HOUSE_RULES = load_house_rules(REPO_ROOT / HOUSE_RULES_FILE, VARIANTS[handfoot.DEFAULT_VARIANT])


def test_the_committed_results_hold_every_published_versions_current_run() -> None:
    lacking = missing(VARIANTS, RESULTS)
    assert not lacking, f"{RESULTS_FILE} lacks the current runs of {', '.join(lacking)}: run `make simulations`"
    kept = sorted((entry["variant"], entry["games"], "changes" in entry) for entry in read_runs(RESULTS).values())
    house = [(handfoot.DEFAULT_VARIANT, simulations.HOUSE_RUN.games, True)] * len(HOUSE_RULES)
    published = [(variant, run.games, False) for variant in VARIANTS for run in simulations.RUNS]
    assert kept == sorted(published + house), (
        f"{RESULTS_FILE} holds runs of rules no version plays now: run `make simulations`"
    )
    assert {entry["violations"] for entry in read_runs(RESULTS).values()} == {0}


def test_every_build_shows_the_kept_runs_and_off_shows_none() -> None:
    assert mode_from({}) == "cached"
    assert mode_from({"CI": "true"}) == "cached"
    assert mode_from({"HF_SIMULATIONS": "off"}) == "off"
    for asked in ("run", "sometimes"):
        expected = (
            f"HF_SIMULATIONS='{asked}': expected one of cached, off (a build plays no game; make simulations does)"
        )
        with pytest.raises(BuildError) as caught:
            mode_from({"HF_SIMULATIONS": asked})
        assert str(caught.value) == expected
    assert how_they_play(VARIANTS, RESULTS, "off") is None


def _summary(value: float) -> Summary:
    names = [name for name, _, _ in ROWS] + ["first_meld_turn.team_1", "never_melded.team_1"]
    figures = {name: Figure(value, 0.1, value - 0.2, value + 0.2) for name in names}
    lengths = tuple(value + step for step in range(len(ROUND_LENGTH_SHARES)))
    return Summary(games=simulations.GAMES, rounds=4, teams=2, figures=figures, violations=0, round_lengths=lengths)


def test_make_simulations_plays_only_the_runs_the_file_lacks_and_keeps_only_current_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[str] = []

    def simulate(variant: handfoot.Variant, jobs: int, run: simulations.Run) -> Summary:
        played.append(f"{variant.id} {run.games}")
        return _summary(len(played))

    monkeypatch.setattr(simulations, "simulate", simulate)
    path = tmp_path / "how-they-play.json"
    stale = {"variant": "gone", **simulations.entry_of(VARIANTS["bicycle"], _summary(9))}
    path.write_text(json.dumps({"runs": {"0" * 64: stale}}), encoding="utf-8")

    cached = results(VARIANTS, path)
    assert [set(found.values()) for found in cached.values()] == [{None}, {None}]
    assert not played, "reading plays nothing"
    assert list(read_runs(path)) == ["0" * 64], "and writes nothing"

    first = refresh(VARIANTS, path, jobs=1)
    assert sorted(played) == sorted(f"{v} {games}" for v in VARIANTS for games in (400, 200))
    keys = sorted(key_of(v, run=run) for v in VARIANTS.values() for run in simulations.RUNS)
    assert sorted(read_runs(path)) == keys, "the stale run is dropped"
    played.clear()
    assert refresh(VARIANTS, path, jobs=1) == first
    assert played == [], "a second build plays no game"

    # A changed rule is a new run of that version alone; a changed name or page is not.
    changed = dict(VARIANTS)
    changed["bicycle"] = VARIANTS["bicycle"].with_changes({"going_out.bonus": 200}, name="Bicycle")
    changed["simpson"] = VARIANTS["simpson"].with_changes({}, name="Simpson renamed")
    refresh(changed, path, jobs=1)
    assert played == ["bicycle 400", "bicycle 200"]


def test_a_build_lacking_a_run_plays_nothing_writes_nothing_and_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The hook as `mkdocs build` and `make serve` run it, outside CI: a run the file lacks is named in the log with
    the command that plays it; no game is played (each way to play one fails here) and the file keeps every byte."""

    def no_game(*args: object, **kwargs: object) -> Summary:
        raise AssertionError("a build played a game")

    monkeypatch.setattr(simulations, "simulate", no_game)
    monkeypatch.setattr(simulations, "run_games", no_game)
    for name in ("HF_SIMULATIONS", "CI"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "variants").symlink_to(REPO_ROOT / "variants")
    path = tmp_path / RESULTS_FILE
    engine, lacking = engine_fingerprint(), VARIANTS["saskatchewan"]
    kept = {
        key_of(variant, engine, run): simulations.entry_of(variant, _summary(1))
        for variant in VARIANTS.values()
        for run in simulations.RUNS
        if (variant.id, run) != (lacking.id, COMPARE)
    }
    simulations.write_runs(path, kept)
    before = path.read_bytes()
    config = load_config(str(REPO_ROOT / "mkdocs.yml"))
    config.config_file_path = str(tmp_path / "mkdocs.yml")

    with caplog.at_level(logging.INFO, logger=simulations.LOG.name):
        site_pages.on_config(config)

    assert path.read_bytes() == before
    said = [record.getMessage() for record in caplog.records if record.name == simulations.LOG.name]
    assert said == [
        "simulations/how-they-play.json lacks the current runs of saskatchewan (400 games, seed how-they-play): "
        "run `make simulations`"
    ]
    plays = config.extra["how_they_play"]
    assert plays["table"]["missing"] == [lacking.name]
    assert plays["boxes"][lacking.id] is None
    assert all(box is not None for variant_id, box in plays["boxes"].items() if variant_id != lacking.id)


def test_check_says_what_the_committed_file_lacks_and_plays_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(simulations, "refresh", lambda *args, **kwargs: pytest.fail("--check played"))
    before = RESULTS.read_bytes()
    code = simulations.main(["--check"])
    lacking = missing(VARIANTS, RESULTS)
    expected = lacking_line(lacking) if lacking else f"{RESULTS_FILE} holds the current run of every published version."
    assert (code, capsys.readouterr().out) == (1 if lacking else 0, expected + "\n")
    assert RESULTS.read_bytes() == before


def test_a_broken_results_file_is_one_clean_line(tmp_path: Path) -> None:
    path = tmp_path / "how-they-play.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        read_runs(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("how-they-play.json: not a results file (")
    assert message.endswith("delete it and run make simulations")


def test_a_build_with_a_broken_results_file_stops_with_that_line(tmp_path: Path) -> None:
    site = copy_site(tmp_path / "sources")
    (site / RESULTS_FILE).write_text('{"runs": {"k": {"figures": 3}}}', encoding="utf-8")
    result = build_site(site / "site", sources=site)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    message = (
        "how-they-play.json: not a results file ('int' object has no attribute 'items'); delete it and run "
        "make simulations"
    )
    assert [line for line in result.stderr.splitlines() if line.startswith("ERROR")] == [f"ERROR   -  {message}"]


def _compare(plays: dict[str, object] | None) -> str:
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants", how_they_play=plays)
    return next(page.markdown for page in built if page.src_uri == "compare.md")


def test_a_run_missing_in_ci_is_said_not_played(tmp_path: Path) -> None:
    plays = how_they_play(VARIANTS, tmp_path / "none.json", "cached")
    assert plays is not None
    page = _compare(plays)
    assert "No games yet for Pagat partnership, Bicycle, Brouillette, Saskatchewan, Steve Simpson" in page
    assert "`make simulations` plays them." in page
    assert all(box is None for box in plays["boxes"].values())
    assert "## How they play" not in _compare(None)


def _cells(markdown: str, figure: str) -> list[tuple[str, str]]:
    """Each cell of a figure's row: its value and the range shown under it ("" for none)."""
    row = re.search(rf'<tr data-figure="{re.escape(figure)}"[^>]*>(.*?)</tr>', markdown, re.S)
    assert row, figure
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row[1])
    found = []
    for cell in cells:
        shown = re.search(r'<span class="hf-plays__margin" aria-hidden="true">([^<]*)</span>', cell)
        found.append((html.unescape(re.split(r"<", cell, maxsplit=1)[0]), html.unescape(shown[1]) if shown else ""))
    return found


def _expected_range(low: float, high: float, kind: str) -> str:
    """A range as a reader should see it, worked out here: its ends joined by an en dash, a share's with one percent
    sign after them, nothing where both ends show alike."""
    if kind == "share":
        ends = (round(100 * low), round(100 * high))
        return "" if ends[0] == ends[1] else f"{ends[0]}\u2013{ends[1]}%"
    ends = (round(low), round(high))
    return "" if ends[0] == ends[1] else f"{format_number(ends[0])}\u2013{format_number(ends[1])}"


def test_the_compare_page_shows_the_kept_figures_with_their_ranges(built_site: Path) -> None:
    page = (built_site / "compare" / "index.html").read_text(encoding="utf-8")
    assert 'id="how-they-play"' in page
    assert CAVEAT == "Bots, not people. Use it to compare rule sets, not to predict your table."
    assert CAVEAT in page
    assert "\u00b1" not in page, "a figure's uncertainty is a range, never ±"
    runs = read_runs(RESULTS)
    ordered = [VARIANTS[handfoot.DEFAULT_VARIANT], *(v for v in VARIANTS.values() if v.id != handfoot.DEFAULT_VARIANT)]
    for figure, kind in (("turns_per_round.median", "whole"), ("round_end.went_out", "share")):
        cells = _cells(page, figure)
        for variant, (shown, shown_range) in zip(ordered, cells, strict=True):
            value, _, low, high = runs[key_of(variant)]["figures"][figure]
            expected = f"{round(100 * value)}%" if kind == "share" else format_number(round(value))
            assert shown == expected, (variant.id, figure)
            assert shown_range == _expected_range(low, high, kind), (variant.id, figure)
    labels = re.findall(r'<tr data-figure="[^"]+"[^>]*><th scope="row">([^<]+)</th>', page)
    assert "Turns per round, median" in labels
    assert "Rounds ended by going out" in labels
    assert "Players who reach their foot" in labels
    assert "Final margin, first to last side, median" in labels


def _box(page: str) -> str | None:
    """The text of a rule page's "How it plays" section, from its heading to the next, or None."""
    found = re.search(r'<h2 class="hf-no-print" id="how-it-plays">(.*?)<h2', page, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found[1])) if found else None


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_each_rule_page_has_its_how_it_plays_box_after_the_rules_in_a_tables_words(
    built_site: Path, variant_id: str
) -> None:
    variant = VARIANTS[variant_id]
    page = (built_site / "rules" / variant_id / "index.html").read_text(encoding="utf-8")
    summary = results(VARIANTS, RESULTS)[COMPARE][variant_id]
    headings = re.findall(r'<h2[^>]* id="([^"]+)"', page)
    box = _box(page)
    if summary is None:  # the file lacks this run: the page shows no box (test_the_committed_results_... fails)
        assert box is None
        assert "how-it-plays" not in headings
        return
    assert box is not None, variant_id
    # After every rule's heading, just before the sources.
    assert headings.index("how-it-plays") == headings.index("sources") - 1 == len(headings) - 2, headings
    assert '<a href="../../compare/#how-they-play">How every version plays</a>' in page.split('id="how-it-plays"')[1]
    assert CAVEAT in box
    median = summary.figures["turns_per_round.median"].value
    players = variant["players.count"]
    assert f"the players take about {round(median / players)} turns each in a round" in box
    assert f"In {format_number(summary.games)} games of {players} players, played by bots:" in box


@pytest.mark.parametrize("variant_id", ["saskatchewan", "brouillette"])
def test_a_version_its_sources_barely_state_says_what_its_figures_rest_on(built_site: Path, variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    base = VARIANTS[variant.extends]
    page = (built_site / "rules" / variant_id / "index.html").read_text(encoding="utf-8")
    if results(VARIANTS, RESULTS)[COMPARE][variant_id] is None:  # no figures yet, so nothing rests on anything
        assert _box(page) is None
        return
    box = _box(page)
    assert box is not None
    said = rests_on(variant, base)
    assert said in " ".join(box.split())
    stated = [path for path, origin in variant.provenance.items() if origin.stated]
    assert said.startswith(f"These figures rest on {base.name}'s rules where this version's sources are silent")
    for path in stated:
        label = FIELDS_BY_PATH[path].label_for(variant["players.team_size"])
        assert f"they state only the rule on {label[:1].lower()}{label[1:]}" in said
    assert f"the other {len(variant.provenance) - len(stated)} rules are {base.name}'s." in said


# The box's words, from a summary made here.


def _box_summary(**shares: float) -> Summary:
    values = {
        "turns_per_round.median": 86.0,
        "round_end.went_out": 0.78,
        "round_end.stock_out": 0.22,
        "round_end.turn_limit": 0.0,
        "foot_reached": 0.95,
        "mean_round_score": 1234.6,
    } | {name.replace("__", "."): value for name, value in shares.items()}
    figures = {name: Figure(value, 0.0, value, value) for name, value in values.items()}
    return Summary(games=400, rounds=1600, teams=2, figures=figures, violations=0)


def test_the_box_says_each_players_turns_how_rounds_end_the_foot_and_a_sides_score() -> None:
    assert box_words(_box_summary(), players=4, rests_on="Resting.") == BoxWords(
        opening="In 400 games of 4 players, played by bots:",
        lines=(
            "the players take about 22 turns each in a round (the median round: 86 turns in all);",
            "most rounds end with a side going out (78%), 22% with the stock run out;",
            "nearly all players reach their foot (95%);",
            "a side scores 1,235 points a round, on average.",
        ),
        rests_on="Resting.",
    )
    # Where everyone plays alone (Simpson), the one who goes out and scores is a player, never "a side".
    alone = box_words(_box_summary(), players=4, side="player")
    assert alone.lines[1].startswith("most rounds end with a player going out (78%)")
    assert alone.lines[3] == "a player scores 1,235 points a round, on average."
    # Six players share a round of 86 turns; every round ends with a side going out, none with the stock.
    words = box_words(_box_summary(round_end__went_out=1.0, round_end__stock_out=0.0), players=6)
    assert words.lines[0].startswith("the players take about 14 turns each in a round")
    assert words.lines[1] == "every round ends with a side going out (100%);"
    # Rounds the bots' turn limit stopped are said, after the stock's.
    stopped = box_words(_box_summary(round_end__went_out=0.7, round_end__stock_out=0.28, round_end__turn_limit=0.02), 4)
    assert stopped.lines[1] == (
        "most rounds end with a side going out (70%), 28% with the stock run out, 2% stopped at the bots' turn limit;"
    )


@pytest.mark.parametrize(
    ("share", "said"),
    [
        (1.0, "every round ends"),
        (0.996, "nearly all rounds end"),
        (0.9, "nearly all rounds end"),
        (0.894, "most rounds end"),
        (0.51, "most rounds end"),
        (0.5, "half the rounds end"),
        (0.31, "fewer than half the rounds end"),
        (0.1, "fewer than half the rounds end"),
        (0.04, "few rounds end"),
        (0.0, "no round ends"),
    ],
)
def test_a_share_is_said_in_words_that_agree_with_its_percentage(share: float, said: str) -> None:
    percent = round(100 * share)
    expected = f"{said} with a side going out ({percent}%)"
    assert share_words(share, ("round", "rounds"), ("ends", "end"), "with a side going out") == expected


def test_what_the_figures_rest_on_where_a_versions_sources_are_silent() -> None:
    base = VARIANTS["pagat-partnership"]
    opening = "These figures rest on Pagat partnership's rules where this version's sources are silent: "
    assert rests_on(VARIANTS["saskatchewan"], base) == (
        f"{opening}they state only the rule on books needed to go out; the other 64 rules are Pagat partnership's."
    )
    assert rests_on(VARIANTS["brouillette"], base) == (
        f"{opening}they state only the rule on books needed to go out (rounds 1 to 3); the other 64 rules are Pagat "
        "partnership's."
    )
    simpson = VARIANTS["simpson"].provenance.values()
    unstated = sum(1 for origin in simpson if not origin.stated)
    borrowed = sum(1 for origin in simpson if not origin.stated and origin.basis == base.id)
    assert rests_on(VARIANTS["simpson"], base) == (
        f"{opening}{unstated} of its {len(simpson)} rules are not stated there, {borrowed} of them Pagat partnership's."
    )
    # Sources that state most of a version's rules: nothing to say; nor for a version that extends none.
    assert rests_on(VARIANTS["bicycle"], base) == ""
    assert rests_on(base, None) == ""


def test_the_compare_page_says_how_the_bots_play_and_what_the_simulation_decides_alone() -> None:
    page = html.unescape(_compare(how_they_play(VARIANTS, RESULTS, "cached")))
    section = page.split("## How they play", 1)[1]
    # The bots of the site's runs, as their class's docstring says after its first line: every sentence, in order.
    bots = BOTS[simulations.STYLES[0]]
    said = re.findall(
        r"^- (.*)$", section.split("Every bot plays the same way:", 1)[1].split("What the simulation", 1)[0], re.M
    )
    assert said == simulations._bot_lines()
    assert " ".join(said) == " ".join((bots.__doc__ or "").split("\n", 1)[1].split())
    assert all(line[0].isupper() and line.endswith(".") for line in said), said
    # Issue 51 (W3, CW7): the partner's "yes" says its low-stock exception, and the pickup says whose cards and whose
    # size it weighs (the player's cards, the pile's four).
    partner = next(line for line in said if line.startswith("As a partner"))
    assert "while the stock holds more than two rounds of draws" in partner, partner
    pile = next(line for line in said if line.startswith("Takes the discard pile"))
    assert "when it holds the cards the rules ask for and the pile has four cards or more" in pile, pile
    for gap in GAPS:
        assert f"- {gap.decision} {gap.why}\n" in section, gap.key
    assert "No games yet" not in section


def test_the_bots_described_follow_the_style_the_runs_use(monkeypatch: pytest.MonkeyPatch) -> None:
    for style in sorted(BOTS):
        monkeypatch.setattr(simulations, "STYLES", (style,))
        doc = BOTS[style].__doc__ or ""
        assert " ".join(simulations._bot_lines()) == " ".join(doc.split("\n", 1)[1].split()), style


# "Differs", ranges, the picture and the house rules, from summaries made here.

DEFAULT = handfoot.DEFAULT_VARIANT
ORDERED = [VARIANTS[DEFAULT], *(v for v in VARIANTS.values() if v.id != DEFAULT)]


def _made(values: dict[str, float] | None = None, se: float = 0.1, lengths: float = 80.0) -> Summary:
    """A summary whose figures are 100 (a share 0.5, a zero-spread share 0) with standard error ``se`` and a 95%
    range of twice that either side, but for ``values``; its rounds last ``lengths`` turns at the median."""
    figures = {}
    for name, _, kind in ROWS:
        value = (values or {}).get(name, 0.5 if kind == "share" else 100.0)
        figures[name] = Figure(value, se, value - 2 * se, value + 2 * se)
    for name in ("round_end.turn_limit", "round_end.stock_out"):
        figures[name] = Figure(0.0, 0.0, 0.0, 0.0) if name not in (values or {}) else figures[name]
    spread = tuple(lengths + 2 * (step - 9) for step in range(len(ROUND_LENGTH_SHARES)))
    return Summary(games=400, rounds=1600, teams=2, figures=figures, violations=0, round_lengths=spread)


def test_differs_only_beyond_the_noise_and_large_enough_for_a_table_to_notice() -> None:
    turns, share, points = NOTICEABLE["turns"], NOTICEABLE["share"], NOTICEABLE["points"]
    assert (turns.least, turns.of_base, share.least, points.least, points.of_base) == (2, 0.05, 0.05, 50, 0.05)
    known = {
        "turns_per_round.median": 80.0,
        "first_meld_turn.all_teams": 5.0,
        "mean_round_score": 6000.0,
        "points_from.going_out": 20.0,
    }
    base = _made(known, se=0.001)
    cases = {
        # 5% of 80 turns is 4: 3 turns, well beyond the noise, is not enough; 4 is.
        ("turns_per_round.median", 83.0, 0.1): False,
        ("turns_per_round.median", 84.0, 0.1): True,
        # 2 turns is the least even where 5% is less (a quarter of a turn here).
        ("first_meld_turn.all_teams", 6.9, 0.1): False,
        ("first_meld_turn.all_teams", 7.0, 0.1): True,
        # Large enough, but within the noise.
        ("turns_per_round.p90", 109.0, 5.0): False,
        # Shares: 5 percentage points.
        ("round_end.went_out", 0.54, 0.001): False,
        ("round_end.went_out", 0.45, 0.001): True,
        # Points: 5% of 6,000 is 300; 50 where 5% is less.
        ("mean_round_score", 6250.0, 1.0): False,
        ("mean_round_score", 5700.0, 1.0): True,
        ("points_from.going_out", 60.0, 1.0): False,
        ("points_from.going_out", 70.0, 1.0): True,
    }
    for (name, value, se), marked in cases.items():
        other = _made(known | {name: value}, se=se)
        data = simulations.table_data(ORDERED[:2], {DEFAULT: base, ORDERED[1].id: other})
        row = next(row for row in data["rows"] if row["name"] == name)
        assert row["cells"][1]["differs"] is marked, (name, value, se)
        assert row["cells"][0]["differs"] is False
    assert data["noticeable"] == (
        "2 table turns and 5% for turns; 5 percentage points for a share of rounds or players; 50 points and 5% for "
        "points"
    )


def _small_results(tmp_path: Path, summaries: dict[str, Summary], house: list[Summary | None]) -> Path:
    """A results file of these summaries, under the keys a build looks for, with the house rules' list beside it."""
    engine = engine_fingerprint()
    runs = {}
    for variant in VARIANTS.values():
        for run in simulations.RUNS:
            runs[key_of(variant, engine, run)] = simulations.entry_of(variant, summaries[variant.id])
    for rule, summary in zip(HOUSE_RULES, house, strict=True):
        if summary is not None:
            key = key_of(rule.variant, engine, simulations.HOUSE_RUN)
            runs[key] = {**simulations.entry_of(VARIANTS[DEFAULT], summary), "changes": dict(rule.changes)}
    path = tmp_path / "how-they-play.json"
    simulations.write_runs(path, runs)
    (tmp_path / HOUSE_RULES_FILE.name).write_text((REPO_ROOT / HOUSE_RULES_FILE).read_text("utf-8"), "utf-8")
    return path


def test_every_figure_shows_a_range_and_none_where_it_shows_as_the_figure_alone(tmp_path: Path) -> None:
    summaries = {v.id: _made(lengths=80.0 + 5 * n) for n, v in enumerate(ORDERED)}
    path = _small_results(tmp_path, summaries, [_made() for _ in HOUSE_RULES])
    page = _compare(how_they_play(VARIANTS, path, "cached"))
    assert "\u00b1" not in page
    # 100 with its range 99.8 to 100.2 shows as "100" alone; a share of 0% with no spread, alone too.
    assert set(_cells(page, "turns_per_round.median")) == {("100", "")}
    assert set(_cells(page, "round_end.stock_out")) == {("0%", "")}
    assert "round_end.turn_limit" not in page
    wide = {v.id: _made(se=0.2) for v in ORDERED}
    for summary in wide.values():
        summary.figures["mean_round_score"] = Figure(5818.7, 20, 5778.7, 5858.7)
    page = _compare(how_they_play(VARIANTS, _small_results(tmp_path, wide, [None] * len(HOUSE_RULES)), "cached"))
    assert set(_cells(page, "mean_round_score")) == {("5,819", "5,779\u20135,859")}
    assert set(_cells(page, "round_end.went_out")) == {("50%", "10\u201390%")}
    assert '<span class="hf-visually-hidden">, likely between 5,779 and 5,859</span>' in page


def test_the_round_lengths_picture_has_a_row_per_version_and_says_what_it_shows(tmp_path: Path) -> None:
    summaries = {v.id: _made(lengths=80.0 + 5 * n) for n, v in enumerate(ORDERED)}
    summaries[ORDERED[-1].id] = Summary(**{**summaries[ORDERED[-1].id].__dict__, "round_lengths": ()})
    page = _compare(how_they_play(VARIANTS, _small_results(tmp_path, summaries, [None] * len(HOUSE_RULES)), "cached"))
    figure = re.search(r'<figure class="hf-plays-plot">(<svg .*?</svg>)<figcaption>(.*?)</figcaption>', page)
    assert figure, "the picture is on the page, one line of SVG Markdown leaves as it is"
    svg, legend = figure[1], html.unescape(figure[2])
    assert 'role="img" aria-labelledby="hf-round-lengths-title hf-round-lengths-desc"' in svg
    assert '<title id="hf-round-lengths-title">How long rounds last, in table turns</title>' in svg
    desc = html.unescape(re.search(r'<desc id="hf-round-lengths-desc">(.*?)</desc>', svg)[1])
    # One row per version, in the table's order, its median in the words and the box; the last has no lengths kept.
    names = [html.unescape(name) for name in re.findall(r'<tspan font-weight="700">([^<]*)</tspan>', svg)]
    assert names == [v.short_name for v in ORDERED]
    assert svg.count("<rect ") == len(ORDERED) - 1
    assert desc.startswith(
        f"{ORDERED[0].short_name}: median 80 turns; half the rounds between 70 and 90, 8 in 10 between 64 and 96."
    )
    assert f"{ORDERED[1].short_name}: median 85 turns" in desc
    assert desc.endswith(f"{ORDERED[-1].short_name}: not played yet.")
    assert "the box holds the middle half of rounds" in legend
    # Drawn in the text's colour, so it follows the colour scheme.
    assert 'fill="currentColor" stroke="currentColor"' in svg
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb\(", svg)


def test_each_house_rule_has_a_row_worded_from_handfoot_with_its_changes(tmp_path: Path) -> None:
    assert 8 <= len(HOUSE_RULES) <= 12
    base = _made({"turns_per_round.median": 80.0, "mean_round_score": 6000.0, "median_final_margin": 3000.0}, se=0.001)
    house: list[Summary | None] = [
        _made(
            {
                "turns_per_round.median": 80.0 - n,
                "round_end.went_out": 0.5 + n / 100,
                "mean_round_score": 6000.0 + 100 * n,
                "median_final_margin": 3000.0,
            },
            se=0.001,
        )
        for n in range(len(HOUSE_RULES))
    ]
    house[-1] = None
    summaries = {v.id: base for v in ORDERED}
    page = html.unescape(_compare(how_they_play(VARIANTS, _small_results(tmp_path, summaries, house), "cached")))
    section = page.split("## What each house rule does", 1)[1]
    rows = re.findall(r'<tr data-house-rule="(\d+)"><th scope="row">(.*?)</th>(.*?)</tr>', section, re.S)
    assert [int(number) for number, _, _ in rows] == list(range(1, len(HOUSE_RULES) + 1))
    pagat = VARIANTS[DEFAULT]
    for (_, words, cells), rule, summary in zip(rows, HOUSE_RULES, house, strict=True):
        for path in rule.changes:
            field = FIELDS_BY_PATH[path]
            said = f"<strong>{field.label}</strong>: {field.type.show(rule.variant[path])}"
            assert said in words, path
            assert f"(Pagat partnership: {field.type.show(pagat[path])})" in words, path
        if summary is None:
            assert re.findall(r"<td[^>]*>([^<]*)</td>", cells) == ["not played"]
            continue
        n = house.index(summary)
        shown = [re.split("<", cell, maxsplit=1)[0] for cell in re.findall(r"<td[^>]*>(.*?)</td>", cells)]
        turns = "0" if n == 0 else f"\u2212{n}"
        assert shown == [turns, f"+{n}" if n else "0", f"+{100 * n:,}" if n else "0", "0"], n
        # Beyond the noise here, so marked where large enough: 4 turns of 80, 5 points of a share, 300 points.
        marked = re.findall(r'<td data-label="([^"]+)" class="hf-differs">', cells)
        expected = [
            label
            for label, big in zip(
                ["Turns per round, median", "Rounds ended by going out", "Round score per side, mean"],
                [n >= 4, n >= 5, n >= 3],
                strict=True,
            )
            if big
        ]
        assert marked == expected, n
    assert "No games yet for 1 of these house rules: `make simulations` plays them." in section
    assert list(EFFECTS) == [
        "turns_per_round.median",
        "round_end.went_out",
        "mean_round_score",
        "median_final_margin",
    ]
