// The page's side of the rules engine: one module worker a page (engine.worker.mjs) runs handfoot in Pyodide, started
// by start_engine.js or taken over from the page's head. `call(name, ...args)` asks handfoot.bridge and answers with
// its result or an EngineError; `onState` tells each app whether the engine is loading, ready or failed.
import { siteUrl } from "./dom.mjs";

export class EngineError extends Error {
  constructor({ type, message, field = "", ...more }) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.field = field;
    Object.assign(this, more);
  }
}

let engine = null;

// The localStorage key of the started mark (`startedMark`) is set once the rules engine has started on this device, so its
// runtime is in the device's cache and, where the device keeps one, its snapshot is too. Python then starts from them
// on its own thread at little cost to the page, so the page's head starts the worker (partials/engine-start.html); on
// a first visit the app draws its first view first (startup.mjs), unless the keeper has a game waiting to be scored.
function rememberStarted(startedMark, started) {
  if (!startedMark) return;
  try {
    if (started) localStorage.setItem(startedMark, "1");
    else localStorage.removeItem(startedMark);
  } catch {
    // Without the mark the worker only starts later.
  }
}

// `storeUrl` is idb-keyval's module, for the snapshot of the started engine kept on the device (none without it).
// With `later`, the worker starts at the rules engine's `start()`, and calls made before wait for it; a worker the page's
// head has started is taken over at once.
export function getEngine({ pyodideUrl, zipUrl, storeUrl = null, startedMark = null, later = false }) {
  engine ??= createEngine({
    pyodide: absolute(pyodideUrl),
    zip: absolute(zipUrl),
    store: storeUrl && absolute(storeUrl),
    startedMark,
    later,
  });
  return engine;
}

// The rules engine of a page that carries the site's runtime settings.
export function getSiteEngine(runtime, { later = false } = {}) {
  return getEngine({
    pyodideUrl: siteUrl(runtime.engine.pyodide),
    zipUrl: siteUrl(runtime.engine.zip),
    storeUrl: siteUrl(runtime.engine.store),
    startedMark: runtime.engine.started_mark,
    later,
  });
}

function absolute(url) {
  return new URL(url, document.baseURI).href;
}

function createEngine({ pyodide, zip, store, startedMark, later }) {
  let worker = null;
  const waiting = [];
  const pending = new Map();
  const listeners = new Set();
  let lastId = 0;
  let settle;
  const ready = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  ready.catch(() => {});

  const api = {
    state: "loading",
    ready,
    call(fn, ...args) {
      if (api.state === "failed") return ready;
      const id = ++lastId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (worker) worker.postMessage({ id, fn, args });
        else waiting.push({ id, fn, args });
      });
    },
    onState(callback) {
      listeners.add(callback);
      callback(api.state);
      return () => listeners.delete(callback);
    },
    start,
  };

  function enter(state) {
    api.state = state;
    for (const callback of listeners) callback(state);
  }

  function fail(message) {
    if (api.state === "failed") return;
    const error = new EngineError({ type: "failed", message });
    console.error(`The rules engine could not start: ${message}`);
    rememberStarted(startedMark, false);
    settle.reject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    enter("failed");
  }

  function hear({ data }) {
    if (data.type === "ready") {
      performance.mark("hf-engine-ready", { detail: data.detail });
      rememberStarted(startedMark, true);
      settle.resolve(api);
      enter("ready");
    } else if (data.type === "snapshot") {
      performance.mark("hf-engine-snapshot", { detail: data.detail });
    } else if (data.type === "failed") {
      fail(data.message);
    } else if (pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.ok) return resolve(data.result);
      if (data.error.type === "internal") console.error(data.error.detail ?? data.error.message);
      reject(new EngineError(data.error));
    }
  }

  function hearError(event) {
    event.preventDefault();
    fail(event.message || "the rules engine worker did not load");
  }

  // The worker is started by self.hfEngine (assets/js/start_engine.js), which the head of a page that runs Python
  // defines, and may have used already; elsewhere (a page without the site's runtime) it is imported first.
  let starting = false;
  function start() {
    if (starting) return;
    starting = true;
    if (self.hfEngine) takeOver(self.hfEngine);
    else
      import("./start_engine.js").then(
        () => takeOver(self.hfEngine),
        (error) => fail(error.message),
      );
  }

  function takeOver(starter) {
    const script = new URL("./engine.worker.mjs", import.meta.url).href;
    const started = starter.start({ worker: script, pyodide, zip, store });
    worker = started.worker;
    worker.onmessage = hear;
    worker.onerror = hearError;
    for (const event of started.heard.splice(0)) (event.type === "error" ? hearError : hear)(event);
    for (const message of waiting.splice(0)) worker.postMessage(message);
  }

  if (self.hfEngine?.started || !later) start();
  return api;
}
