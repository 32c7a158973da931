// A table's own rules as {base, name, changes}: built into a full variant mapping, shared in a link, saved as YAML.
// `most` is handfoot's limits on a variant's id and texts (the runtime data's text_most), which a house rule set
// made here is held to as a variant file is.

export const SHARE_VERSION = 1;
export const MAX_LINK_CHARS = 8000;

export class RulesetProblem extends Error {}

const clone = (value) => JSON.parse(JSON.stringify(value));

export function slug(name, most) {
  const text = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, most.id)
    .replace(/-+$/g, "");
  return text || "house-rules";
}

export function getRule(mapping, path) {
  const [section, key] = path.split(".");
  return mapping.rules[section][key];
}

export function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The full variant mapping: the base's rules and provenance, with the changes stated by the table itself.
export function buildMapping(base, { name, changes }, shareUrl, most) {
  const mapping = clone(base);
  const named = typeof name === "string" && name.trim() !== "";
  const paths = Object.keys(changes);
  if (!named && !paths.length) return mapping;
  const title = named ? name.trim() : `${base.name} with house rules`;
  mapping.id = slug(title, most);
  mapping.name = title.slice(0, most.name);
  mapping.short_name = title.slice(0, most.short_name).trim();
  mapping.summary = (
    paths.length
      ? `${title}: ${base.name}'s rules with ${paths.length} house ${paths.length === 1 ? "rule" : "rules"} of the table's own.`
      : `${title}: ${base.name}'s rules, as this table plays them.`
  ).slice(0, most.summary);
  mapping.sources.house = {
    title: `${title} (house rules)`,
    url: shareUrl,
    note: `Written with the configurator, starting from ${base.name}.`,
  };
  for (const path of paths) {
    const [section, key] = path.split(".");
    mapping.rules[section][key] = changes[path];
    mapping.provenance[path] = { stated: ["house"] };
  }
  return mapping;
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

// YAML a person can read: block mappings, and JSON-style scalars and lists, which YAML reads as they are.
export function toYaml(mapping) {
  const { id, ...rest } = mapping;
  const lines = [`# ${mapping.name}: house rules written with the Hand and Foot configurator.`];
  const emit = (value, indent) => {
    for (const [key, item] of Object.entries(value)) {
      const pad = "  ".repeat(indent);
      if (item && typeof item === "object" && !Array.isArray(item) && Object.keys(item).length) {
        lines.push(`${pad}${key}:`);
        emit(item, indent + 1);
      } else {
        lines.push(`${pad}${key}: ${JSON.stringify(item)}`);
      }
    }
  };
  emit(rest, 0);
  return `${lines.join("\n")}\n`;
}
