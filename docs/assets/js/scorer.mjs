import { readRuntime, siteUrl } from "./dom.mjs";

export class ScorerError extends Error {
  constructor({ type, message, field = "", ...more }) {
    super(message);
    this.name = "ScorerError";
    this.type = type;
    this.field = field;
    Object.assign(this, more);
  }
}

let scorer = null;

// Set once the scorer has started on this device, so its runtime is in the device's cache and, where the device
// keeps one, its snapshot is too. Python then starts from them on its own thread at little cost to the page, so the
// worker starts with the page (startWithPage); on a first visit to the configurator or the rule helper the app draws
// itself first (startup.mjs).
const STARTED_KEY = "handfoot.scorer.started";

function rememberStarted(started) {
  try {
    if (started) localStorage.setItem(STARTED_KEY, "1");
    else localStorage.removeItem(STARTED_KEY);
  } catch {
    // Without the mark the worker only starts later.
  }
}

function startedHere() {
  try {
    return localStorage.getItem(STARTED_KEY) !== null;
  } catch {
    return false;
  }
}

// Called from the head of a page that runs Python (overrides/main.html), as early as a bare Pyodide page starts its
// worker: starts the scorer there and then on every visit with `always` (the keeper, whose totals wait for Python),
// and elsewhere where it has started on this device before.
export function startWithPage({ always = false } = {}) {
  const runtime = readRuntime();
  if (runtime && (always || startedHere())) getSiteScorer(runtime).start();
}

// `storeUrl` is idb-keyval's module, for the snapshot of the started scorer kept on the device (none without it).
// With `later`, the worker starts at the scorer's `start()`, and calls made before wait for it.
export function getScorer({ pyodideUrl, zipUrl, storeUrl = null, later = false }) {
  scorer ??= createScorer(absolute(pyodideUrl), absolute(zipUrl), storeUrl && absolute(storeUrl), later);
  return scorer;
}

// The scorer of a page that carries the site's runtime settings.
export function getSiteScorer(runtime, { later = false } = {}) {
  return getScorer({
    pyodideUrl: siteUrl(runtime.scorer.pyodide),
    zipUrl: siteUrl(runtime.scorer.zip),
    storeUrl: siteUrl(runtime.scorer.store),
    later,
  });
}

function absolute(url) {
  return new URL(url, document.baseURI).href;
}

function createScorer(pyodide, zip, store, later) {
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
    const error = new ScorerError({ type: "failed", message });
    console.error(`The scorer could not start: ${message}`);
    rememberStarted(false);
    settle.reject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    enter("failed");
  }

  function hear({ data }) {
    if (data.type === "ready") {
      performance.mark("hf-scorer-ready", { detail: data.detail });
      rememberStarted(true);
      settle.resolve(api);
      enter("ready");
    } else if (data.type === "snapshot") {
      performance.mark("hf-scorer-snapshot", { detail: data.detail });
    } else if (data.type === "failed") {
      fail(data.message);
    } else if (pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.ok) return resolve(data.result);
      if (data.error.type === "internal") console.error(data.error.detail ?? data.error.message);
      reject(new ScorerError(data.error));
    }
  }

  function hearError(event) {
    event.preventDefault();
    fail(event.message || "the scorer worker did not load");
  }

  function start() {
    if (worker) return;
    performance.mark("hf-scorer-start");
    worker = new Worker(new URL("./scorer.worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = hear;
    worker.onerror = hearError;
    worker.postMessage({ type: "init", pyodide, zip, store });
    for (const message of waiting.splice(0)) worker.postMessage(message);
  }

  if (!later) start();
  return api;
}
