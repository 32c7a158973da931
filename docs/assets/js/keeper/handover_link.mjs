// A game handed to another phone: the keeper's address with the whole game in its hash (#game=…), compressed. The
// game is the one an export holds (saved_games.mjs), and is read back with the same checks as an imported file. A game
// played by a published version's rule values leaves those values out, and one of a table's own rules carries only
// what they change: the other phone has the published ones.
import { sameValue } from "../rulesets.mjs";
import { FORMAT, StoredGameProblem, exportRecord, migrate } from "./saved_games.mjs";
import { MAX_IMPORT_BYTES } from "./game_files.mjs";
import { GameShapeProblem, checkGame } from "./shape.mjs";
import { HANDOVER_KEY } from "./handover.mjs";

export const HANDOVER_VERSION = 1;
// Longer than any game link this site makes: a game of 30 rounds between four teams, with rules of its own, is less
// than 1,000 characters.
export const MAX_HANDOVER_CHARS = 16_000;

// Why a game link cannot be used, in a player's words ("it is cut short or damaged").
export class HandoverProblem extends Error {}

// The keeper's address for `game`: `keeperUrl` with the game in its hash.
export async function handoverLink(game, variants, keeperUrl) {
  const record = exportRecord(game);
  const published = variants[game.variantId];
  // Published values: none carried. A table's own rules (from a rules link): what they change in the published
  // version they are nearest to.
  let base = null;
  if (!published || !sameValue(published, game.base)) {
    const [from, changed] = Object.entries(variants)
      .map(([id, variant]) => [id, changesFrom(variant, game.base)])
      .reduce((best, next) => (JSON.stringify(next[1]).length < JSON.stringify(best[1]).length ? next : best));
    base = { from, changed };
  }
  const text = JSON.stringify({ v: HANDOVER_VERSION, game: { ...record, base } });
  const packed = await squeeze(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  const url = new URL(keeperUrl);
  url.hash = `${HANDOVER_KEY}=${toBase64Url(packed)}`;
  return url.href;
}

// The game in a link, checked as an imported file is; throws HandoverProblem. `known` = {fields, limits}.
export async function readHandover(text, { variants, known }) {
  if (text.length > MAX_HANDOVER_CHARS) throw new HandoverProblem("it is longer than any game link this site makes");
  let data;
  try {
    const bytes = await squeeze(fromBase64Url(text), new DecompressionStream("deflate-raw"), MAX_IMPORT_BYTES);
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof HandoverProblem) throw error;
    throw new HandoverProblem("it is cut short or damaged");
  }
  if (!isObject(data) || !isObject(data.game)) throw new HandoverProblem("it holds no game");
  if (data.v !== HANDOVER_VERSION || !Number.isInteger(data.game.format) || data.game.format > FORMAT) {
    throw new HandoverProblem("it comes from another version of this site; reload this page, then open it again");
  }
  try {
    const { format, ...record } = migrate(data.game);
    const from = record.base === null ? record.variantId : record.base?.from;
    if (typeof from !== "string" || !Object.hasOwn(variants, from)) {
      throw new HandoverProblem("its rules are not on this site");
    }
    const changed = record.base?.changed ?? [];
    if (!Array.isArray(changed)) throw new HandoverProblem("its rules cannot be read");
    record.base = withChanges(variants[from], changed);
    return checkGame(record, known);
  } catch (error) {
    if (error instanceof GameShapeProblem || error instanceof StoredGameProblem)
      throw new HandoverProblem(error.message);
    throw error;
  }
}

// What `own` changes in `from`: [path, value] for a value set, [path] for a value gone (a path lists keys).
function changesFrom(from, own, path = [], changes = []) {
  for (const key of new Set([...Object.keys(from), ...Object.keys(own)])) {
    if (sameValue(from[key], own[key])) continue;
    const at = [...path, key];
    if (isObject(from[key]) && isObject(own[key])) changesFrom(from[key], own[key], at, changes);
    else changes.push(Object.hasOwn(own, key) ? [at, own[key]] : [at]);
  }
  return changes;
}

// `from` with `changes` made, as changesFrom gives them; a change that is not one is refused.
function withChanges(from, changes) {
  const made = structuredClone(from);
  for (const change of changes) {
    const [path, ...value] = Array.isArray(change) ? change : [];
    const fits = Array.isArray(path) && path.length && path.every((key) => typeof key === "string" && !UNSAFE.has(key));
    if (!fits || value.length > 1) throw new HandoverProblem("its rules cannot be read");
    let at = made;
    for (const key of path.slice(0, -1)) {
      if (!isObject(at[key])) at[key] = {};
      at = at[key];
    }
    if (value.length) at[path.at(-1)] = value[0];
    else delete at[path.at(-1)];
  }
  return made;
}

// Keys that would reach past the rules into the objects they are made of.
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// `bytes` through a compression or decompression stream; more than `most` bytes out is refused.
async function squeeze(bytes, stream, most = Infinity) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const parts = [];
  let size = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > most) {
      reader.cancel().catch(() => {});
      throw new HandoverProblem("it holds more than a game");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function toBase64Url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new HandoverProblem("it holds characters a game link never has");
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
}
