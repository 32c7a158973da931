// A game handed to another phone: the keeper's address with the whole game in its hash (#game=…), compressed. The
// game is the one an export holds (saved_games.mjs), and is read back with the same checks as an imported file. A game
// played by a published version's own rule values leaves those values out: the other phone has them.
import { sameValue } from "../rulesets.mjs";
import { FORMAT, MAX_IMPORT_BYTES, StoredGameProblem, exportRecord, migrate } from "./saved_games.mjs";
import { GameShapeProblem, checkGame } from "./shape.mjs";

export const HANDOVER_VERSION = 1;
// The name of the address's part that holds a game.
export const HANDOVER_KEY = "game";
// Longer than any game link this site makes: a game of many rounds with its own rules is about 3,000 characters.
export const MAX_HANDOVER_CHARS = 16_000;

// Why a game link cannot be used, in a player's words ("it is cut short or damaged").
export class HandoverProblem extends Error {}

// The keeper's address for `game`: `keeperUrl` with the game in its hash.
export async function handoverLink(game, variants, keeperUrl) {
  const record = exportRecord(game);
  const published = variants[game.variantId];
  const base = published && sameValue(published, game.base) ? null : record.base;
  const text = JSON.stringify({ v: HANDOVER_VERSION, game: { ...record, base } });
  const packed = await squeeze(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  const url = new URL(keeperUrl);
  url.hash = `${HANDOVER_KEY}=${toBase64Url(packed)}`;
  return url.href;
}

// The game link's text in an address's hash, or null when the address holds none.
export function handoverInHash(hash) {
  return new URLSearchParams(hash.replace(/^#/, "")).get(HANDOVER_KEY);
}

// The game in a link, checked as an imported file is; throws HandoverProblem. `known` = {fields, limits}.
export async function readHandover(text, { variants, known }) {
  if (text.length > MAX_HANDOVER_CHARS) throw new HandoverProblem("it is longer than any game link this site makes");
  let data;
  try {
    const bytes = await squeeze(fromBase64Url(text), new DecompressionStream("deflate-raw"), MAX_IMPORT_BYTES);
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new HandoverProblem("it is cut short or damaged");
  }
  if (!isObject(data) || !isObject(data.game)) throw new HandoverProblem("it holds no game");
  if (data.v !== HANDOVER_VERSION || !Number.isInteger(data.game.format) || data.game.format > FORMAT) {
    throw new HandoverProblem("it comes from another version of this site; reload this page, then open it again");
  }
  try {
    const { format, ...record } = migrate(data.game);
    if (record.base === null) {
      if (!Object.hasOwn(variants, record.variantId)) throw new HandoverProblem("its rules are not on this site");
      record.base = variants[record.variantId];
    }
    return checkGame(record, known);
  } catch (error) {
    if (error instanceof GameShapeProblem || error instanceof StoredGameProblem)
      throw new HandoverProblem(error.message);
    throw error;
  }
}

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
