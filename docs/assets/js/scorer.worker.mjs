import { openSnapshots, pack, roomForSnapshot, snapshotKey, unpack } from "./scorer-snapshot.mjs";

let bridge = null;
let ready = null;
let failed = false;

// What the ready mark's detail says: times in ms, and how the scorer started: {from: "snapshot"} or
// {from: "plain", reason}. `snapshot` says later what became of making one.
const detail = { start: {}, snapshot: null };
// Set on a plain start that may keep a snapshot: {pyodide, snapshots, key, made}.
let keeper = null;
// Calls that count as a total; the first one answered becomes the self-check kept beside a snapshot.
const TOTALS = new Set(["score_round", "score_game"]);
const QUIET_BEFORE_SNAPSHOT_MS = 1000;

async function start({ pyodide: indexURL, zip, store }) {
  const begun = performance.now();
  const [{ loadPyodide, version }, snapshots] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    openSnapshots(store),
  ]);
  const archive = download(zip);
  const key = snapshotKey(version, zip, navigator.userAgent);
  const restored = snapshots ? await restore({ loadPyodide, indexURL, archive, snapshots, key }) : "no store";
  if (restored === true) {
    detail.start = { from: "snapshot", ms: performance.now() - begun };
    return;
  }
  const keep = Boolean(snapshots) && (await roomForSnapshot());
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: keep });
  detail.pyodide = performance.now() - begun;
  await useHandfoot(pyodide, archive);
  detail.start = { from: "plain", reason: keep ? restored : `${restored}; no room to keep a snapshot` };
  detail.handfoot = performance.now() - begun - detail.pyodide;
  if (keep) keeper = { pyodide, snapshots, key, made: false };
}

// True when the scorer now runs from the kept snapshot; otherwise why not, after deleting a snapshot that failed.
async function restore({ loadPyodide, indexURL, archive, snapshots, key }) {
  let stored;
  try {
    stored = await snapshots.read();
  } catch (error) {
    return `the snapshot could not be read: ${describe(error)}`;
  }
  if (!stored) return "no snapshot";
  if (stored.key !== key) {
    await snapshots.remove();
    return "a snapshot of another build or browser";
  }
  try {
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: await unpack(stored.bytes) });
    const call = await useHandfoot(pyodide, archive, { activate: false });
    const { fn, args, result } = stored.check;
    if (call(fn, args) !== result) {
      await snapshots.remove();
      return "the snapshot failed its self-check";
    }
    bridge = call;
    return true;
  } catch (error) {
    await snapshots.remove();
    return `the snapshot did not start: ${describe(error)}`;
  }
}

async function useHandfoot(pyodide, archive, { activate = true } = {}) {
  pyodide.unpackArchive(await archive, "zip");
  const call = pyodide.pyimport("handfoot.bridge").call;
  if (activate) bridge = call;
  return call;
}

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

let quiet = null;

// After the first total, once calls have paused: never in the way of a total the player is waiting for.
function keepSnapshotSoon(check) {
  if (!keeper || keeper.made) return;
  keeper.check ??= check;
  clearTimeout(quiet);
  quiet = setTimeout(keepSnapshot, QUIET_BEFORE_SNAPSHOT_MS);
}

async function keepSnapshot() {
  const { pyodide, snapshots, key, check } = keeper;
  keeper.made = true;
  const begun = performance.now();
  try {
    const raw = pyodide.makeMemorySnapshot();
    const bytes = await pack(raw);
    await snapshots.save({ key, bytes, check, size: raw.length, made: Date.now() });
    detail.snapshot = { kept: true, ms: performance.now() - begun, bytes: bytes.size, raw: raw.length };
  } catch (error) {
    await snapshots.remove();
    detail.snapshot = { kept: false, reason: describe(error) };
  }
  self.postMessage({ type: "snapshot", detail: detail.snapshot });
}

// "QuotaExceededError: …": storage errors may carry their name alone.
function describe(error) {
  return [error?.name, error?.message].filter(Boolean).join(": ") || String(error);
}

function answer({ id, fn, args = [] }) {
  if (!bridge) {
    return { id, ok: false, error: { type: "failed", message: "Python did not load.", field: "" } };
  }
  try {
    const text = JSON.stringify(args);
    const result = bridge(fn, text);
    const reply = JSON.parse(result);
    if (reply.ok && TOTALS.has(fn)) keepSnapshotSoon({ fn, args: text, result });
    return { id, ...reply };
  } catch (error) {
    const message = String(error?.message ?? error);
    return { id, ok: false, error: { type: "internal", message, field: "", detail: String(error?.stack ?? message) } };
  }
}

function startFailed(error) {
  if (bridge || failed) return;
  failed = true;
  self.postMessage({ type: "failed", message: String(error?.message ?? error) });
}

// Pyodide's wasm loader catches a failed download or compile and only warns, so loadPyodide never settles; and a
// download that fails early can surface as an unhandled rejection instead. Watch both ways during the start.
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = (source, imports) =>
  instantiateStreaming(source, imports).catch((error) => {
    startFailed(error);
    throw error;
  });

const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await realFetch(input, init).catch((error) => {
    startFailed(`${input?.url ?? input}: ${error?.message ?? error}`);
    throw error;
  });
  if (!response.ok) startFailed(`${response.url}: HTTP ${response.status}`);
  return response;
};

self.addEventListener("unhandledrejection", (event) => {
  if (bridge) return;
  event.preventDefault();
  startFailed(event.reason);
});

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    ready ??= start(data).then(
      () => failed || self.postMessage({ type: "ready", detail }),
      (error) => startFailed(error),
    );
    return;
  }
  await ready;
  self.postMessage(answer(data));
};
