// A table's rule sets kept on this device: several named sets, one of them open. A shared link adds a set; it never
// replaces one. Sets that cannot be read are kept aside under their own key and reported, never dropped.
import { RulesetProblem, decodeRuleset, encodeRuleset, sameValue } from "../rulesets.mjs";
import { store } from "../storage.mjs";

const KEY = "handfoot.configurator.sets";
const RESCUED = "handfoot.configurator.rescued.";
// Where one unnamed set was kept before there could be several.
const LEGACY = "handfoot.configurator.draft";
const FORMAT = 1;
// Rule sets a device keeps at most.
export const RULE_SETS_KEPT = 30;
const ID_RADIX = 36;

export function newSetId() {
  const [random] = crypto.getRandomValues(new Uint32Array(1));
  return `s${Date.now().toString(ID_RADIX)}${random.toString(ID_RADIX)}`;
}

export function blankSet(base) {
  return { id: newSetId(), base, name: "", changes: {} };
}

export function sameRules(a, b) {
  return a.base === b.base && a.name.trim() === b.name.trim() && sameValue(a.changes, b.changes);
}

export function isBlank(set, variants) {
  return !set.name.trim() && !Object.keys(set.changes).length && Boolean(variants[set.base]);
}

export function setLabel(set, variants) {
  const base = variants[set.base]?.name ?? set.base;
  if (set.name.trim()) return set.name.trim();
  return Object.keys(set.changes).length ? `Unnamed: ${base} with changes` : `Unnamed: ${base}`;
}

function keepAside(raw, why) {
  const key = `${RESCUED}${Date.now()}`;
  const kept = store(key, raw);
  return kept.ok
    ? `${why} A copy is kept in this browser's storage under "${key}".`
    : `${why} No copy could be kept: ${kept.problem}.`;
}

function readDraft(draft, known) {
  const { base, name, changes } = decodeRuleset(encodeRuleset(draft), known);
  const id = typeof draft.id === "string" && /^s[a-z0-9]+$/.test(draft.id) ? draft.id : newSetId();
  return { id, base, name, changes };
}

// {sets, current, problems}: every readable set, the one that was open, and what was kept aside. With `rescue`
// false (a page that only reads the sets) nothing is written and unreadable sets are only reported.
export function loadSets({ variants, paths, most, base, rescue = true }) {
  const aside = (raw, why) => (rescue ? keepAside(raw, why) : why);
  const known = { variants, paths, most };
  const problems = [];
  let sets = [];
  let current = null;
  const raw = localStorage.getItem(KEY);
  if (raw !== null) {
    try {
      const data = JSON.parse(raw);
      if (!data || data.format !== FORMAT || !Array.isArray(data.sets)) throw new RulesetProblem("its shape is wrong");
      for (const item of data.sets.slice(0, RULE_SETS_KEPT)) {
        try {
          sets.push(readDraft(item, known));
        } catch (error) {
          if (!(error instanceof RulesetProblem)) throw error;
          problems.push(aside(JSON.stringify(item), `A saved rule set could not be read (${error.message}).`));
        }
      }
      current = data.current;
    } catch {
      sets = [];
      problems.push(aside(raw, "Your saved rule sets could not be read."));
    }
  }
  const legacy = localStorage.getItem(LEGACY);
  if (legacy !== null) {
    try {
      const set = readDraft(JSON.parse(legacy), known);
      if (!sets.some((other) => sameRules(other, set))) sets.unshift(set);
      current ??= set.id;
    } catch {
      problems.push(aside(legacy, "Your saved rules could not be read."));
    }
  }
  if (!sets.length) sets.push(blankSet(base));
  if (!sets.some((set) => set.id === current)) current = sets[0].id;
  return { sets, current, problems };
}

// Writes every set; {ok: true}, or {ok: false, problem} when the browser refused (a full storage, say).
export function saveSets(sets, current) {
  const saved = store(KEY, JSON.stringify({ format: FORMAT, current, sets }));
  if (saved.ok) localStorage.removeItem(LEGACY);
  return saved;
}
