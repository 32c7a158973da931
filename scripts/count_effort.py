"""Count what a 4-round game in the score keeper costs a player: taps, keys and swipes, now and before a change.

    .venv/bin/python scripts/count_effort.py [--site DIR | --now REF] [--before REF | --before-site DIR]

A new player opens /keeper/ on a phone (390 × 844, touch, headless Chromium, service workers blocked), waits for the
rules engine, and plays one game of the default rules (Pagat partnership): names the two teams ("Ann & Bob",
"Cy & Di"), then each round types each team's round key by key and taps "Next: round N". One team goes out each round
with the books the round needs, read from handfoot (as is every number of the rules: the books needed, the least
card points a book holds, the step card points come in); the rest of the table changes from round to round. A field
whose value is 0 is left empty, as a player leaves it.

Two ways of playing, each in a new browser context:

- tapping: a tap on each field before typing into it, then a tap on "Went out" and one on "Next";
- with Enter: a tap on the round's first field, then Enter (the phone keyboard's Next key) from field to field, team
  after team, up to the round's last field with a value; then the taps on "Went out" and "Next". Where Enter does
  not move the focus to the next field (the keeper before), the row says so and counts nothing.

Counted: taps (every tap the player makes), keys (every key press: each character typed, and Enter; a phone's shift
and symbol keys are not counted) and swipes: before each tap, each field typed and each Enter the player looks, once
the page is quiet (the rules engine has answered and nothing has changed for 400 ms; so the counts do not hang on the
machine's speed), and when the thing to tap is not wholly on screen (under the site's header counts as off it),
swipes once: counted, then it is scrolled to the middle of the screen. A phone's keyboard, which covers part of the
screen, is not drawn. After the game, every round score and total on the score sheet is checked against
``handfoot.score_game`` in CPython; a mismatch, or a field that shows other than what was typed, is printed and the
script exits with 1.

"now" is the repository as it is, built into a temporary folder, or ``--now REF`` (a commit), or ``--site DIR`` (a
built site). "before" is ``--before REF`` (default 580217a, the keeper before issue 49's work), built from ``git
archive`` with its own handfoot, or ``--before-site DIR``.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import handfoot
from handfoot.scoring import least_book_points
from handfoot.sheet_form import entry_fields
from handfoot.values import group_values
from handfoot.words import format_number
from testbench.build import SITE_SOURCES, build_site
from testbench.chromium import launch
from testbench.paths import REPO_ROOT
from testbench.server import serve

BEFORE = "580217a"
VARIANT = handfoot.DEFAULT_VARIANT
TEAMS = ("Ann & Bob", "Cy & Di")
WIDTH, HEIGHT = 390, 844
WAYS = ("tapping", "with Enter")
# Milliseconds between keys: a quick typist, and time for the page to react to each key.
KEY_DELAY = 35
# Milliseconds without a change to the page, and no call to the rules engine unanswered, before a player looks.
QUIET_MS = 400
TIMEOUT_MS = 90_000


@dataclass(frozen=True)
class Plan:
    """A round as played at the table, apart from the rules: the team that goes out (it has the books the round needs,
    from handfoot, and `extra` more of the first kind; the other team has `short` fewer of each kind), red threes laid
    down and caught by each team, each team's card points melded beyond the least its books hold (handfoot), and the
    card points the other team is left holding (the team going out holds nothing)."""

    out: int
    extra: int
    short: int
    red_threes: tuple[int, int]
    caught: tuple[int, int]
    melded: tuple[int, int]
    left: int


GAME = (
    Plan(out=0, extra=0, short=1, red_threes=(1, 0), caught=(0, 1), melded=(105, 60), left=85),
    Plan(out=1, extra=1, short=2, red_threes=(2, 1), caught=(0, 0), melded=(40, 135), left=140),
    Plan(out=1, extra=0, short=1, red_threes=(0, 2), caught=(1, 0), melded=(70, 190), left=35),
    Plan(out=0, extra=2, short=0, red_threes=(1, 1), caught=(0, 0), melded=(225, 95), left=60),
)

# Whether an element is wholly on screen and under nothing (the site's header): its box is inside the window, and at
# nine points across it the topmost element is it, inside it, or its label.
ON_SCREEN = """(element) => {
  const box = element.getBoundingClientRect();
  if (!box.width || box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
  const labels = [...(element.labels ?? [])];
  const own = (hit) => hit && (element.contains(hit) || labels.some((label) => label.contains(hit)));
  return [0.2, 0.5, 0.8].every((x) => [0.2, 0.5, 0.8].every((y) =>
    own(document.elementFromPoint(box.left + x * box.width, box.top + y * box.height))));
}"""

# Put in the page before its scripts: when the page last changed (DOM or scroll), and the calls sent to the rules
# engine's worker and answered, so the player can wait until it is quiet before looking.
WATCH = """(() => {
  self.hfQuiet = { changed: performance.now(), sent: 0, answered: 0 };
  const note = () => (self.hfQuiet.changed = performance.now());
  const everything = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(note).observe(document, everything);
  addEventListener("scroll", note, true);
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.id !== undefined) {
      self.hfQuiet.sent += 1;
      if (!this.hfHeard) {
        this.hfHeard = true;
        this.addEventListener("message", ({ data }) => {
          if (data?.id !== undefined) self.hfQuiet.answered += 1;
        });
      }
    }
    return post.call(this, message, ...rest);
  };
})();"""
QUIET = "(ms) => self.hfQuiet.sent === self.hfQuiet.answered && performance.now() - self.hfQuiet.changed > ms"

Tallies = list[list[dict[str, Any]]]


class EnterStays(Exception):
    """Enter did not move the focus to the next field."""


@dataclass
class Player:
    """A player's hand on the phone: every tap, key and swipe goes through here and is counted."""

    page: Page
    taps: int = 0
    keys: int = 0
    swipes: int = 0
    # Counts (taps, keys, swipes) by part of the game: the names, each round.
    parts: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def counts(self) -> tuple[int, int, int]:
        return self.taps, self.keys, self.swipes

    def part(self, name: str) -> None:
        """What was done since the last part is the part ``name``."""
        done = [sum(counts[i] for counts in self.parts.values()) for i in range(3)]
        taps, keys, swipes = (now - before for now, before in zip(self.counts(), done, strict=True))
        self.parts[name] = (taps, keys, swipes)

    def look(self) -> None:
        """Wait until the page is quiet, as a player looks at the screen before each tap and each field."""
        self.page.wait_for_function(QUIET, arg=QUIET_MS, polling=100, timeout=TIMEOUT_MS)

    def tap(self, target: Locator) -> None:
        target.wait_for(state="visible", timeout=TIMEOUT_MS)
        self.look()
        if not target.evaluate(ON_SCREEN):
            self.swipes += 1
            target.evaluate("(element) => element.scrollIntoView({ block: 'center' })")
            if not target.evaluate(ON_SCREEN):
                raise RuntimeError(f"{target} is not on screen after a swipe")
        target.tap(timeout=TIMEOUT_MS)
        self.taps += 1

    def type_into(self, where: str, text: str) -> None:
        """Look, then type ``text`` into the field ``where`` (an id), which has the focus; check that it shows it."""
        self.look()
        focused = self.page.evaluate("document.activeElement?.id")
        if focused != where:
            raise RuntimeError(f"about to type {text!r} into {where}, but the focus is on {focused!r}")
        for character in text:
            self.page.keyboard.type(character, delay=KEY_DELAY)
            self.keys += 1
        shown = self.page.locator("#" + where).input_value()
        if shown != text:
            raise RuntimeError(f"{where} shows {shown!r} after {text!r} was typed")

    def press(self, key: str) -> None:
        self.look()
        self.page.keyboard.press(key, delay=KEY_DELAY)
        self.keys += 1


