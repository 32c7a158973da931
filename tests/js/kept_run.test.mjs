// The configurator's last run of "How these rules play", as kept on the device (configurator/kept_run.mjs): read back
// as it was kept, its words as data; and left unread when it is damaged, of another build, of a version the site no
// longer has, or kept before figures had ranges. The browser test (tests/configurator/test_configurator_plays.py)
// plays a run, comes back to it, and opens the page over one damaged run.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { keepRun, keptRun } from "../../docs/assets/js/configurator/kept_run.mjs";
import { MemoryStorage, data } from "./data.mjs";

const KEY = "handfoot.configurator.played";
const BUILD = "build-1";
const known = (id) => id in data.variants;

const figure = (text) => ({ text, range: { text: "1,000\u20131,200", spoken: "likely between 1,000 and 1,200" } });
const RUN = {
  key: "a-run",
  base: data.default,
  changes: [{ path: "going_out.bonus", label: "<img src=x>Going out", now: "3,000 points", was: "100 points" }],
  shown: {
    games: 10,
    rounds: 40,
    base_games: 200,
    caveat: "Bots, not people.",
    ranges: "Under each figure, the range it likely lies in.",
    marks: "Marked where the difference is beyond the noise.",
    rows: [
      {
        name: "mean_round_score",
        label: "Mean round score",
        differs: "higher",
        part: false,
        yours: figure("1,100"),
        base: figure("900"),
      },
      { name: "foot_reached", label: "Foot reached", differs: "", part: true, yours: figure("0.9"), base: null },
    ],
  },
};

beforeEach(() => {
  globalThis.localStorage = new MemoryStorage();
});

const kept = () => JSON.parse(localStorage.getItem(KEY));
const keepText = (text) => localStorage.setItem(KEY, text);

test("a run is read back as it was kept, its words as they were (markup stays text)", () => {
  assert.deepEqual(keepRun(RUN, BUILD), { ok: true });
  assert.deepEqual(keptRun(BUILD, known), RUN);
});

test("a full device keeps no run and says so in a player's words", () => {
  globalThis.localStorage = new MemoryStorage(10);
  assert.deepEqual(keepRun(RUN, BUILD), { ok: false, problem: "this device's storage for this site is full" });
  assert.equal(keptRun(BUILD, known), null);
});

test("none kept, damaged, or of another build: left unread", () => {
  assert.equal(keptRun(BUILD, known), null);
  keepText("{not json");
  assert.equal(keptRun(BUILD, known), null);
  keepRun(RUN, BUILD);
  assert.equal(keptRun("build-2", known), null);
  keepText(JSON.stringify({ ...kept(), format: 2 }));
  assert.equal(keptRun(BUILD, known), null);
});

test("a run whose parts are not what a run holds is left unread", () => {
  keepRun(RUN, BUILD);
  const good = kept();
  const spoiled = [
    { ...good, shown: { ...good.shown, rows: "none" } },
    { ...good, shown: { ...good.shown, rows: [] } },
    { ...good, shown: { ...good.shown, games: -1 } },
    { ...good, base: "a-version-this-site-never-had" },
    { ...good, changes: [{ ...good.changes[0], label: 7 }] },
    [good],
  ];
  for (const run of spoiled) {
    keepText(JSON.stringify(run));
    assert.equal(keptRun(BUILD, known), null, JSON.stringify(run).slice(0, 80));
  }
});

test("a run kept before figures had ranges (a margin instead) is left unread", () => {
  keepRun(RUN, BUILD);
  const good = kept();
  const old = (line) => line && { text: line.text, margin: "\u00b13" };
  const { ranges, marks, ...shown } = good.shown;
  assert.ok(ranges && marks);
  const rows = shown.rows.map((row) => ({ ...row, yours: old(row.yours), base: old(row.base) }));
  keepText(JSON.stringify({ ...good, shown: { ...shown, rows } }));
  assert.equal(keptRun(BUILD, known), null);
  // Only the margins: still unread.
  keepText(JSON.stringify({ ...good, shown: { ...good.shown, rows } }));
  assert.equal(keptRun(BUILD, known), null);
});
