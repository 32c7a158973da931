// Games in files: reading one game, or every game saved on a device (which carries the players' records, as each game
// says whether it counts in them), and writing all of this device's. Size-bounded, checked field by field as a saved
// game is, never trusted as HTML. Loaded when a file is chosen or written: one game's export (saved_games.mjs) is
// there from the start, for a player whose device has refused to save.
import { EXPORT_INDENT_CHARS, FORMAT, exportRecord, migrate } from "./saved_games.mjs";
import { GameShapeProblem, checkGame } from "./shape.mjs";

const KIB_BYTES = 1024;
// A saved game is a few kilobytes; a file this large is not one.
export const MAX_IMPORT_BYTES = 262_144;
export const MAX_IMPORT_KIB = MAX_IMPORT_BYTES / KIB_BYTES;
// All a browser keeps for one site (localStorage's 5 MiB): a file of saved games larger than this never came from one.
export const MAX_FILE_BYTES = 5_242_880;
export const MAX_FILE_KIB = MAX_FILE_BYTES / KIB_BYTES;
const NOT_OURS = "This file is not a Hand and Foot game saved by this site";

// A reason the file cannot be imported, in a player's words.
export class ImportProblem extends Error {}

// Every game saved on this device, in one file.
export function exportAllText(games) {
  const file = { format: FORMAT, games: games.map(exportRecord) };
  return `${JSON.stringify(file, null, EXPORT_INDENT_CHARS)}\n`;
}

// {games, whole}: the games in an exported file (`whole` when it is a file of all of a device's games), each checked
// as thoroughly as a game kept on this device; handfoot checks their rules after. One game that fails refuses the file.
export function readImport(text, known) {
  if (text.length > MAX_FILE_BYTES) {
    throw new ImportProblem(`This file is larger than ${MAX_FILE_KIB} KB, more than a browser keeps for a site.`);
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
  if (!("games" in data)) {
    if (text.length > MAX_IMPORT_BYTES) {
      throw new ImportProblem(`This file is larger than ${MAX_IMPORT_KIB} KB, and a saved game is much smaller.`);
    }
    return { games: [readOne(data, known, "")], whole: false };
  }
  const { games, format, ...rest } = data;
  if (!Array.isArray(games) || !games.length || Object.keys(rest).length) {
    throw new ImportProblem(`${NOT_OURS}: its list of games cannot be read.`);
  }
  return { games: games.map((game, n) => readOne(game, known, `game ${n + 1} in it: `)), whole: true };
}

function readOne(data, { fields, limits }, where) {
  if (!data || typeof data !== "object" || !Number.isInteger(data.format) || data.format > FORMAT) {
    throw new ImportProblem(`${NOT_OURS}: ${where}it cannot be read as a saved game.`);
  }
  try {
    return checkGame(migrate(data), { fields, limits });
  } catch (error) {
    if (error instanceof GameShapeProblem) throw new ImportProblem(`${NOT_OURS}: ${where}${error.message}.`);
    throw new ImportProblem(`${NOT_OURS}: ${where}${error.message}`);
  }
}
