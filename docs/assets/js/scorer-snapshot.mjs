// The started scorer's memory, kept on the device so that a returning player's scorer starts from it instead of
// starting Python again. One record in IndexedDB (idb-keyval): {key, bytes: gzipped Blob, check, size, made}.
// `check` is a call the plain interpreter answered, {fn, args, result}, which a restored one must answer the same.

// Free space a snapshot needs before one is made: its gzipped bytes are about 6 MB, and games come first.
const ROOM_NEEDED = 128 * 1024 * 1024;
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
    return quota - usage >= ROOM_NEEDED;
  } catch {
    return false;
  }
}

export function pack(bytes) {
  return new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
}

// Throws when the bytes were changed: gzip checks its own length and CRC.
export async function unpack(blob) {
  const buffer = await new Response(blob.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return new Uint8Array(buffer);
}
