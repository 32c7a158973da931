// The started engine's memory, kept on the device so that a returning player's engine starts from it instead of
// starting Python again. One record in IndexedDB (idb-keyval): {key, bytes: Blob, sha256, check, made}, where
// `check` is a call the plain interpreter answered, {fn, args, result}, which a restored one must answer the same;
// or {key, noRoom: true, made} when the device had no room for the snapshot of this build.

// Free space a snapshot needs before one is made: it is about 31 MB, and games come first.
const ROOM_NEEDED_BYTES = 268_435_456; // 256 MiB
const HEX_RADIX = 16;
const HEX_BYTE_CHARS = 2;
// The store's names are from when the rules engine was called the scorer: a new name would leave players' snapshots
// (about 31 MB each) behind in their storage.
const RECORD = "scorer";

export function snapshotKey(pyodideVersion, zipUrl, userAgent) {
  return JSON.stringify([pyodideVersion, new URL(zipUrl).pathname, userAgent]);
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

// The snapshot as kept: its raw bytes (reading them back is much faster than gunzipping them) and their SHA-256.
export async function pack(bytes) {
  return { bytes: new Blob([bytes]), sha256: await sha256(bytes) };
}

export async function readBytes({ bytes }) {
  return new Uint8Array(await bytes.arrayBuffer());
}

// Rejects when the bytes are not those kept. The browser copies them first, so they can be used meanwhile.
export async function verify(bytes, { sha256: kept }) {
  if ((await sha256(bytes)) !== kept) throw new Error("its bytes have changed");
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(HEX_RADIX).padStart(HEX_BYTE_CHARS, "0")).join("");
}
