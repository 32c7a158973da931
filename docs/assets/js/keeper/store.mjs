// Games kept in this browser's localStorage: one key per game, a versioned format, and nothing dropped silently.

const PREFIX = "handfoot.keeper.";
const GAME = `${PREFIX}game.`;
const RESCUED = `${PREFIX}rescued.`;
const CURRENT = `${PREFIX}current`;
export const FORMAT = 1;

// Each step turns format n into n + 1.
const MIGRATIONS = {};

export class StoredGameProblem extends Error {}

export function gameKey(id) {
  return GAME + id;
}

export function isGameKey(key) {
  return typeof key === "string" && key.startsWith(GAME);
}

function rescue(key, raw, why) {
  const copy = `${RESCUED}${Date.now()}.${key.slice(PREFIX.length)}`;
  localStorage.setItem(copy, raw);
  localStorage.removeItem(key);
  return `${why} A copy is kept in this browser's storage under "${copy}".`;
}

export function migrate(record) {
  let upgraded = record;
  while (upgraded.format < FORMAT) {
    const step = MIGRATIONS[upgraded.format];
    if (!step) throw new StoredGameProblem(`There is no way to upgrade a game saved in format ${upgraded.format}.`);
    upgraded = step(upgraded);
  }
  return upgraded;
}

export function readGame(key) {
  const raw = localStorage.getItem(key);
  if (raw === null) return { game: null, problem: null };
  let record;
  try {
    record = JSON.parse(raw);
  } catch {
    return { game: null, problem: rescue(key, raw, "A saved game could not be read.") };
  }
  if (!record || typeof record !== "object" || !Number.isInteger(record.format)) {
    return { game: null, problem: rescue(key, raw, "A saved game is damaged.") };
  }
  if (record.format > FORMAT) {
    return {
      game: null,
      problem: rescue(key, raw, "A saved game comes from a newer version of this site and was left untouched."),
    };
  }
  try {
    return { game: migrate(record), problem: null };
  } catch (error) {
    return { game: null, problem: rescue(key, raw, error.message) };
  }
}

export function loadAll() {
  const games = [];
  const problems = [];
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(isGameKey);
  for (const key of keys) {
    const { game, problem } = readGame(key);
    if (game) games.push(game);
    if (problem) problems.push(problem);
  }
  games.sort((a, b) => b.updated.localeCompare(a.updated));
  return { games, problems };
}

export function saveGame(game) {
  localStorage.setItem(gameKey(game.id), JSON.stringify({ ...game, format: FORMAT }));
}

export function deleteGame(id) {
  localStorage.removeItem(gameKey(id));
  if (currentId() === id) localStorage.removeItem(CURRENT);
}

export function currentId() {
  return localStorage.getItem(CURRENT);
}

export function setCurrent(id) {
  localStorage.setItem(CURRENT, id);
}
