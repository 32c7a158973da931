// The game as plain data, and pure functions that change it. Scores are never computed here: handfoot does that.
import { formatPoints } from "../dom.mjs";
import { houseRules, ruleInForce } from "../rulesets.mjs";

// Undo steps a game keeps.
export const UNDO_STEPS_KEPT = 50;
const ID_RADIX = 36;

export function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

// Rules as handfoot takes them: a base version with a table's house values, which handfoot puts on and checks
// (Variant.with_changes); with no house value, the base itself.
export function withHouse(base, house) {
  return Object.keys(house).length ? houseRules(base, { name: base.name, changes: house }) : base;
}

export function effective(game) {
  return withHouse(game.base, game.house);
}

// A rule's value in this game, to show: the table's house value where it set one, else its base's.
export function ruleValue(game, path) {
  return ruleInForce(game.base, game.house, path);
}

// The fields of a team's round, as handfoot's sheet form for the game's rules lists them.
export function entryFields(game) {
  return game.form.entry_fields;
}

export function entryKeys(game) {
  return entryFields(game).map((field) => field.key);
}

export function blankEntry() {
  return { went_out: false };
}

export function isEntered(entry) {
  return Boolean(entry) && (entry.went_out || Object.entries(entry).some(([k, v]) => k !== "went_out" && v !== null));
}

// Whether any team has entered anything in any round.
export function hasEntries(game) {
  return game.rounds.some((round) => round.some(isEntered));
}

// Every round of a game of fixed length; for a game played to a target score, the rounds played and as many more as
// the sheet form says (`rounds.ahead`).
export function roundCount(game) {
  const { count, ahead, rules } = game.form.rounds;
  if (count !== null) return count;
  const played = game.rounds.filter((round) => round.some(isEntered)).length;
  return Math.min(played + ahead, rules.length);
}

// The round open for entry: the one the players last opened ("Next", or a round's row on the sheet), kept with the
// game so that a reload shows it; for a game saved before it was kept, the first round not every team has entered.
export function openRoundOf(game) {
  const count = roundCount(game);
  if (Number.isInteger(game.open) && game.open >= 0 && game.open < count) return game.open;
  const open = Array.from({ length: count }, (_, r) => r).find(
    (r) => !game.teams.every((_, t) => isEntered(game.rounds[r]?.[t])),
  );
  return open ?? count - 1;
}

export function tallyFor(entry, roundNumber, game) {
  const tally = { round: roundNumber, went_out: Boolean(entry?.went_out) };
  for (const key of entryKeys(game)) tally[key] = entry?.[key] ?? 0;
  return tally;
}

export function newId() {
  const [random] = crypto.getRandomValues(new Uint32Array(1));
  return `g${Date.now().toString(ID_RADIX)}${random.toString(ID_RADIX)}`;
}

// A new game of `variant`, drawn from `form` (handfoot's sheet form for those rules).
export function newGame(variant, form, teamNames = null) {
  const now = new Date().toISOString();
  return {
    id: newId(),
    created: now,
    updated: now,
    variantId: variant.id,
    base: variant,
    house: {},
    form,
    teams: teamNames ?? [...form.teams],
    rounds: [],
    open: 0,
    history: [],
    cache: null,
  };
}

function snapshot(game) {
  return clone({ teams: game.teams, rounds: game.rounds, house: game.house, open: game.open ?? null });
}

// One undo step per change. `edit` = {session, what, focus} names a field being edited: every change made to it in
// one visit (each key typed) joins one step, which undo takes back whole and names.
export function change(game, mutate, edit = null) {
  const last = game.history.at(-1);
  const joins = Boolean(edit) && last?.session === edit.session;
  const next = clone(game);
  const step = { ...snapshot(game), ...(edit ?? {}) };
  if (!joins) next.history = [...game.history, step].slice(-UNDO_STEPS_KEPT);
  mutate(next);
  // The sheet form follows the house values; a step that changes them keeps the form they had.
  if (!joins && JSON.stringify(next.house) !== JSON.stringify(game.house)) step.form = clone(game.form);
  if (joins && JSON.stringify(snapshot(next)) === JSON.stringify(snapshot(last))) next.history.pop();
  next.updated = new Date().toISOString();
  return next;
}

