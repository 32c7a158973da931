// Whether this device is ready to use the apps offline, as the service worker finds it in Cache Storage (the worker
// active with the whole site in its precache, and every Pyodide file kept); keeping Pyodide when asked, with its
// progress; and the views of it: the home page's "Keep the score keeper for use offline" and the apps' offline line.
import { h, readRuntime } from "./dom.mjs";
import { offlineWanted, registerWorker } from "./offline.mjs";

// {state, stored, total, message}: state is "checking", "missing", "keeping", "ready", "failed" or "unsupported";
// `stored` and `total` are the bytes of Pyodide kept so far while keeping (total 0 until the site itself is saved).
let now = { state: "checking" };
const listeners = new Set();
let started = false;
let keeping = null;

function set(next) {
  now = next;
  for (const listener of listeners) listener(now);
}

// `listener(state)` now and at each change.
function watchReadiness(listener) {
  listeners.add(listener);
  listener(now);
  if (!started) start();
  started = true;
}

function start() {
  if (!offlineWanted()) {
    set({ state: "unsupported" });
    return;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", ({ data }) => {
    if (data?.type === "HF_OFFLINE_CHANGED") check();
  });
  container.addEventListener("controllerchange", check);
  container.ready.then(check);
  // Registered once the page has loaded (site.mjs), or as an app starts: a browser that refuses it cannot keep anything.
  const refused = () => registerWorker()?.catch(() => set({ state: "unsupported" }));
  if (document.readyState === "complete") refused();
  else window.addEventListener("load", refused, { once: true });
  check();
}

// What the worker finds kept: ready, or missing.
async function kept() {
  const active = (await navigator.serviceWorker.getRegistration().catch(() => null))?.active;
  const found = active ? await ask(active, { type: "HF_OFFLINE_STATE" }) : null;
  return { state: found?.site && found?.pyodide ? "ready" : "missing" };
}

// Says what is kept; while Pyodide is being kept, the keeping says.
async function check() {
  const found = await kept();
  if (!keeping && now.state !== "unsupported") set(found);
}

// Posts `message` to `worker`; resolves with the first reply on the message's port.
function ask(worker, message, onReply = () => false) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => onReply(data) || resolve(data);
    worker.postMessage(message, [channel.port2]);
  });
}

// The worker once it is active: on a first visit, once it has saved the whole site.
async function activeWorker(registration) {
  if (registration.active) return registration.active;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return (await navigator.serviceWorker.ready).active;
  await new Promise((resolve, reject) =>
    worker.addEventListener("statechange", () => {
      if (worker.state === "redundant") reject(new Error("the site could not be saved on this device"));
      else if (registration.active) resolve();
    }),
  );
  return registration.active;
}

// Keeps every Pyodide file in the worker's cache, then checks what is kept. Once at a time; progress as it goes.
export function keep() {
  if (keeping) return keeping;
  const run = keepPyodide().finally(() => {
    if (keeping === run) keeping = null;
  });
  keeping = run;
  return run;
}

async function keepPyodide() {
  const registering = registerWorker();
  if (!registering) return set({ state: "unsupported" });
  set({ state: "keeping", stored: 0, total: 0 });
  const registration = await registering.catch(() => null);
  if (!registration) return set({ state: "unsupported" });
  try {
    const active = await activeWorker(registration);
    const onProgress = ({ progress }) => {
      if (progress) set({ state: "keeping", ...progress });
      return Boolean(progress);
    };
    const answer = await ask(active, { type: "HF_CACHE_PYODIDE" }, onProgress);
    if (!answer.ok) throw new Error(answer.message ?? "Pyodide was not stored");
  } catch (error) {
    console.warn(`No offline use: ${error.message}`);
    return set({ state: "failed", message: navigator.onLine ? error.message : "there is no connection" });
  }
  return set(await kept());
}

// An app installed from any page keeps what the score keeper needs offline at once.
export function keepWhenInstalled() {
  window.addEventListener("appinstalled", () => {
    if (offlineWanted()) keep();
  });
}

