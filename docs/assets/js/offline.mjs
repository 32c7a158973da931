// Offline use. Every page registers the site's service worker (sitebuild/node/sw.template.js: Workbox precaches the
// site) and offers a new version once one is ready; the keeper and the configurator also have it keep Pyodide and say
// when they work with no network. Under `mkdocs serve` there is no worker, and the pages remove one left by an earlier build.
import { h, siteUrl } from "./dom.mjs";

const WORKER = "sw.js";
// HTTP's Not Found: the site no longer has a worker file (offline, the fetch fails instead).
const NOT_FOUND_STATUS = 404;
let registering = null;

function wanted() {
  return "serviceWorker" in navigator && document.querySelector('meta[name="hf-offline"]')?.content === "true";
}

// Once per page load, on every page.
export function registerWorker() {
  if (registering || !("serviceWorker" in navigator)) return registering;
  if (!wanted()) {
    removeWorker();
    return null;
  }
  // A browser that blocks service workers (so does Playwright, if told to) may register nothing and not fail.
  registering = navigator.serviceWorker
    .register(siteUrl(WORKER))
    .then((registration) => registration ?? Promise.reject(new Error("service workers are blocked here")));
  registering.then(watchUpdates, (error) => console.warn(`No offline use: ${error.message}`));
  removeIfGone();
  return registering;
}

// A worker from an earlier build of this address (e.g. `mkdocs serve` on the port a built site was served from):
// unregister it, drop its caches, and load the page again from the network.
async function removeWorker() {
  const scope = siteUrl("");
  const registration = await navigator.serviceWorker.getRegistration(scope);
  if (registration?.scope !== scope) return;
  const controlled = Boolean(navigator.serviceWorker.controller);
  await registration.unregister();
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.endsWith(scope)).map((name) => caches.delete(name)));
  if (controlled) location.reload();
}

// A page from the worker's cache whose site no longer has a worker (answered 404, not just offline).
async function removeIfGone() {
  if (!navigator.serviceWorker.controller || !navigator.onLine) return;
  const response = await fetch(siteUrl(WORKER), { method: "HEAD", cache: "no-store" }).catch(() => null);
  if (response?.status === NOT_FOUND_STATUS) await removeWorker();
}

function watchUpdates(registration) {
  if (!registration) return;
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed" && navigator.serviceWorker.controller) offerUpdate(next);
    });
  });
}

// The new version waits until the player takes it: then it takes over and the page loads again from it.
function offerUpdate(worker) {
  if (document.querySelector(".hf-update")) return;
  const message = h("p", { class: "hf-update__message", role: "status" });
  const button = h("button", { type: "button", class: "md-button md-button--primary", text: "Reload to update" });
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage({ type: "SKIP_WAITING" });
  });
  document.body.append(h("div", { class: "hf-update", role: "region", "aria-label": "Update" }, message, button));
  // Filled once in the document, so that screen readers announce it.
  requestAnimationFrame(() => {
    message.textContent = "A new version is ready. Your games and rule sets are kept.";
  });
}

// A status line for the keeper and the configurator: whether they are ready to use offline (null where they cannot
// be: no service worker support, or no worker under `mkdocs serve`).
export function offlineStatus() {
  const registration = wanted() ? registerWorker() : null;
  if (!registration) return null;
  const line = h("p", { class: "hf-offline", role: "status", text: "Saving for use offline…" });
  keepPyodide(registration).then(
    () => {
      line.textContent = "Ready to use offline.";
    },
    () => {
      line.textContent = "Works online only for now.";
    },
  );
  return line;
}

// Once the worker is active, the site is in its precache; then it stores every Pyodide file and answers.
// `onProgress(stored, total)` hears the bytes stored as they come in.
async function keepPyodide(registration, onProgress = () => {}) {
  await registration;
  const { active } = await navigator.serviceWorker.ready;
  const answer = await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data.progress) onProgress(data.progress.stored, data.progress.total);
      if (data.done) resolve(data);
    };
    active.postMessage({ type: "HF_CACHE_PYODIDE" }, [channel.port2]);
  });
  if (answer.ok) return;
  const reason = answer.message ?? "Pyodide was not stored";
  console.warn(`No offline use: ${reason}`);
  throw new Error(reason);
}

// Why the rules engine did not start, in a player's words: offline with Pyodide not kept on this device, and what to do,
// or a browser that cannot run it.
export function engineMissing(what) {
  if (navigator.onLine !== false) return `${what} could not start in this browser.`;
  return (
    `${what} is not kept on this device yet, and there is no connection to fetch it. Next time you are online, ` +
    'open this page once, or tap "Keep the score keeper for use offline" on the home page: then it works offline.'
  );
}

// An app installed from any page keeps what the score keeper needs offline at once.
export function keepWhenInstalled() {
  window.addEventListener("appinstalled", () => {
    if (wanted()) keepPyodide(registerWorker()).catch(() => {});
  });
}

const BYTES_PER_MB = 1e6;
const megabytes = (bytes) => `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;

// The home page's "Keep the score keeper for use offline": the runtime stored now, with its progress, so that the
// keeper, the rule helper and the configurator work at a table with no connection, though none was opened online.
export function mountKeepOffline(element) {
  const button = element.querySelector("button");
  const progress = element.querySelector("progress");
  const status = element.querySelector("[role=status]");
  if (!wanted()) {
    status.textContent =
      "This browser cannot keep the site for offline use (it has no service workers, or this is a preview).";
    return;
  }
  const registration = registerWorker();
  const done = () => {
    button.disabled = true;
    button.textContent = "Kept for use offline";
    progress.hidden = true;
    status.textContent =
      "Kept on this device: the score keeper, the rule helper and the configurator work with no connection.";
  };
  button.classList.remove("hf-awaits-script");
  button.disabled = false;
  button.addEventListener("click", () => {
    button.disabled = true;
    progress.hidden = false;
    progress.removeAttribute("value");
    status.textContent = "Keeping the score keeper for use offline…";
    keepPyodide(registration, (stored, total) => {
      progress.max = total;
      progress.value = stored;
      status.textContent = `Keeping the score keeper for use offline: ${megabytes(stored)} of ${megabytes(total)}.`;
    }).then(done, (error) => {
      button.disabled = false;
      progress.hidden = true;
      status.textContent = `Not kept: ${error.message}. With a connection, try again.`;
    });
  });
  runtimeKept(registration).then((kept) => kept && done());
}

// Whether every Pyodide file is in the worker's cache already.
async function runtimeKept(registration) {
  try {
    await registration;
    const { active } = await navigator.serviceWorker.ready;
    return await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => resolve(Boolean(data.kept));
      active.postMessage({ type: "HF_PYODIDE_KEPT" }, [channel.port2]);
    });
  } catch {
    return false;
  }
}