// The game as it was before the step `session` began, when that step is the last one; otherwise the game itself.
export function beforeEdit(game, session) {
  const last = game.history.at(-1);
  return last?.session === session ? last : game;
}

// {game, step}: the game one step back, and that step ({what, focus} when it was a field's edit).
export function undo(game) {
  if (!game.history.length) return { game, step: null };
  const next = clone(game);
  const step = next.history.pop();
  Object.assign(next, { teams: step.teams, rounds: step.rounds, house: step.house });
  if (Number.isInteger(step.open)) next.open = step.open;
  if (step.form) next.form = step.form;
  next.updated = new Date().toISOString();
  return { game: next, step };
}

export function setEntry(game, round, team, key, value, edit = null) {
  return change(
    game,
    (next) => {
      while (next.rounds.length <= round) next.rounds.push(next.teams.map(blankEntry));
      const entry = next.rounds[round][team];
      if (key === "went_out") {
        entry.went_out = value;
        if (value) next.rounds[round].forEach((other, index) => index !== team && (other.went_out = false));
      } else {
        entry[key] = value;
      }
    },
    edit,
  );
}

export function freshCache(game) {
  return game.cache && game.cache.key === inputsKey(game) ? game.cache : null;
}

export function inputsKey(game) {
  return JSON.stringify([game.base, game.house, game.teams.length, game.rounds]);
}

export function label(game) {
  return `${game.teams.join(" v ")} · ${game.base.name} · ${when(game)}`;
}

let dates = null;

// When the game was last changed, as a player reads it: "6 Dec 2026, 21:05". One formatter for every game listed.
export function when(game) {
  dates ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
  return dates.format(new Date(game.updated));
}

// A game's summary for a group chat: each round's scores with the running totals, labelled as such, then the winner.
export function summaryText(game) {
  const lines = [`Hand and Foot (${game.base.name}${Object.keys(game.house).length ? ", house values" : ""})`];
  const cache = freshCache(game);
  if (!cache) return `${lines[0]}\nNo totals yet: the rules engine has not worked out the latest entries.`;
  const scored = cache.game;
  if (!scored) return `${lines[0]}\nNo round scored yet.`;
  scored.running.forEach((totals, r) => {
    const teams = game.teams.map(
      (name, t) => `${name} ${formatPoints(scored.rounds[r][t].total)} (total ${formatPoints(totals[t])})`,
    );
    lines.push(`Round ${r + 1}: ${teams.join(", ")}`);
  });
  const winner = scored.winner;
  const best = formatPoints(scored.totals[scored.leaders[0]]);
  const names = scored.leaders.map((t) => game.teams[t]).join(" and ");
  if (winner !== null) lines.push(`Winner: ${game.teams[winner]} with ${best}`);
  else lines.push(`${scored.finished ? "A tie" : "Leading"}: ${names} with ${best}`);
  return lines.join("\n");
}

function csvCell(value) {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// Scores are written only when the rules engine has worked out these very entries; otherwise their cells stay empty.
export function csv(game) {
  const keys = entryKeys(game);
  const cache = freshCache(game);
  const rows = [["round", "team", ...keys, "went_out", "round_score", "running_total"]];
  game.rounds.forEach((round, r) => {
    round.forEach((entry, t) => {
      if (!isEntered(entry)) return;
      const result = cache?.rounds?.[r]?.[t];
      const running = cache?.game?.running?.[r]?.[t];
      rows.push([
        r + 1,
        game.teams[t],
        ...keys.map((k) => entry[k] ?? 0),
        entry.went_out,
        result?.total ?? "",
        running ?? "",
      ]);
    });
  });
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\n")}\n`;
}
