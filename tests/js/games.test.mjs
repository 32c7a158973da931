// The keeper's game as data (keeper/model.mjs), its saved shape (keeper/shape.mjs) and its storage
// (keeper/saved_games.mjs): what undo takes back, which round is open, what a saved or imported game may hold, and what
// happens to one that is damaged or cannot be written. No score is worked out here: handfoot does that, in the browser
// tests.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import {
  UNDO_STEPS_KEPT,
  change,
  csv,
  isEntered,
  newGame,
  openRoundOf,
  roundCount,
  setEntry,
  undo,
} from "../../docs/assets/js/keeper/model.mjs";
import { GameShapeProblem, checkGame, entriesProblem } from "../../docs/assets/js/keeper/shape.mjs";
import {
  FORMAT,
  exportText,
  loadAll,
  readGame,
  saveGame,
  saveScores,
  gameKey,
} from "../../docs/assets/js/keeper/saved_games.mjs";
import { ImportProblem, exportAllText, readImport } from "../../docs/assets/js/keeper/game_files.mjs";
import { MemoryStorage, data, fields, limits } from "./data.mjs";

const PAGAT = data.variants[data.default];
const FORM = data.sheets[data.default];
const known = { fields, limits };
const edit = (session, what = "a field") => ({ session, what, focus: "r0-t0-melded" });

beforeEach(() => {
  globalThis.localStorage = new MemoryStorage();
});

// A field typed key by key in one visit: each key saved, one undo step for them all.
function typeKeys(game, key, text, session) {
  let next = game;
  for (let i = 1; i <= text.length; i += 1) next = setEntry(next, 0, 0, key, Number(text.slice(0, i)), edit(session));
  return next;
}

test("a new game has the sheet's teams, no rounds, and its first round open", () => {
  const game = newGame(PAGAT, FORM);
  assert.deepEqual(game.teams, FORM.teams);
  assert.deepEqual(game.rounds, []);
  assert.equal(openRoundOf(game), 0);
  assert.equal(roundCount(game), FORM.rounds.count);
});

test("what is typed in one visit to a field is one undo step, taken back whole", () => {
  let game = newGame(PAGAT, FORM);
  game = typeKeys(game, "melded", "415", "melded@1");
  assert.equal(game.rounds[0][0].melded, 415);
  assert.equal(game.history.length, 1);
  game = typeKeys(game, "left", "85", "left@2");
  assert.equal(game.history.length, 2);
  let step;
  ({ game, step } = undo(game));
  assert.equal(step.what, "a field");
  assert.equal(game.rounds[0][0].left, undefined);
  assert.equal(game.rounds[0][0].melded, 415);
  ({ game } = undo(game));
  assert.equal(isEntered(game.rounds[0]?.[0]), false);
  assert.deepEqual(undo(game), { game, step: null });
});

test('"Next" is a step of its own: undo opens the round it left, with every entry as it was', () => {
  let game = typeKeys(newGame(PAGAT, FORM), "melded", "415", "melded@1");
  game = change(game, (g) => (g.open = 1), { session: "next@2", what: '"Next: round 2"', focus: null });
  assert.equal(openRoundOf(game), 1);
  const { game: back, step } = undo(game);
  assert.equal(step.what, '"Next: round 2"');
  assert.equal(openRoundOf(back), 0);
  assert.equal(back.rounds[0][0].melded, 415);
});

test("the open round is kept with the game; a game saved before that opens its first round not every team entered", () => {
  let game = setEntry(newGame(PAGAT, FORM), 0, 0, "melded", 400);
  game = setEntry(game, 0, 1, "melded", 300);
  assert.equal(openRoundOf(game), 0, "both teams entered round 1, and round 1 stays open");
  const { open, ...saved } = game;
  assert.equal(open, 0);
  assert.equal(openRoundOf(saved), 1);
});

test("undo keeps the last steps only", () => {
  let game = newGame(PAGAT, FORM);
  for (let i = 0; i < UNDO_STEPS_KEPT + 5; i += 1) game = setEntry(game, 0, 0, "melded", i, edit(`s${i}`));
  assert.equal(game.history.length, UNDO_STEPS_KEPT);
});

test("a game played to a target score shows the rounds played and one more", () => {
  // The sheet of rules played to a target score has no count of rounds (handfoot's sheet_form).
  const target = { ...FORM, rounds: { ...FORM.rounds, count: null } };
  let game = newGame(PAGAT, target);
  assert.equal(roundCount(game), 1);
  game = setEntry(game, 0, 0, "melded", 100);
  assert.equal(roundCount(game), 2);
});

