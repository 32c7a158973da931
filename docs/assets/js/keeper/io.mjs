// Import and export of games: size-bounded, checked field by field, never trusted as HTML.
import { FORMAT, migrate } from "./store.mjs";
import { MAX_NAME, MAX_TEAMS, MIN_TEAMS, applyHouse, entryKeys, newId } from "./model.mjs";

export const MAX_IMPORT_BYTES = 256 * 1024;
const MAX_ROUNDS = 30;
const MAX_POINTS = 99999;

export class ImportProblem extends Error {}

function fail(message) {
  throw new ImportProblem(message);
}

function plainObject(value, where) {
  if (!value || typeof value !== "object" || Array.isArray(value)) fail(`${where} must be an object.`);
  return value;
}

export function exportText(game) {
  const { history, cache, ...kept } = game;
  return `${JSON.stringify({ ...kept, format: FORMAT }, null, 2)}\n`;
}

// Checks the shape of an imported game; the rules themselves are checked by handfoot afterwards.
export function readImport(text, specPaths) {
  if (text.length > MAX_IMPORT_BYTES)
    fail(`The file is larger than ${MAX_IMPORT_BYTES / 1024} KB; a game file is much smaller.`);
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    fail("The file is not a game exported from this score keeper (it is not JSON).");
  }
  plainObject(data, "The file");
  if (!Number.isInteger(data.format))
    fail("The file has no format number, so it is not a game from this score keeper.");
  if (data.format > FORMAT) fail(`The file comes from a newer version of this site (format ${data.format}).`);
  const game = migrate(data);
  const allowed = new Set([
    "format",
    "id",
    "created",
    "updated",
    "variantId",
    "rulesUrl",
    "base",
    "house",
    "teams",
    "rounds",
  ]);
  const unknown = Object.keys(game).filter((key) => !allowed.has(key));
  if (unknown.length) fail(`The file has a field this keeper does not know: "${unknown[0]}".`);
  if (typeof game.variantId !== "string" || game.variantId.length > 60) fail("variantId must be a short text.");
  if (
    game.rulesUrl !== undefined &&
    (typeof game.rulesUrl !== "string" || !/^https?:\/\//.test(game.rulesUrl) || game.rulesUrl.length > 9000)
  ) {
    fail("rulesUrl must be a link to the rules.");
  }
  plainObject(game.base, "base");
  plainObject(game.base.rules, "base.rules");
  plainObject(game.house, "house");
  for (const path of Object.keys(game.house)) {
    if (!specPaths.has(path)) fail(`house: "${path}" is not a rule.`);
  }
  if (!Array.isArray(game.teams) || game.teams.length < MIN_TEAMS || game.teams.length > MAX_TEAMS) {
    fail(`teams must list ${MIN_TEAMS} to ${MAX_TEAMS} team names.`);
  }
  const teams = game.teams.map((name, index) => {
    if (typeof name !== "string" || !name.trim()) fail(`Team ${index + 1} needs a name.`);
    if (name.length > MAX_NAME) fail(`Team ${index + 1}'s name is longer than ${MAX_NAME} characters.`);
    return name;
  });
  let mapping;
  try {
    mapping = applyHouse(game.base, game.house);
    entryKeys(mapping);
  } catch {
    fail("base does not hold a complete set of rules.");
  }
  const keys = new Set([...entryKeys(mapping), "went_out"]);
  if (!Array.isArray(game.rounds) || game.rounds.length > MAX_ROUNDS)
    fail(`rounds must be a list of at most ${MAX_ROUNDS}.`);
  const rounds = game.rounds.map((round, r) => {
    if (!Array.isArray(round) || round.length !== teams.length) fail(`Round ${r + 1} must have one entry per team.`);
    return round.map((entry, t) => {
      plainObject(entry, `Round ${r + 1}, team ${t + 1}`);
      const clean = { went_out: false };
      for (const [key, value] of Object.entries(entry)) {
        const where = `Round ${r + 1}, ${teams[t]}: ${key}`;
        if (!keys.has(key)) fail(`${where} is not a score field.`);
        if (key === "went_out") {
          if (typeof value !== "boolean") fail(`${where} must be true or false.`);
        } else if (value !== null && (!Number.isInteger(value) || value < 0 || value > MAX_POINTS)) {
          fail(`${where} must be a whole number from 0 to ${MAX_POINTS}, or null.`);
        }
        clean[key] = value;
      }
      return clean;
    });
  });
  const now = new Date().toISOString();
  return {
    id: newId(),
    created: typeof game.created === "string" ? game.created.slice(0, 40) : now,
    updated: now,
    variantId: game.variantId,
    ...(game.rulesUrl ? { rulesUrl: game.rulesUrl } : {}),
    base: game.base,
    house: game.house,
    teams,
    rounds,
    history: [],
    cache: null,
  };
}

export function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
