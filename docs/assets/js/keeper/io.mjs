// Import and export of games: size-bounded, checked field by field, never trusted as HTML.
import { FORMAT, migrate } from "./store.mjs";
import { GameShapeProblem, checkGame } from "./shape.mjs";

const KIB_BYTES = 1024;
const EXPORT_INDENT_CHARS = 2;
// A saved game is a few kilobytes; a file this large is not one.
export const MAX_IMPORT_BYTES = 262_144;
export const MAX_IMPORT_KIB = MAX_IMPORT_BYTES / KIB_BYTES;
const NOT_OURS = "This file is not a Hand and Foot game saved by this site";

// A reason the file cannot be imported, in a player's words.
export class ImportProblem extends Error {}

export function exportText(game) {
  const { history, cache, form, ...kept } = game;
  return `${JSON.stringify({ ...kept, format: FORMAT }, null, EXPORT_INDENT_CHARS)}\n`;
}

// The game in an exported file, checked as thoroughly as a game kept on this device; handfoot checks its rules after.
export function readImport(text, { fields, limits }) {
  if (text.length > MAX_IMPORT_BYTES) {
    throw new ImportProblem(`This file is larger than ${MAX_IMPORT_KIB} KB, and a saved game is much smaller.`);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportProblem(`${NOT_OURS}: it cannot be read as a saved game.`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || !Number.isInteger(data.format)) {
    throw new ImportProblem(`${NOT_OURS}.`);
  }
  if (data.format > FORMAT) {
    throw new ImportProblem("This game was saved by a newer version of this site. Reload the page, then try again.");
  }
  try {
    return checkGame(migrate(data), { fields, limits });
  } catch (error) {
    if (error instanceof GameShapeProblem) throw new ImportProblem(`${NOT_OURS}: ${error.message}.`);
    throw new ImportProblem(`${NOT_OURS}: ${error.message}`);
  }
}

// Whether two games hold the same play: the same rules, teams and entries.
export function sameGame(a, b) {
  const play = (game) => JSON.stringify([game.base, game.house, game.teams, game.rounds, game.rulesUrl ?? null]);
  return play(a) === play(b);
}
