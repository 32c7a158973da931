// Players' records, worked out from the games kept on this device: only finished games count, as handfoot scored
// them (each game's kept scores, fresh for its entries). A side's name is one player ("Ann") or a team of names
// ("Ann & Bob"); names that differ only in capitals or spacing are one player, and a team is the same team whatever
// the order of its names.
import { freshCache, isEntered } from "./model.mjs";

// What joins the names of a team: "Ann & Bob", "Ann + Bob", "Ann / Bob", "Ann, Bob", "Ann and Bob".
const JOINS = /\s*(?:&|\+|\/|,|\band\b)\s*/iu;

// A name as players read it: spaces trimmed and single.
export function tidyName(name) {
  return name.normalize("NFKC").trim().replace(/\s+/gu, " ");
}

// The same player however the name was typed: "ann  SMITH " and "Ann Smith" are one.
export function nameKey(name) {
  return tidyName(name).toLowerCase();
}

// The players a side's name holds: "Ann & Bob" is Ann and Bob; a name with no join is one player.
export function playersOf(side) {
  const names = tidyName(side).split(JOINS).map(tidyName).filter(Boolean);
  return names.length ? names : [tidyName(side)];
}

// The same team whatever the order, capitals or spacing of its names.
export function teamKey(side) {
  return playersOf(side).map(nameKey).sort().join(" & ");
}

export function rulesName(game) {
  return Object.keys(game.house).length ? `${game.base.name}, with house values` : game.base.name;
}

// Whether a game counts: unless its records were cleared (games.mjs `clearRecords`), a game counts once it ends.
export function counts(game) {
  return game.inRecords !== false;
}

// What the records need of the saved games: {results, inProgress, unscored, cleared}. `results` are the finished games
// that count, newest first, each {id, when, rules, sides: [{name, total, rounds}], winner}; `inProgress` counts the
// games begun but not finished, `unscored` holds the games whose kept scores are not for their entries (not yet worked
// out), and `cleared` counts the games cleared from the records.
export function resultsOf(games) {
  const results = [];
  let inProgress = 0;
  let cleared = 0;
  const unscored = [];
  for (const game of games) {
    if (!counts(game)) cleared += 1;
    if (!counts(game) || !game.rounds.some((round) => round.some(isEntered))) continue;
    const cache = freshCache(game);
    if (!cache) {
      unscored.push(game);
      continue;
    }
    if (!cache.game?.finished) {
      inProgress += 1;
      continue;
    }
    results.push({
      id: game.id,
      when: game.updated,
      rules: rulesName(game),
      sides: game.teams.map((name, t) => ({
        name,
        total: cache.game.totals[t],
        rounds: cache.game.rounds.map((round) => round[t].total),
      })),
      winner: cache.game.winner,
    });
  }
  results.sort((a, b) => b.when.localeCompare(a.when));
  return { results, inProgress, unscored, cleared };
}

// {players, teams}: a record for each player, and for each team of two or more names, each {name, played, won,
// best, average, last: {when, rules}}. `average` is the mean of its round scores, to the nearest point; a tie wins
// for nobody. Most wins first, then most games, then by name.
export function recordsOf(results) {
  const players = new Map();
  const teams = new Map();
  // Newest first, so the name kept for each is as it was typed last.
  for (const result of results) {
    result.sides.forEach((side, t) => {
      const names = playersOf(side.name);
      const won = result.winner === t;
      for (const name of names) add(players, nameKey(name), name, side, won, result);
      if (names.length > 1) add(teams, teamKey(side.name), tidyName(side.name), side, won, result);
    });
  }
  return { players: finished(players), teams: finished(teams) };
}

function add(records, key, name, side, won, result) {
  const record = records.get(key) ?? {
    name,
    played: 0,
    won: 0,
    best: null,
    sum: 0,
    rounds: 0,
    last: { when: result.when, rules: result.rules },
  };
  record.played += 1;
  record.won += won ? 1 : 0;
  for (const score of side.rounds) {
    record.best = record.best === null ? score : Math.max(record.best, score);
    record.sum += score;
    record.rounds += 1;
  }
  records.set(key, record);
}

function finished(records) {
  return [...records.values()]
    .map(({ sum, rounds, ...record }) => ({ ...record, average: rounds ? Math.round(sum / rounds) : null }))
    .sort((a, b) => b.won - a.won || b.played - a.played || a.name.localeCompare(b.name));
}
