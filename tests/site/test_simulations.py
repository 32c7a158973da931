"""How they play (issue 41): the figures are computed at build from simulations/how-they-play.json, kept by run key,
so a page edit plays no game, a CI build plays none, and the committed file holds every published version's run."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import handfoot
from handfoot.simulate import CAVEAT, GAPS, Summary
from handfoot.simulate.report import ROWS
from handfoot.simulate.stats import Figure
from handfoot.words import format_number
from sitebuild import simulations
from sitebuild.errors import BuildError
from sitebuild.simulations import RESULTS_FILE, how_they_play, key_of, missing, mode_from, read_runs, results
from sitebuild.site_content import build_pages, make_environment
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
RESULTS = REPO_ROOT / RESULTS_FILE


def test_the_committed_results_hold_every_published_versions_current_run() -> None:
    lacking = missing(VARIANTS, RESULTS)
    assert not lacking, f"{RESULTS_FILE} lacks the current runs of {', '.join(lacking)}: run `make simulations`"
    kept = sorted((entry["variant"], entry["games"]) for entry in read_runs(RESULTS).values())
    assert kept == sorted((variant, run.games) for variant in VARIANTS for run in simulations.RUNS), (
        f"{RESULTS_FILE} holds runs of rules no version plays now: run `make simulations`"
    )
    assert {entry["violations"] for entry in read_runs(RESULTS).values()} == {0}


def test_ci_plays_no_game_and_off_shows_none() -> None:
    assert mode_from({}) == "run"
    assert mode_from({"CI": "true"}) == "cached"
    assert mode_from({"CI": "true", "HF_SIMULATIONS": "run"}) == "run"
    assert mode_from({"HF_SIMULATIONS": "off"}) == "off"
    with pytest.raises(BuildError, match=r"^HF_SIMULATIONS='sometimes': expected one of run, cached, off$"):
        mode_from({"HF_SIMULATIONS": "sometimes"})
    assert how_they_play(VARIANTS, RESULTS, "off") is None


def _summary(value: float) -> Summary:
    names = [name for name, _, _ in ROWS] + ["first_meld_turn.team_1", "never_melded.team_1"]
    figures = {name: Figure(value, 0.1, value - 0.2, value + 0.2) for name in names}
    return Summary(games=simulations.GAMES, rounds=4, teams=2, figures=figures, violations=0)


def test_a_build_plays_only_the_runs_it_lacks_and_keeps_only_current_ones(
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

    cached = results(VARIANTS, path, "cached")
    assert [set(found.values()) for found in cached.values()] == [{None}, {None}]
    assert not played, "cached mode plays nothing"
    assert list(read_runs(path)) == ["0" * 64], "and writes nothing"

    first = results(VARIANTS, path, "run")
    assert sorted(played) == sorted(f"{v} {games}" for v in VARIANTS for games in (400, 200))
    keys = sorted(key_of(v, run=run) for v in VARIANTS.values() for run in simulations.RUNS)
    assert sorted(read_runs(path)) == keys, "the stale run is dropped"
    played.clear()
    assert results(VARIANTS, path, "run") == first
    assert played == [], "a second build plays no game"

    # A changed rule is a new run of that version alone; a changed name or page is not.
    changed = dict(VARIANTS)
    changed["bicycle"] = VARIANTS["bicycle"].with_changes({"going_out.bonus": 200}, name="Bicycle")
    changed["simpson"] = VARIANTS["simpson"].with_changes({}, name="Simpson renamed")
    results(changed, path, "run")
    assert played == ["bicycle 400", "bicycle 200"]


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
    row = re.search(rf'<tr data-figure="{re.escape(figure)}"[^>]*>(.*?)</tr>', markdown, re.S)
    assert row, figure
    cells = re.findall(r'<td[^>]*>([^<]*)<span class="hf-plays__margin">([^<]*)</span>', row[1])
    return [(html.unescape(text), html.unescape(margin)) for text, margin in cells]


def test_the_compare_page_shows_the_kept_figures_with_their_margins(built_site: Path) -> None:
    page = (built_site / "compare" / "index.html").read_text(encoding="utf-8")
    assert 'id="how-they-play"' in page
    assert CAVEAT == "Bots, not people. Use it to compare rule sets, not to predict your table."
    assert CAVEAT in page
    runs = read_runs(RESULTS)
    ordered = [VARIANTS[handfoot.DEFAULT_VARIANT], *(v for v in VARIANTS.values() if v.id != handfoot.DEFAULT_VARIANT)]
    for figure, kind in (("turns_per_round.median", "whole"), ("round_end.went_out", "share")):
        cells = _cells(page, figure)
        for variant, (shown, margin) in zip(ordered, cells, strict=True):
            value = runs[key_of(variant)]["figures"][figure][0]
            expected = f"{round(100 * value)}%" if kind == "share" else format_number(round(value))
            assert shown == expected, (variant.id, figure)
            assert margin.startswith("±"), (variant.id, figure)
    labels = re.findall(r'<tr data-figure="[^"]+"[^>]*><th scope="row">([^<]+)</th>', page)
    assert "Turns per round, median" in labels
    assert "Rounds ended by going out" in labels
    assert "Players who reach their foot" in labels
    assert "Final margin, first to last side, median" in labels


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_each_rule_page_has_a_how_it_plays_box_linking_the_table(built_site: Path, variant_id: str) -> None:
    page = (built_site / "rules" / variant_id / "index.html").read_text(encoding="utf-8")
    box = re.search(r'<div class="admonition abstract hf-no-print">(.*?)</div>', page, re.S)
    assert box, variant_id
    text = box[1]
    assert '<a href="../../compare/#how-they-play">How every version plays</a>' in text
    assert CAVEAT in text
    median = read_runs(RESULTS)[key_of(VARIANTS[variant_id])]["figures"]["turns_per_round.median"][0]
    assert f"a round lasts {round(median)} turns" in text


def test_the_compare_page_says_how_the_bots_play_and_what_the_simulation_decides_alone() -> None:
    page = html.unescape(_compare(how_they_play(VARIANTS, RESULTS, "cached")))
    section = page.split("## How they play", 1)[1]
    assert "- Melds whatever the rules allow as soon as it may, and adds to its team's melds.\n" in section
    assert "first-meld minimum; before its foot also anywhere once the books are down" in section
    for gap in GAPS:
        assert f"- {gap.decision} {gap.why}\n" in section, gap.key
    assert "No games yet" not in section
