// Imported beside Pyodide, not before this module runs: a static import delayed Pyodide's downloads in cold starts by
// two requests one after the other (this module and idb-keyval), 130-160 ms behind a bare page's (issue 13).
const snapshotModule = import("./engine-snapshot.mjs");

let bridge = null;
let ready = null;
let failed = false;

// What the ready mark's detail says: times in ms, and how the rules engine started: {from: "snapshot"} or
// {from: "plain", reason}. `snapshot` says later what became of making one.
const detail = { start: {}, snapshot: null };
// Set on a plain start that may keep a snapshot: {pyodide, snapshots, key, pack, made}.
let keeper = null;
// Calls that count as a total; the first one answered becomes the self-check kept beside a snapshot.
const TOTALS = new Set(["score_round", "score_game"]);
const QUIET_BEFORE_SNAPSHOT_MS = 1000;

async function start({ pyodide: indexURL, zip, store }) {
  const begun = performance.now();
  const archive = download(zip);
  archive.catch(() => {});
  // The snapshot store's module, asked for now rather than once engine-snapshot.mjs has loaded; openSnapshots decides.
  if (store) import(store).catch(() => {});
  const [{ loadPyodide, version }, snapshot] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    snapshotModule,
  ]);
  const snapshots = await snapshot.openSnapshots(store);
  const key = snapshot.snapshotKey(version, zip, navigator.userAgent);
  const restored = snapshots
    ? await restore({ loadPyodide, indexURL, archive, snapshots, key, snapshot })
    : { reason: "no snapshot store", keep: false };
  if (bridge) {
    detail.start = { from: "snapshot", ms: performance.now() - begun };
    return;
  }
  const keep = restored.keep && (await snapshot.roomForSnapshot());
  const reason = restored.keep && !keep ? `${restored.reason}; no room to keep a snapshot` : restored.reason;
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: keep });
  detail.pyodide = performance.now() - begun;
  bridge = await handfootCall(pyodide, archive);
  detail.handfoot = performance.now() - begun - detail.pyodide;
  detail.start = { from: "plain", reason };
  if (keep) keeper = { pyodide, snapshots, key, pack: snapshot.pack, made: false };
}

// Starts the rules engine from the kept snapshot (sets `bridge`), or says why not, after deleting a snapshot that failed,
// and whether to keep a new one.
async function restore({ loadPyodide, indexURL, archive, snapshots, key, snapshot: { readBytes, verify, unpack } }) {
  const steps = stepTimer();
  let stored;
  try {
    stored = await snapshots.read();
  } catch (error) {
    return { reason: `the snapshot could not be read: ${describe(error)}`, keep: false };
  }
  if (!stored) return { reason: "no snapshot", keep: true };
  if (stored.key !== key) {
    await snapshots.remove();
    return { reason: "a snapshot of another build or browser", keep: true };
  }
  if (stored.noRoom) return { reason: "no room to keep a snapshot of this build", keep: false };
  try {
    const bytes = await readBytes(stored);
    steps.lap("read");
    // Checked while Pyodide starts from them; nothing is answered before the check has passed.
    const verified = verify(bytes, stored);
    verified.catch(() => {});
    const failsIfChanged = verified.then(() => new Promise(() => {}));
    const memory = unpack(bytes, stored);
    const pyodide = await Promise.race([loadPyodide({ indexURL, _loadSnapshot: memory }), failsIfChanged]);
    await verified;
    steps.lap("load");
    const call = await handfootCall(pyodide, archive);
    steps.lap("handfoot");
    const { fn, args, result } = stored.check;
    const same = call(fn, args) === result;
    steps.lap("check");
    detail.steps = steps.laps;
    if (!same) {
      await snapshots.remove();
      return { reason: "the snapshot failed its self-check", keep: true };
    }
    bridge = call;
    return { reason: "", keep: false };
  } catch (error) {
    await snapshots.remove();
    return { reason: `the snapshot did not start: ${describe(error)}`, keep: true };
  }
}

function stepTimer() {
  let last = performance.now();
  const laps = {};
  return {
    laps,
    lap(name) {
      const now = performance.now();
      laps[name] = Math.round(now - last);
      last = now;
    },
  };
}

async function handfootCall(pyodide, archive) {
  pyodide.unpackArchive(await archive, "zip");
  return pyodide.pyimport("handfoot.bridge").call;
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
  const { pyodide, snapshots, key, pack, check } = keeper;
  keeper.made = true;
  const begun = performance.now();
  try {
    const raw = pyodide.makeMemorySnapshot();
    const packed = await pack(raw);
    await snapshots.save({ key, ...packed, check, made: Date.now() });
    detail.snapshot = { kept: true, ms: performance.now() - begun, bytes: packed.bytes.size };
  } catch (error) {
    // A full device: say so for this build, so that later visits don't try again.
    const full = error?.name === "QuotaExceededError";
    await (full ? snapshots.save({ key, noRoom: true, made: Date.now() }).catch(() => {}) : snapshots.remove());
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