def game_tallies(variant: handfoot.Variant) -> Tallies:
    """The game: a tally per team per round, as handfoot scores it and the keeper's fields take it."""
    keys = [entry["key"] for entry in entry_fields(variant)]
    step = math.gcd(*group_values(variant).values())
    game = []
    for number, plan in enumerate(GAME, start=1):
        needed = variant.books_to_go_out(number)
        first = next(iter(needed))
        tallies = []
        for team in range(len(TEAMS)):
            out = team == plan.out
            if out:
                books = {kind: count + (plan.extra if kind == first else 0) for kind, count in needed.items()}
            else:
                books = {kind: max(0, count - plan.short) for kind, count in needed.items()}
            least = sum(least_book_points(variant, kind) * count for kind, count in books.items())
            tally = dict.fromkeys(keys, 0) | {f"{kind}_books": count for kind, count in books.items()}
            tally |= {
                "round": number,
                "went_out": out,
                "red_threes": plan.red_threes[team],
                "red_threes_caught": plan.caught[team],
                "melded": -(-(least + plan.melded[team]) // step) * step,
                "left": 0 if out else plan.left // step * step,
            }
            tallies.append(tally)
        game.append(tallies)
    return game


def field_id(number: int, team: int, key: str) -> str:
    return f"r{number - 1}-t{team}-{key}"


def name_teams(player: Player) -> None:
    for team, name in enumerate(TEAMS):
        player.tap(player.page.locator(f"#hf-team-{team}"))
        player.type_into(f"hf-team-{team}", name)
    player.part("names")


def round_tapping(player: Player, number: int, tallies: list[dict[str, Any]], keys: list[str]) -> None:
    for team, tally in enumerate(tallies):
        for key in keys:
            if tally[key]:
                player.tap(player.page.locator("#" + field_id(number, team, key)))
                player.type_into(field_id(number, team, key), str(tally[key]))


def round_with_enter(player: Player, number: int, tallies: list[dict[str, Any]], keys: list[str]) -> None:
    walk = [(team, key) for team in range(len(tallies)) for key in keys]
    last = max(i for i, (team, key) in enumerate(walk) if tallies[team][key])
    player.tap(player.page.locator("#" + field_id(number, *walk[0])))
    for i, (team, key) in enumerate(walk[: last + 1]):
        if tallies[team][key]:
            player.type_into(field_id(number, team, key), str(tallies[team][key]))
        if i == last:
            break
        player.press("Enter")
        expected = field_id(number, *walk[i + 1])
        focused = player.page.evaluate("document.activeElement?.id")
        if focused != expected:
            raise EnterStays(f"Enter in {field_id(number, team, key)} left the focus on {focused!r}, not on {expected}")


def play(browser: Browser, base: str, way: str, variant: handfoot.Variant) -> tuple[Player, list[str]]:
    """One game played ``way`` in the keeper at ``base``: the player's counts, and where the sheet differs from
    handfoot."""
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        page.goto(base + "keeper/")
        page.locator(".hf-keeper .hf-status", has_text="ready").wait_for(timeout=TIMEOUT_MS)
        player = Player(page)
        game = game_tallies(variant)
        keys = [entry["key"] for entry in entry_fields(variant)]
        name_teams(player)
        for number, tallies in enumerate(game, start=1):
            page.get_by_role("region", name=f"Round {number}", exact=True).wait_for(timeout=TIMEOUT_MS)
            (round_tapping if way == "tapping" else round_with_enter)(player, number, tallies, keys)
            out = next(team for team, tally in enumerate(tallies) if tally["went_out"])
            box = page.locator("#" + field_id(number, out, "went_out"))
            player.tap(box)
            if not box.is_checked():
                raise RuntimeError(f"round {number}: the tap left Went out unticked")
            shown = shown_apart(page, number, tallies, keys)
            if shown:
                raise RuntimeError(f"round {number}: fields show other than what was typed: {shown}")
            if number < len(game):
                player.tap(page.get_by_role("button", name=f"Next: round {number + 1}", exact=True))
                asked = page.locator("#hf-next-check")
                following = page.get_by_role("region", name=f"Round {number + 1}", exact=True)
                following.or_(asked.get_by_role("button").first).first.wait_for(timeout=TIMEOUT_MS)
                if not following.is_visible():
                    raise RuntimeError(f"round {number}: Next asked first: {asked.inner_text()}")
            player.part(f"round {number}")
        return player, sheet_mismatches(page, variant, game)
    finally:
        context.close()


def shown_apart(page: Page, number: int, tallies: list[dict[str, Any]], keys: list[str]) -> list[str]:
    """The round's fields that show other than what was typed in them (nothing for a 0)."""
    apart = []
    for team, tally in enumerate(tallies):
        for key in keys:
            shown = page.locator("#" + field_id(number, team, key)).input_value()
            if shown != (str(tally[key]) if tally[key] else ""):
                apart.append(f"{field_id(number, team, key)} shows {shown!r}, typed {tally[key]}")
    return apart


def sheet_mismatches(page: Page, variant: handfoot.Variant, game: Tallies) -> list[str]:
    """Every round score and total on the score sheet against handfoot.score_game in CPython, once the sheet shows the
    totals handfoot gives (or the wait has run out): the differences, in words."""
    scored = handfoot.score_game(variant, game)
    totals = [format_number(total) for total in scored["totals"]]
    with suppress(PlaywrightTimeout):
        page.wait_for_function(
            "(want) => JSON.stringify([...document.querySelectorAll('#hf-totals-body tfoot td')]"
            ".map((cell) => cell.textContent.trim())) === JSON.stringify(want)",
            arg=totals,
            timeout=TIMEOUT_MS,
        )
    wrong = []
    shown = [text.strip() for text in page.locator("#hf-totals-body tfoot td").all_text_contents()]
    if shown != totals:
        wrong.append(f"totals: the sheet shows {shown}, handfoot gives {totals}")
    rows = page.locator("#hf-totals-body tbody tr").evaluate_all(
        "(rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent.trim()))"
    )
    for number, results in enumerate(scored["rounds"], start=1):
        want = [format_number(result["total"]) for result in results]
        row = rows[number - 1][1:] if number <= len(rows) else []
        if row != want:
            wrong.append(f"round {number}: the sheet shows {row}, handfoot gives {want}")
    return wrong


def git(*arguments: str) -> str:
    return subprocess.run(["git", *arguments], cwd=REPO_ROOT, capture_output=True, text=True, check=True).stdout


def build(folder: Path, name: str, ref: str | None) -> Path:
    """The site built into ``folder / name`` from the repository as it is (``ref`` None) or from ``git archive``."""
    site = folder / name
    if ref is None:
        result = build_site(site, quiet=True)
    else:
        sources = folder / f"{name}-sources"
        sources.mkdir()
        held = git("ls-tree", "--name-only", ref).split()
        archive = subprocess.run(
            ["git", "archive", ref, *[path for path in SITE_SOURCES if path in held]],
            cwd=REPO_ROOT,
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", str(sources)], input=archive.stdout, check=True)
        (sources / "node_modules").symlink_to(REPO_ROOT / "node_modules", target_is_directory=True)
        # The copy's own handfoot (and its hooks' helpers) come before this checkout's on the path.
        result = build_site(site, sources=sources, env={"PYTHONPATH": str(sources)}, quiet=True)
    if result.returncode != 0:
        sys.exit(f"mkdocs build of {ref or 'the repository'} failed:\n{result.stderr}")
    return site


@contextmanager
def sites(arguments: argparse.Namespace) -> Iterator[dict[str, Path]]:
    """The two sites to play, "now" and "before", built into a temporary folder unless given."""
    with tempfile.TemporaryDirectory(prefix="count-effort-") as temp:
        folder = Path(temp)
        now = arguments.site or build(folder, "now", arguments.now)
        before = arguments.before_site or build(folder, "before", arguments.before)
        yield {"now": now, "before": before}


def describe(arguments: argparse.Namespace) -> None:
    edited = git("status", "--porcelain", "--", *SITE_SOURCES).strip()
    head = f"the repository at {git('rev-parse', '--short', 'HEAD').strip()}"
    now = arguments.site or arguments.now or head + (" with uncommitted edits to the site" if edited else "")
    print(f"now: {now}; before: {arguments.before_site or arguments.before}")
    print(f"{VARIANT}, {len(GAME)} rounds, {' and '.join(TEAMS)}, on a phone {WIDTH} × {HEIGHT} (touch)")


@dataclass(frozen=True)
class Row:
    """One way of playing one version: the player's counts and the sheet's mismatches, or why it was not played."""

    version: str
    way: str
    player: Player | None = None
    mismatches: tuple[str, ...] = ()
    not_played: str = ""
    failed: bool = False


def report(rows: list[Row]) -> None:
    print()
    print("| version | way        | taps | keys | swipes | totals right |")
    print("| ------- | ---------- | ---: | ---: | -----: | ------------ |")
    for row in rows:
        taps, keys, swipes = row.player.counts() if row.player else ("—", "—", "—")
        right = "—" if row.player is None else "no" if row.mismatches else "yes"
        print(f"| {row.version:<7} | {row.way:<10} | {taps:>4} | {keys:>4} | {swipes:>6} | {right:<12} |")
    print()
    for row in rows:
        if row.player is None:
            print(f"{row.version}, {row.way}: {'FAILED' if row.failed else 'not played'}: {row.not_played}")
            continue
        parts = "; ".join(f"{part} {taps}/{keys}/{swipes}" for part, (taps, keys, swipes) in row.player.parts.items())
        print(f"{row.version}, {row.way} (taps/keys/swipes): {parts}")
        for mismatch in row.mismatches:
            print(f"  MISMATCH: {mismatch}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    now = parser.add_mutually_exclusive_group()
    now.add_argument("--site", type=Path, help="a built site to play as now")
    now.add_argument("--now", metavar="REF", help="build this commit as now, not the repository as it is")
    before = parser.add_mutually_exclusive_group()
    before.add_argument("--before", metavar="REF", default=BEFORE, help=f"the commit to build as before ({BEFORE})")
    before.add_argument("--before-site", type=Path, help="a built site to play as before")
    arguments = parser.parse_args()
    variant = handfoot.load_variants(REPO_ROOT / "variants")[VARIANT]
    describe(arguments)

    rows: list[Row] = []
    with sites(arguments) as versions, ExitStack() as stack:
        browser = launch(stack.enter_context(sync_playwright()))
        stack.callback(browser.close)
        for version, site in versions.items():
            base = stack.enter_context(serve(site))
            for way in WAYS:
                try:
                    player, mismatches = play(browser, base, way, variant)
                except EnterStays as stays:
                    rows.append(Row(version, way, not_played=str(stays)))
                except RuntimeError as failed:
                    # The game did not go as the player meant: a field shows other than what was typed, say.
                    rows.append(Row(version, way, not_played=str(failed), failed=True))
                else:
                    rows.append(Row(version, way, player, tuple(mismatches)))
    report(rows)
    if any(row.mismatches or row.failed for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
