// Games kept in this browser's localStorage: one key per game, a versioned format, every record checked field by field
// when read, and nothing dropped silently. Writes report a refusal (a full storage) instead of throwing. Games
// exported to a file and imported from one (game_files.mjs) use the same format and checks.
import { inputsKey } from "./model.mjs";
import { GameShapeProblem, checkGame } from "./shape.mjs";
import { store } from "../storage.mjs";

// A stored format. The page's head looks for GAME keys too (KEEPER_GAME_KEYS, sitebuild/runtime_manifest.py).
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

// Sets the game stored under `key` aside, as a damaged one is, and says where it went.
export function setAside(key, why) {
  const raw = localStorage.getItem(key);
  return raw === null ? why : rescue(key, raw, why);
}

function rescue(key, raw, why) {
  const copy = `${RESCUED}${Date.now()}.${key.slice(PREFIX.length)}`;
  const kept = store(copy, raw);
  if (!kept.ok) return `${why} It is left where it was: ${kept.problem}, so no copy could be made.`;
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

// {game, problem}: the game stored under `key`, or why it was set aside.
export function readGame(key, known) {
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
    const { format, ...game } = migrate(record);
    return { game: checkGame(game, { ...known, stored: true }), problem: null };
  } catch (error) {
    const why = error instanceof GameShapeProblem ? `A saved game is damaged: ${error.message}.` : error.message;
    return { game: null, problem: rescue(key, raw, why) };
  }
}

// `known` = {fields, limits}: the rule spec's fields and the sheet's limits every record is checked against.
export function loadAll(known) {
  const games = [];
  const problems = [];
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(isGameKey);
  for (const key of keys) {
    const { game, problem } = readGame(key, known);
    if (game && key === gameKey(game.id)) games.push(game);
    else if (game) problems.push(rescue(key, localStorage.getItem(key), "A saved game was kept under a wrong name."));
    if (problem) problems.push(problem);
  }
  games.sort((a, b) => b.updated.localeCompare(a.updated));
  return { games, problems };
}

// {ok: true}, or {ok: false, problem} in a player's words when the browser refused to keep it.
export function saveGame(game) {
  return store(gameKey(game.id), JSON.stringify({ ...game, format: FORMAT }));
}

// The scores of `game`, saved with it only while this device still holds the same entries: another tab may have
// saved newer ones meanwhile, and scores worked out late must never write older entries over them.
export function saveScores(game) {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(gameKey(game.id)));
  } catch {
    stored = null;
  }
  if (stored && inputsKey(stored) !== inputsKey(game)) return { ok: false, problem: null };
  return saveGame(game);
}

export function deleteGame(id) {
  localStorage.removeItem(gameKey(id));
  if (currentId() === id) localStorage.removeItem(CURRENT);
}

export function isCurrentKey(key) {
  return key === CURRENT;
}

export function currentId() {
  return localStorage.getItem(CURRENT);
}

// Which game was open last is a convenience: a refusal here is reported by the game's own save.
export function setCurrent(id) {
  store(CURRENT, id);
}

// What a game carries to a file or another phone: no undo steps, no scores (worked out again) and no sheet form.
export function exportRecord(game) {
  const { history, cache, form, ...kept } = game;
  return { ...kept, format: FORMAT };
}

export const EXPORT_INDENT_CHARS = 2;

// One game as a file holds it (game_files.mjs reads it back).
export function exportText(game) {
  return `${JSON.stringify(exportRecord(game), null, EXPORT_INDENT_CHARS)}\n`;
}

// Whether two games hold the same play: the same rules, teams and entries.
export function sameGame(a, b) {
  const play = (game) => JSON.stringify([game.base, game.house, game.teams, game.rounds, game.rulesUrl ?? null]);
  return play(a) === play(b);
}
