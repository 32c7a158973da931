// The started engine's memory, kept on the device so that a returning player's engine starts from it instead of
// starting Python again. One record in IndexedDB (idb-keyval): {key, bytes: Blob, chunks, size, sha256, check, made},
// where `check` is a call the plain interpreter answered, {fn, args, result}, which a restored one must answer the
// same; or {key, noRoom: true, made} when the device had no room for the snapshot of this build.
//
// Pyodide's memory is about 31 MB, and about half of it is stretches of zeros. It is kept without them: `bytes` holds
// the chunks of CHUNK_BYTES that are not all zeros, `chunks` where each begins in the memory and `size` its length.

// Free space a snapshot needs before one is made: it is about 16 MB kept (31 MB while it is made), and games come first.
const ROOM_NEEDED_BYTES = 268_435_456; // 256 MiB
const CHUNK_BYTES = 65_536;
// Part of the key: a snapshot kept in another form is one this code cannot read.
const FORM = "nonzero-64k";
const HEX_RADIX = 16;
const HEX_BYTE_CHARS = 2;
// The store's names are from when the rules engine was called the scorer: a new name would leave players' snapshots
// (about 31 MB each) behind in their storage.
const RECORD = "scorer";

export function snapshotKey(pyodideVersion, zipUrl, userAgent) {
  return JSON.stringify([pyodideVersion, new URL(zipUrl).pathname, userAgent, FORM]);
}

// The snapshot store, or null where this browser has no IndexedDB for a worker or the store module did not load.
export async function openSnapshots(storeUrl) {
  if (!storeUrl || typeof indexedDB === "undefined") return null;
  try {
    const { createStore, get, set, del } = await import(storeUrl);
    const store = createStore("handfoot-scorer", "snapshots");
    return {
      read: () => get(RECORD, store),
      remove: () => del(RECORD, store).catch(() => {}),
      save: (record) => set(RECORD, record, store),
    };
  } catch {
    return null;
  }
}

export async function roomForSnapshot() {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    return quota - usage >= ROOM_NEEDED_BYTES;
  } catch {
    return false;
  }
}

// The snapshot as kept: the chunks of the memory that are not all zeros (reading them back is much faster than
// gunzipping the whole), where they go, and their SHA-256.
export async function pack(memory) {
  const chunks = [];
  for (let start = 0; start < memory.length; start += CHUNK_BYTES) {
    if (!allZeros(memory.subarray(start, start + CHUNK_BYTES))) chunks.push(start);
  }
  const kept = new Uint8Array(keptLength(chunks, memory.length));
  let at = 0;
  for (const start of chunks) {
    const part = memory.subarray(start, start + CHUNK_BYTES);
    kept.set(part, at);
    at += part.length;
  }
  return { bytes: new Blob([kept]), chunks, size: memory.length, sha256: await sha256(kept) };
}

// The kept chunks, as read: `verify` checks them, `unpack` puts the memory back together from them.
export async function readBytes({ bytes }) {
  return new Uint8Array(await bytes.arrayBuffer());
}

// Rejects when the bytes are not those kept. The browser copies them first, so they can be used meanwhile.
export async function verify(bytes, { sha256: kept }) {
  if ((await sha256(bytes)) !== kept) throw new Error("its bytes have changed");
}

// The whole memory: the kept chunks in their places, zeros between them.
export function unpack(bytes, { chunks, size }) {
  if (!Array.isArray(chunks) || !Number.isSafeInteger(size) || bytes.length !== keptLength(chunks, size)) {
    throw new Error("its bytes do not fill its chunks");
  }
  const memory = new Uint8Array(size);
  let at = 0;
  for (const start of chunks) {
    const part = bytes.subarray(at, at + Math.min(CHUNK_BYTES, size - start));
    memory.set(part, start);
    at += part.length;
  }
  return memory;
}

function keptLength(chunks, size) {
  return chunks.reduce((sum, start) => sum + Math.max(0, Math.min(CHUNK_BYTES, size - start)), 0);
}

function allZeros(part) {
  for (let i = 0; i < part.length; i += 1) if (part[i] !== 0) return false;
  return true;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(HEX_RADIX).padStart(HEX_BYTE_CHARS, "0")).join("");
}
