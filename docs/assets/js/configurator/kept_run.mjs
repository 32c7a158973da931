// The last finished run of "How these rules play", kept on this device so its figures are still there when the
// configurator is opened again. It lives in localStorage, as the rule sets do: a run takes a phone a minute, and a
// table comes back to its rules on another day, in another tab. It is kept as data (the rules played, their changes
// in handfoot's words and handfoot's figures), drawn as text, never as HTML. A run that cannot be read, or that was
// played by another build of the site (other bots, other published rules), is left unread: the page shows no run.
import { store } from "../storage.mjs";

const KEY = "handfoot.configurator.played";
const FORMAT = 1;

const isText = (value) => typeof value === "string";
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isRecord = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const orNull = (value, check) => value === null || check(value);
const isRange = (range) => isRecord(range) && isText(range.text) && isText(range.spoken);
// A figure and its likely range: one kept before figures had ranges (a margin instead) is not read.
const isFigure = (figure) => isRecord(figure) && isText(figure.text) && orNull(figure.range, isRange);

function isRow(row) {
  return (
    isRecord(row) &&
    [row.name, row.label, row.differs].every(isText) &&
    typeof row.part === "boolean" &&
    isFigure(row.yours) &&
    orNull(row.base, isFigure)
  );
}

function isChange(line) {
  return (
    isRecord(line) && isText(line.path) && isText(line.label) && orNull(line.now, isText) && orNull(line.was, isText)
  );
}

function isShown(shown) {
  return (
    isRecord(shown) &&
    [shown.games, shown.rounds, shown.base_games].every(isCount) &&
    [shown.caveat, shown.ranges, shown.marks].every(isText) &&
    Array.isArray(shown.rows) &&
    shown.rows.length > 0 &&
    shown.rows.every(isRow)
  );
}

// Keeps `run` ({key, base, changes, shown}) as the last one played by build `made`: {ok: true}, or {ok: false,
// problem} in a player's words when the browser refused.
export function keepRun(run, made) {
  return store(KEY, JSON.stringify({ format: FORMAT, made, ...run }));
}

// The run kept by build `made`, as {key, base, changes, shown}, or null: none kept, or none this page can read.
// `known(id)` says whether the site has base version `id`.
export function keptRun(made, known) {
  let data;
  try {
    data = JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(data) || data.format !== FORMAT || data.made !== made) return null;
  const { key, base, changes, shown } = data;
  if (!isText(key) || !isText(base) || !known(base)) return null;
  if (!Array.isArray(changes) || !changes.every(isChange) || !isShown(shown)) return null;
  return { key, base, changes, shown };
}
