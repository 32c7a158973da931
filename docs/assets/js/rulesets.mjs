// A table's own rules as {base, name, changes}: read rule by rule, handed to handfoot to put together, and shared
// in a link. `most` is handfoot's limits on a variant's texts (the runtime data's text_most), which a link is held to.

export const SHARE_VERSION = 1;
export const MAX_LINK_CHARS = 8000;

export class RulesetProblem extends Error {}

export function getRule(mapping, path) {
  const [section, key] = path.split(".");
  return mapping.rules[section][key];
}

// A rule's value in force: the table's own where it set one, else its base version's.
export function ruleInForce(base, changes, path) {
  return Object.hasOwn(changes, path) ? changes[path] : getRule(base, path);
}

export function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// Rules as handfoot takes them: a base version and a table's changes, which handfoot puts on and checks
// (Variant.with_changes), naming them and linking `shareUrl` as their source.
export function houseRules(base, { name = "", changes }, shareUrl = "") {
  return { house: { base, changes, name, share_url: shareUrl } };
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new RulesetProblem("it holds characters a rules link never has");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeRuleset({ base, name, changes }) {
  return toBase64Url(JSON.stringify({ v: SHARE_VERSION, base, name, changes }));
}

// Checks the link's shape; handfoot checks the rules themselves afterwards.
export function decodeRuleset(text, { variants, paths, most }) {
  if (text.length > MAX_LINK_CHARS) throw new RulesetProblem("it is longer than any rules link this site makes");
  let data;
  try {
    data = JSON.parse(fromBase64Url(text));
  } catch (error) {
    throw error instanceof RulesetProblem ? error : new RulesetProblem("it cannot be read");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new RulesetProblem("it cannot be read");
  if (data.v !== SHARE_VERSION) throw new RulesetProblem("it comes from another version of this site");
  const extra = Object.keys(data).filter((key) => !["v", "base", "name", "changes"].includes(key));
  if (extra.length) throw new RulesetProblem(`it has a part this site does not know ("${extra[0]}")`);
  if (typeof data.base !== "string" || !variants[data.base])
    throw new RulesetProblem("it starts from rules this site does not have");
  if (typeof data.name !== "string" || data.name.length > most.name)
    throw new RulesetProblem(`its name must be text of at most ${most.name} characters`);
  if (!data.changes || typeof data.changes !== "object" || Array.isArray(data.changes))
    throw new RulesetProblem("its changes cannot be read");
  const keys = Object.keys(data.changes);
  if (keys.length > paths.size) throw new RulesetProblem("it changes more rules than there are");
  const unknown = keys.find((key) => !paths.has(key));
  if (unknown) throw new RulesetProblem(`"${unknown}" is not a rule`);
  return { base: data.base, name: data.name, changes: data.changes };
}
