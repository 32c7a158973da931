// The rule sets the helper offers (the published versions, the configurator's sets kept on this device, a share
// link's rules), the one it opens with, the choice remembered on this device, and house rules checked by handfoot.
import { siteUrl } from "../dom.mjs";
import { RulesetProblem, decodeRuleset, encodeRuleset, getRule, houseRules, ruleInForce } from "../rulesets.mjs";
import { store } from "../storage.mjs";
import { loadSets, setLabel } from "../configurator/sets.mjs";

const CHOICE_KEY = "handfoot.helper.rules";

// Every rule set the helper offers: the published versions, the configurator's sets kept on this device that change
// something, and the rules of a share link this page was opened with. A damaged link is `loaded.linkProblem`.
export function ruleChoices(loaded) {
  const { variants, sheets, cards, most } = loaded;
  const published = Object.values(variants).map((mapping) => ({
    key: `version:${mapping.id}`,
    kind: "version",
    label: mapping.name,
    mapping,
    rule: (path) => getRule(mapping, path),
    draft: null,
    form: sheets[mapping.id],
    cards: cards[mapping.id],
    remember: { kind: "version", id: mapping.id },
  }));
  const house = (draft, kind, label, remember) => {
    const base = variants[draft.base];
    const encoded = encodeRuleset(draft);
    return {
      key: `${kind}:${kind === "set" ? draft.id : encoded}`,
      kind,
      label,
      draft,
      encoded,
      // handfoot puts the table's changes on the base (Variant.with_changes) for every question.
      mapping: houseRules(base, draft, siteUrl(`configurator/#rules=${encoded}`)),
      // A rule's value, to decide which questions to ask: the table's own where it changed it.
      rule: (path) => ruleInForce(base, draft.changes, path),
      // Until handfoot has checked the house rules, the base version's form and pack stand in.
      form: sheets[draft.base],
      cards: cards[draft.base],
      remember,
    };
  };
  const paths = new Set(loaded.fields.map((field) => field.path));
  const known = { variants, paths, most };
  const { sets } = loadSets({ ...known, base: loaded.default, rescue: false });
  const kept = sets
    .filter((set) => set.name.trim() || Object.keys(set.changes).length)
    .map((set) => house(set, "set", setLabel(set, variants), { kind: "set", id: set.id }));
  const links = [];
  for (const [encoded, fromLink] of [
    [linkedRules(), true],
    [rememberedLink(), false],
  ]) {
    if (!encoded || links.some((link) => link.encoded === encoded)) continue;
    try {
      const draft = decodeRuleset(encoded, known);
      const name = draft.name.trim() || `${variants[draft.base].name} with house rules`;
      links.push({ ...house(draft, "link", name, { kind: "link", encoded }), fromLink });
    } catch (error) {
      if (!(error instanceof RulesetProblem)) throw error;
      if (fromLink) loaded.linkProblem = error.message;
    }
  }
  return [...published, ...kept, ...links];
}

// The rules to open with: a link's, then ?variant=, then the choice remembered on this device, then the default. One
// a link or the address named is remembered as the choice.
export function openingChoice(loaded, choices) {
  const key = chosenKey(loaded, choices);
  const choice = choices.find((c) => c.key === key) ?? choices[0];
  if (choice.fromLink || choice.fromAddress) rememberChoice(choice);
  return choice;
}

// Keeps `choice` as the one to open with next time; gives storage.mjs's {ok, problem}.
export function rememberChoice(choice) {
  return store(CHOICE_KEY, JSON.stringify(choice.remember));
}

// House rules are checked by handfoot, which also gives their sheet form and pack. Resolves to what the check found,
// to be put on `choice`: {form, cards, problem: null}, or {problem}; or to null when the rules engine failed.
export async function checkHouseRules(choice, engine) {
  try {
    await engine.call("validate_variant", choice.mapping);
    const [form, cards] = await Promise.all([
      engine.call("sheet_form", choice.mapping),
      engine.call("card_choices", choice.mapping),
    ]);
    return { form, cards, problem: null };
  } catch (error) {
    if (error.type === "failed") return null;
    return { problem: error.problem ?? error.message };
  }
}

function linkedRules() {
  const hash = new URLSearchParams(location.hash.slice(1)).get("rules");
  if (hash !== null) history.replaceState(history.state, "", location.pathname + location.search);
  return hash;
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(CHOICE_KEY));
  } catch {
    return null;
  }
}

function rememberedLink() {
  const choice = remembered();
  return choice?.kind === "link" && typeof choice.encoded === "string" ? choice.encoded : null;
}

function chosenKey(loaded, choices) {
  const link = choices.find((choice) => choice.kind === "link" && choice.fromLink);
  if (link) return link.key;
  const variant = new URLSearchParams(location.search).get("variant");
  if (variant && loaded.variants[variant]) {
    choices.find((choice) => choice.key === `version:${variant}`).fromAddress = true;
    return `version:${variant}`;
  }
  const choice = remembered();
  if (choice?.kind === "version") return `version:${choice.id}`;
  if (choice?.kind === "set") return `set:${choice.id}`;
  if (choice?.kind === "link") return choices.find((c) => c.kind === "link" && c.encoded === choice.encoded)?.key;
  return `version:${loaded.default}`;
}
