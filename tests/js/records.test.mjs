// Players' records (keeper/records.mjs): who counts as the same player, what a record adds up, and which games count.
// The browser tests (tests/keeper/test_records.py) check the records of games a person plays against handfoot's totals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inputsKey, newGame } from "../../docs/assets/js/keeper/model.mjs";
import { nameKey, playersOf, recordsOf, resultsOf, teamKey } from "../../docs/assets/js/keeper/records.mjs";
import { data } from "./data.mjs";

const PAGAT = data.variants[data.default];
const FORM = data.sheets[data.default];
const entered = { went_out: false, melded: 100 };

// A game between `teams` whose rounds scored `scores` (a row a round), kept with those scores as handfoot gives them.
function played(teams, scores, { finished = true, updated = "2026-12-01T20:00:00.000Z", winner } = {}) {
  const game = { ...newGame(PAGAT, FORM, teams), updated };
  game.rounds = scores.map((row) => row.map(() => ({ ...entered })));
  const totals = teams.map((_, t) => scores.reduce((sum, row) => sum + row[t], 0));
  const best = Math.max(...totals);
  const leaders = totals.flatMap((total, t) => (total === best ? [t] : []));
  game.cache = {
    key: inputsKey(game),
    rounds: [],
    game: {
      finished,
      totals,
      rounds: scores.map((row) => row.map((total) => ({ total }))),
      winner: winner === undefined ? (leaders.length === 1 ? leaders[0] : null) : winner,
    },
  };
  return game;
}

test("names that differ only in capitals or spacing are one player, and a team is its names in any order", () => {
  assert.equal(nameKey("  ann   SMITH "), nameKey("Ann Smith"));
  assert.deepEqual(playersOf("Ann & Bob"), ["Ann", "Bob"]);
  assert.deepEqual(playersOf(" ann  and  bob "), ["ann", "bob"]);
  assert.deepEqual(playersOf("Ann, Bob + Cy"), ["Ann", "Bob", "Cy"]);
  assert.deepEqual(playersOf("Sandy"), ["Sandy"]);
  assert.deepEqual(playersOf("Team 1"), ["Team 1"]);
  assert.equal(teamKey("Bob / ANN"), teamKey("ann & bob"));
});

test("a record counts games, wins, the best round and the average round, for each player and each team", () => {
  const { results } = resultsOf([
    played(
      ["Ann & Bob", "Cy & Di"],
      [
        [500, 300],
        [1200, -100],
      ],
      { updated: "2026-12-03T20:00:00.000Z" },
    ),
    played(
      ["bob and ann", "Cy  &  Di"],
      [
        [100, 900],
        [200, 800],
      ],
      { updated: "2026-12-02T20:00:00.000Z" },
    ),
    // Ann plays with Cy this time: her own record counts it, the team of Ann and Bob's does not.
    played(
      ["Ann & Cy", "Bob & Di"],
      [
        [700, 50],
        [40, 30],
      ],
      { updated: "2026-12-01T20:00:00.000Z" },
    ),
  ]);
  const { players, teams } = recordsOf(results);
  const ann = players.find((p) => nameKey(p.name) === "ann");
  assert.deepEqual(
    { played: ann.played, won: ann.won, best: ann.best, average: ann.average },
    // Her rounds: 500, 1200, 100, 200, 700, 40.
    { played: 3, won: 2, best: 1200, average: Math.round(2740 / 6) },
  );
  // Her rounds: 300, −100, 900, 800, 50, 30.
  const di = players.find((p) => nameKey(p.name) === "di");
  assert.deepEqual([di.played, di.won, di.best, di.average], [3, 1, 900, Math.round(1980 / 6)]);
  const annAndBob = teams.find((team) => teamKey(team.name) === teamKey("Ann & Bob"));
  assert.deepEqual([annAndBob.played, annAndBob.won, annAndBob.best], [2, 1, 1200]);
  // Named as typed in the newest game, and the newest game's rules are its last.
  assert.equal(annAndBob.name, "Ann & Bob");
  assert.equal(annAndBob.last.when, "2026-12-03T20:00:00.000Z");
  assert.equal(annAndBob.last.rules, PAGAT.name);
  assert.equal(teams.length, 4);
  // Most wins first.
  assert.equal(players[0].won, 2);
});

test("a tie wins for nobody", () => {
  const { results } = resultsOf([played(["Ann", "Bob"], [[500, 500]])]);
  const { players } = recordsOf(results);
  assert.deepEqual(
    players.map((p) => [p.name, p.played, p.won]),
    [
      ["Ann", 1, 0],
      ["Bob", 1, 0],
    ],
  );
});

test("only finished games whose kept scores are for their entries count; cleared games never", () => {
  const done = played(["Ann", "Bob"], [[500, 100]]);
  const going = played(["Ann", "Bob"], [[500, 100]], { finished: false });
  const stale = { ...played(["Ann", "Bob"], [[500, 100]]), rounds: [[{ ...entered, melded: 5 }, { ...entered }]] };
  const cleared = { ...played(["Ann", "Bob"], [[500, 100]]), inRecords: false };
  const empty = newGame(PAGAT, FORM);
  const { results, inProgress, unscored, cleared: clearedCount } = resultsOf([done, going, stale, cleared, empty]);
  assert.deepEqual(
    results.map((r) => r.id),
    [done.id],
  );
  assert.equal(inProgress, 1);
  assert.equal(clearedCount, 1);
  assert.deepEqual(
    unscored.map((g) => g.id),
    [stale.id],
  );
});