// "40%", never rounded up to 100% before the end; made on the first progress (a first formatter costs a phone time).
let percents = null;
function percent({ stored, total }) {
  if (!total) return "";
  percents ??= new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 0, roundingMode: "floor" });
  return ` ${percents.format(stored / total)}`;
}

const READY = "Ready to score offline on this device.";
const GETTING_READY = "Getting ready to score offline…";
const KEEP = "Keep the score keeper for use offline";
// The words of the apps' offline line: the keeper's, and the rule helper's and the configurator's.
const KEEPER_LINE = {
  missing: "Not ready to score offline on this device yet.",
  keeping: (state) => GETTING_READY + percent(state),
  ready: READY,
  failed: ({ message }) => `Not ready to score offline: ${message}.`,
  unsupported: "This browser cannot score offline.",
};
const APP_LINE = {
  missing: "Works online only for now.",
  keeping: (state) => `Saving for use offline…${percent(state)}`,
  ready: "Ready to use offline.",
  failed: "Works online only for now.",
  unsupported: "Works online only for now.",
};

const wordsFor = (words, state) => {
  const said = words[state.state] ?? "";
  return typeof said === "function" ? said(state) : said;
};

// One visually hidden polite live region, at the end of the page, tells a screen reader when keeping ends: ready, or
// not. The status lines themselves are not live, so that the progress is not read out at every step.
let region = null;
function announcer() {
  region ??= document.body.appendChild(h("p", { class: "hf-visually-hidden", role: "status" }));
  let last = now.state;
  return (state, words) => {
    if (last === "keeping" && ["ready", "failed"].includes(state.state)) region.textContent = words;
    last = state.state;
  };
}

// Whether the keeper offers to keep it: where it could not keep it itself, offline or after a failure.
const offered = ({ state }) => state === "failed" || (state === "missing" && !navigator.onLine);

// The apps' offline line (with the keeper's offer to keep it: `keeper`), or null under `mkdocs serve`. With a
// connection an app keeps what it needs to work offline, as it has fetched it to start anyway.
export function offlineStatus({ keeper = false } = {}) {
  if (document.querySelector('meta[name="hf-offline"]')?.content !== "true") return null;
  const words = keeper ? KEEPER_LINE : APP_LINE;
  const line = h("p", { class: "hf-offline" });
  const tell = announcer();
  const offer = keeper
    ? h("button", {
        type: "button",
        class: "md-button hf-offline__keep",
        hidden: true,
        text: `${KEEP} (${readRuntime()?.offline_size})`,
        onclick: () => keep(),
      })
    : null;
  registerWorker();
  const draw = (state) => {
    line.textContent = wordsFor(words, state);
    tell(state, line.textContent);
    if (offer) offer.hidden = !offered(state);
    // Not in the middle of telling every view of the change.
    if (state.state === "missing" && navigator.onLine) queueMicrotask(keep);
  };
  window.addEventListener("online", () => ["missing", "failed"].includes(now.state) && keep());
  window.addEventListener("offline", () => draw(now));
  watchReadiness(draw);
  return offer ? [line, offer] : [line];
}

// The home page's "Keep the score keeper for use offline": whether this device is ready to score offline, and the
// runtime kept on a tap, with its progress, so that the apps work at a table with no connection.
export function mountReady(element) {
  const status = element.querySelector(".hf-ready__status");
  const button = element.querySelector("button");
  const progress = element.querySelector("progress");
  const tell = announcer();
  element.classList.remove("hf-awaits-script");
  button.addEventListener("click", () => {
    // Asked on the player's tap: a browser may then keep the site's storage even when the device runs short.
    navigator.storage?.persist?.().catch(() => {});
    keep();
  });
  watchReadiness((state) => {
    element.dataset.state = state.state;
    const text = wordsFor(KEEPER_LINE, state);
    status.textContent = state.state === "failed" ? `${text} With a connection, tap the button again.` : text;
    tell(state, text);
    button.disabled = !["missing", "failed"].includes(state.state);
    button.classList.toggle("hf-ready__button--kept", state.state === "ready");
    progress.classList.toggle("hf-ready__progress--on", state.state === "keeping");
    if (state.total) progress.value = state.stored / state.total;
    else progress.removeAttribute("value");
  });
}