test("CSV cells that a spreadsheet would run as a formula are written as text", () => {
  let game = newGame(PAGAT, FORM, ["=HYPERLINK(1)", "+Cy, Di"]);
  game = setEntry(game, 0, 0, "melded", 100);
  game = setEntry(game, 0, 1, "melded", 50);
  const lines = csv(game).trim().split("\n");
  assert.match(lines[1], /^1,'=HYPERLINK\(1\),/);
  assert.match(lines[2], /^1,"'\+Cy, Di",/);
});

test("a saved game is checked field by field, and what it may not hold is named", () => {
  const good = setEntry(newGame(PAGAT, FORM), 0, 0, "melded", 415);
  assert.equal(checkGame(good, { ...known, stored: true }).rounds[0][0].melded, 415);
  const refused = (game, stored = true) => {
    try {
      checkGame(game, { ...known, stored });
    } catch (error) {
      assert.ok(error instanceof GameShapeProblem, String(error));
      return error.message;
    }
    return assert.fail("the game was taken");
  };
  assert.equal(refused({ ...good, script: "x" }), 'it holds something a game from this site never has ("script")');
  assert.equal(refused({ ...good, id: "<b>" }), "it has no game number");
  assert.equal(refused({ ...good, teams: ["Solo"] }), `it must have ${limits.teams_min} to ${limits.teams_max} teams`);
  assert.equal(refused({ ...good, teams: ["", "B"] }), "team 1 has no name");
  const long = "n".repeat(limits.team_name + 1);
  assert.equal(refused({ ...good, teams: [long, "B"] }), `team 1's name is longer than ${limits.team_name} letters`);
  assert.equal(refused({ ...good, rounds: [[{ melded: 1 }]] }), "round 1 does not have one entry a team");
  const over = { ...good, rounds: [[{ melded: limits.points + 1 }, {}]] };
  assert.match(refused(over), /^round 1, Team 1: Card points in melds and books must be a whole number from 0 to /);
  assert.equal(
    refused({ ...good, rulesUrl: "https://example.org/configurator/#rules=abc" }),
    "its rules link leads away from this site",
  );
  const { form, cache, ...exported } = good;
  assert.ok(form && cache === null);
  assert.equal(
    refused({ ...exported, history: [] }, false),
    'it holds something a game from this site never has ("history")',
  );
  // A saved open round out of range is worked out again from the entries, not refused.
  assert.equal(openRoundOf(checkGame({ ...good, open: 99 }, { ...known, stored: true })), 0);
  assert.match(
    entriesProblem({ ...good, rounds: [[{ nope: 1 }, {}]] }, FORM),
    /a score this keeper does not know \("nope"\)/,
  );
});

test("a game is saved, read back and listed; one that cannot be read is set aside under its own key, not dropped", () => {
  const game = setEntry(newGame(PAGAT, FORM), 0, 0, "melded", 415);
  assert.deepEqual(saveGame(game), { ok: true });
  assert.equal(readGame(gameKey(game.id), known).game.rounds[0][0].melded, 415);
  localStorage.setItem(gameKey("gdamaged"), "{not json");
  localStorage.setItem(gameKey("gnewer"), JSON.stringify({ ...game, id: "gnewer", format: FORMAT + 1 }));
  const { games, problems } = loadAll(known);
  assert.deepEqual(
    games.map((g) => g.id),
    [game.id],
  );
  assert.equal(problems.length, 2);
  assert.ok(problems.some((p) => p.startsWith("A saved game could not be read. A copy is kept")));
  assert.ok(problems.some((p) => p.startsWith("A saved game comes from a newer version of this site")));
  const kept = [...Array(localStorage.length).keys()].map((i) => localStorage.key(i));
  assert.equal(kept.filter((key) => key.startsWith("handfoot.keeper.rescued.")).length, 2);
});

test("a full storage is said in a player's words, and late scores never write older entries over newer ones", () => {
  globalThis.localStorage = new MemoryStorage(10);
  const game = newGame(PAGAT, FORM);
  assert.deepEqual(saveGame(game), { ok: false, problem: "this device's storage for this site is full" });
  globalThis.localStorage = new MemoryStorage();
  const newer = setEntry(game, 0, 0, "melded", 415);
  saveGame(newer);
  assert.deepEqual(saveScores({ ...game, cache: { key: "old" } }), { ok: false, problem: null });
  assert.equal(readGame(gameKey(game.id), known).game.rounds[0][0].melded, 415);
});

test("a file of all saved games comes back whole, whether a game counts in the records included; one bad game refuses the file", () => {
  const counted = newGame(PAGAT, FORM, ["Ann & Bob", "Cy & Di"]);
  const cleared = { ...newGame(PAGAT, FORM, ["Ann", "Bob"]), inRecords: false };
  const text = exportAllText([counted, cleared]);
  const { games, whole } = readImport(text, known);
  assert.equal(whole, true);
  assert.deepEqual(
    games.map((game) => [game.teams, game.inRecords]),
    [
      [["Ann & Bob", "Cy & Di"], undefined],
      [["Ann", "Bob"], false],
    ],
  );
  const file = JSON.parse(text);
  const refused = (changed, words) =>
    assert.throws(
      () => readImport(JSON.stringify(changed), known),
      (error) => {
        assert.ok(error instanceof ImportProblem);
        assert.match(error.message, words);
        return true;
      },
    );
  refused({ ...file, games: "all" }, /its list of games cannot be read/);
  refused({ ...file, games: [] }, /its list of games cannot be read/);
  refused({ ...file, extra: 1 }, /its list of games cannot be read/);
  refused({ ...file, games: [file.games[0], { ...file.games[1], inRecords: "no" }] }, /game 2 in it: .*records/);
  refused({ ...file, games: [file.games[0], { ...file.games[1], teams: ["<b>x</b>"] }] }, /game 2 in it: .*teams/);
  refused({ ...file, games: [file.games[0], 7] }, /game 2 in it: it cannot be read/);
  // One game alone is a file of one game, as before.
  assert.equal(readImport(exportText(counted), known).whole, false);
});
