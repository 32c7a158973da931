// The shape of a saved game, checked field by field before the keeper touches it, for a file being imported and for
// every game kept on this device alike. Rule values are only checked for their kind here (from the rule spec);
// handfoot checks the rules themselves.
import { formatPoints } from "../dom.mjs";
import { ownRulesLink } from "./rules_link.mjs";
import { UNDO_STEPS_KEPT } from "./model.mjs";

// Texts in a saved game are checked for their kind and held to a sane length; their own limits are handfoot's.
const TEXT_CHARS = 400;
const KEYS = [
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
  "open",
  "inRecords",
];
const STORED_KEYS = [...KEYS, "form", "history", "cache"];

// A reason in a player's words, such as "its team names are missing".
export class GameShapeProblem extends Error {}

function fail(reason) {
  throw new GameShapeProblem(reason);
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const isWhole = (value) => Number.isInteger(value);
const isText = (value) => typeof value === "string" && value.length <= TEXT_CHARS;

// Whether a rule value has the kind its control in the rule spec takes, by the control's type. The keeper checks a
// saved or imported game before Python has started (or where it cannot start), so these few kind checks are made
// here; tests/js/shape.test.mjs holds them to handfoot's own reading of every rule (a value handfoot reads is never
// refused here) and to the spec's types (a type the spec adds and this does not know refuses every value).
const counts = (item) => isObject(item) && Object.values(item).every(isWhole);
export const KINDS = {
  whole: (control, value) => isWhole(value) || (value === null && Boolean(control.none)),
  choice: (control, value) => control.options.some(([key]) => key === value),
  flag: (control, value) => typeof value === "boolean",
  several: (control, value) =>
    Array.isArray(value) && value.every((item) => control.options.some(([key]) => key === item)),
  per_round: (control, value) => isWhole(value) || (Array.isArray(value) && value.length > 0 && value.every(isWhole)),
  book_counts: (control, value) => counts(value) || (Array.isArray(value) && value.length > 0 && value.every(counts)),
  extra_books: (control, value) =>
    isObject(value) &&
    Object.values(value).every(
      (b) =>
        isObject(b) &&
        isText(b.label) &&
        isWhole(b.value) &&
        (b.counts_as === undefined || control.counts_as.some(([key]) => key === b.counts_as)),
    ),
  score_ladder: (control, value) =>
    value === null ||
    (Array.isArray(value) && value.length > 0 && value.every((s) => Array.isArray(s) && s.every(isWhole))),
};
export const fits = (control, value) => Boolean(KINDS[control.type]?.(control, value));

// A rule the site added after a game was saved reads as the spec's `saved_before` says: the first case whose rule
// has the given value ([path, value, result]), or the one with no path.
export function savedBefore(rules, cases) {
  const rule = (path) => {
    const [section, key] = path.split(".");
    return rules[section]?.[key];
  };
  const [, , result] = cases.find(([path, value]) => path === null || rule(path) === value);
  return result;
}

// The saved rules, with any rule added since the game was saved filled in; refuses rules that are missing or wrong.
function checkRules(base, fields) {
  if (!isObject(base) || !isObject(base.rules) || !isText(base.name) || !isText(base.id)) {
    fail("the rules it was played with are missing");
  }
  const rules = Object.fromEntries(
    Object.entries(base.rules).map(([section, values]) => [section, isObject(values) ? { ...values } : values]),
  );
  for (const field of fields) {
    const [section, key] = field.path.split(".");
    if (field.saved_before && isObject(rules[section]) && !(key in rules[section])) {
      rules[section][key] = savedBefore(rules, field.saved_before);
    }
    if (!isObject(rules[section]) || !fits(field.control, rules[section][key])) {
      fail(`its rules are incomplete ("${field.label}" is missing or wrong)`);
    }
  }
  return { ...base, rules };
}

function checkHouse(house, fields) {
  if (!isObject(house)) fail("its house values cannot be read");
  for (const [path, value] of Object.entries(house)) {
    const field = fields.find((f) => f.path === path);
    if (!field) fail(`it changes a rule this site does not have ("${path}")`);
    if (!fits(field.control, value)) fail(`its house value for "${field.label}" is wrong`);
  }
}

function checkTeams(teams, limits) {
  if (!Array.isArray(teams) || teams.length < limits.teams_min || teams.length > limits.teams_max) {
    fail(`it must have ${limits.teams_min} to ${limits.teams_max} teams`);
  }
  teams.forEach((name, index) => {
    if (typeof name !== "string" || !name.trim()) fail(`team ${index + 1} has no name`);
    if (name.length > limits.team_name) fail(`team ${index + 1}'s name is longer than ${limits.team_name} letters`);
  });
  return [...teams];
}

// Entries are checked for their shape here; `fields` (the sheet form's, when known) also names the keys allowed.
function checkRounds(rounds, teams, fields, limits) {
  if (!Array.isArray(rounds) || rounds.length > limits.rounds) fail(`it must have at most ${limits.rounds} rounds`);
  return rounds.map((round, r) => {
    if (!Array.isArray(round) || round.length !== teams.length) fail(`round ${r + 1} does not have one entry a team`);
    return round.map((entry, t) => {
      const where = `round ${r + 1}, ${teams[t]}`;
      if (!isObject(entry)) fail(`${where} cannot be read`);
      const clean = { went_out: false };
      for (const [key, value] of Object.entries(entry)) {
        if (key === "went_out") {
          if (typeof value !== "boolean") fail(`${where}: "went out" must be yes or no`);
          clean.went_out = value;
          continue;
        }
        // Without the sheet form (a file not yet checked by handfoot), only the kind of each value is checked here.
        const field = fields ? fields.find((f) => f.key === key) : { key, label: key, min: -Infinity, max: Infinity };
        if (!field || !/^[a-z][a-z0-9_]*$/.test(key)) fail(`${where} has a score this keeper does not know ("${key}")`);
        if (value !== null && (!isWhole(value) || value < field.min || value > field.max)) {
          const range = `from ${formatPoints(field.min)} to ${formatPoints(field.max)}`;
          fail(`${where}: ${field.label} must be a whole number ${range}, not ${JSON.stringify(value)}`);
        }
        clean[key] = value;
      }
      return clean;
    });
  });
}

// Whether the entries of `game` all fit `form`'s fields; the reason in a player's words when one does not.
export function entriesProblem(game, form) {
  try {
    checkRounds(game.rounds, game.teams, form.entry_fields, form.limits);
    return null;
  } catch (error) {
    if (error instanceof GameShapeProblem) return error.message;
    throw error;
  }
}

// A stored sheet form is handfoot's own output, kept to draw the game before Python starts; one that cannot be read
// is dropped and asked of handfoot again.
function checkForm(form) {
  const ok =
    isObject(form) &&
    Array.isArray(form.entry_fields) &&
    form.entry_fields.every((f) => isObject(f) && isText(f.key) && isText(f.label) && isWhole(f.max)) &&
    Array.isArray(form.book_kinds) &&
    isObject(form.count_groups) &&
    Object.values(form.count_groups).every((counter) => isObject(counter) && Array.isArray(counter.groups)) &&
    isText(form.went_out_label) &&
    isText(form.went_out_note) &&
    isObject(form.helper) &&
    isObject(form.helper.tabs) &&
    isText(form.entry_minus) &&
    Array.isArray(form.teams) &&
    isText(form.team_word) &&
    typeof form.by_score === "boolean" &&
    isObject(form.rounds) &&
    (form.rounds.count === null || isWhole(form.rounds.count)) &&
    isWhole(form.rounds.ahead) &&
    Array.isArray(form.rounds.rules) &&
    form.rounds.rules.every((rule) => isObject(rule) && isText(rule.line)) &&
    isObject(form.limits) &&
    isObject(form.ruled_out);
  return ok ? form : null;
}

function checkHistory(history, teamsCount) {
  if (!Array.isArray(history)) return [];
  const usable = history.filter(
    (step) =>
      isObject(step) &&
      Array.isArray(step.teams) &&
      step.teams.length === teamsCount &&
      step.teams.every((name) => typeof name === "string") &&
      Array.isArray(step.rounds) &&
      step.rounds.every((round) => Array.isArray(round) && round.length === teamsCount && round.every(isObject)) &&
      isObject(step.house),
  );
  return usable.length === history.length ? history.slice(-UNDO_STEPS_KEPT) : [];
}

// A game to use, from `data` (already migrated to this format). `stored` is true for a game kept on this device,
// whose sheet form, undo steps and cached totals are kept when they can be read. `limits` are the sheet's.
export function checkGame(data, { fields, limits, stored = false }) {
  if (!isObject(data)) fail("it is not a game");
  const unknown = Object.keys(data).find((key) => !(stored ? STORED_KEYS : KEYS).includes(key));
  if (unknown) fail(`it holds something a game from this site never has ("${unknown}")`);
  if (!isText(data.id) || !/^g[a-z0-9]+$/.test(data.id)) fail("it has no game number");
  if (!isText(data.variantId)) fail("it does not say which rules it was played with");
  const base = checkRules(data.base, fields);
  checkHouse(data.house, fields);
  const teams = checkTeams(data.teams, limits);
  const form = stored ? checkForm(data.form) : null;
  const rounds = checkRounds(data.rounds, teams, form?.entry_fields ?? null, form?.limits ?? limits);
  let rulesUrl = null;
  if (data.rulesUrl !== undefined && data.rulesUrl !== null) {
    rulesUrl = ownRulesLink(data.rulesUrl);
    if (!rulesUrl) fail("its rules link leads away from this site");
  }
  if (data.inRecords !== undefined && typeof data.inRecords !== "boolean") {
    fail("it does not say rightly whether it counts in the players' records");
  }
  const now = new Date().toISOString();
  const time = (value) => (isText(value) && !Number.isNaN(Date.parse(value)) ? value : now);
  return {
    id: data.id,
    created: time(data.created),
    updated: time(data.updated),
    variantId: data.variantId,
    ...(rulesUrl ? { rulesUrl } : {}),
    base,
    house: data.house,
    form,
    teams,
    rounds,
    // The round open for entry; one out of range is worked out again from the entries (model.openRoundOf).
    ...(isWhole(data.open) && data.open >= 0 && data.open < limits.rounds ? { open: data.open } : {}),
    // Cleared from the players' records (records.mjs); a game counts unless it says otherwise.
    ...(data.inRecords === false ? { inRecords: false } : {}),
    history: stored ? checkHistory(data.history, teams.length) : [],
    cache:
      stored && isObject(data.cache) && typeof data.cache.key === "string" && Array.isArray(data.cache.rounds)
        ? data.cache
        : null,
  };
}
