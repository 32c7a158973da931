// The game as plain data, and pure functions that change it. Scores are never computed here: handfoot does that.
import { capitalise } from "../dom.mjs";

export const MAX_TEAMS = 4;
export const MIN_TEAMS = 2;
export const MAX_NAME = 40;
export const MAX_HISTORY = 50;

export const ENTRY_FIELDS = [
  { key: "red_threes", label: "Red threes laid down" },
  { key: "red_threes_caught", label: "Red threes caught" },
  { key: "melded", label: "Melded card points", counter: "melded" },
  { key: "left", label: "Cards left (points)", counter: "left" },
];

export function clone(value) {
  return JSON.parse(JSON.stringify(value));
}

export function applyHouse(base, house) {
  const mapping = clone(base);
  for (const [path, value] of Object.entries(house)) {
    const [section, key] = path.split(".");
    mapping.rules[section][key] = value;
  }
  return mapping;
}

export function effective(game) {
  return applyHouse(game.base, game.house);
}

export function bookFields(mapping) {
  const books = mapping.rules.books;
  const kinds = [
    ["clean", "clean"],
    ["dirty", "dirty"],
  ];
  if (books.wild !== null) kinds.push(["wild", "wild"]);
  for (const [id, extra] of Object.entries(books.extra)) kinds.push([id, extra.label]);
  return kinds.map(([id, label]) => ({ key: `${id}_books`, kind: id, label: `${capitalise(label)} books` }));
}

// Fields only some rules score: shown when the variant gives them points.
export function houseEntryFields(mapping) {
  const { deal, threes } = mapping.rules;
  return [
    threes.red_caught_in_foot !== null && {
      key: "red_threes_caught_in_foot",
      label: "Of those, caught in an unplayed foot",
    },
    deal.exact_cut_bonus !== 0 && { key: "exact_cuts", label: "Exact cuts" },
    threes.black_out !== 0 && { key: "black_threes_out", label: "Black threes laid down going out" },
  ].filter(Boolean);
}

export function entryFields(mapping) {
  return [...bookFields(mapping), ...ENTRY_FIELDS, ...houseEntryFields(mapping)];
}

export function entryKeys(mapping) {
  return entryFields(mapping).map((field) => field.key);
}

export function blankEntry() {
  return { went_out: false };
}

export function isEntered(entry) {
  return Boolean(entry) && (entry.went_out || Object.entries(entry).some(([k, v]) => k !== "went_out" && v !== null));
}

export function perRound(value, round) {
  const list = Array.isArray(value) ? value : [value];
  return list[Math.min(round, list.length) - 1];
}

export function roundCount(game, mapping) {
  const fixed = mapping.rules.rounds.count;
  if (fixed !== null) return fixed;
  const played = game.rounds.filter((round) => round.some(isEntered)).length;
  return Math.max(1, played + 1);
}

export function tallyFor(entry, roundNumber, mapping) {
  const tally = { round: roundNumber, went_out: Boolean(entry?.went_out) };
  for (const key of entryKeys(mapping)) tally[key] = entry?.[key] ?? 0;
  return tally;
}

export function newId() {
  return `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function newGame(variant, teamNames) {
  const now = new Date().toISOString();
  const names = teamNames ?? defaultTeams(variant);
  return {
    id: newId(),
    created: now,
    updated: now,
    variantId: variant.id,
    base: variant,
    house: {},
    teams: names,
    rounds: [],
    history: [],
    cache: null,
  };
}

export function defaultTeams(variant) {
  const { count, team_size: size } = variant.rules.players;
  const seats = Math.min(MAX_TEAMS, Math.max(MIN_TEAMS, size > 1 ? count / size : count));
  return Array.from({ length: seats }, (_, i) => (size > 1 ? `Team ${i + 1}` : `Player ${i + 1}`));
}

function snapshot(game) {
  return clone({ teams: game.teams, rounds: game.rounds, house: game.house });
}

// One undo step per change. `edit` = {session, what, focus} names a field being edited: every change made to it in
// one visit (each key typed) joins one step, which undo takes back whole and names.
export function change(game, mutate, edit = null) {
  const last = game.history.at(-1);
  const joins = Boolean(edit) && last?.session === edit.session;
  const next = clone(game);
  if (!joins) next.history = [...game.history, { ...snapshot(game), ...(edit ?? {}) }].slice(-MAX_HISTORY);
  mutate(next);
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
  return `${game.teams.join(" v ")} · ${game.base.name} · ${new Date(game.updated).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}`;
}

export function summaryText(game, mapping) {
  const lines = [`Hand and Foot (${mapping.name}${Object.keys(game.house).length ? ", house values" : ""})`];
  const cache = freshCache(game);
  if (!cache) return `${lines[0]}\nNo totals yet: the scorer has not worked out the latest entries.`;
  const scored = cache.game;
  if (!scored) return `${lines[0]}\nNo round scored yet.`;
  scored.running.forEach((totals, index) => {
    lines.push(`Round ${index + 1}: ${game.teams.map((name, t) => `${name} ${totals[t]}`).join(", ")}`);
  });
  const winner = scored.winner;
  lines.push(
    winner === null
      ? `Leading: ${scored.leaders.map((t) => game.teams[t]).join(" and ")}`
      : `Winner: ${game.teams[winner]} with ${scored.totals[winner]}`,
  );
  return lines.join("\n");
}

function csvCell(value) {
  const text = String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// Scores are written only when the scorer has worked out these very entries; otherwise their cells stay empty.
export function csv(game, mapping) {
  const keys = entryKeys(mapping);
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
