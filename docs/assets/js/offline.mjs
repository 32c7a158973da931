// Offline use. Every page registers the site's service worker (sitebuild/node/sw.template.js: Workbox precaches the
// site) and offers a new version once one is ready; ready.mjs says whether the device is ready to work offline, and
// keeps Pyodide. Under `mkdocs serve` there is no worker, and the pages remove one left by an earlier build.
import { h, siteUrl } from "./dom.mjs";

const WORKER = "sw.js";
// HTTP's Not Found: the site no longer has a worker file (offline, the fetch fails instead).
const NOT_FOUND_STATUS = 404;
// The longest an app's page holds the worker back while the rules engine starts (holdWorker).
const HOLD_MS = 20000;
let registering = null;
let held = null;
let release = () => {};

// On an app's page the worker is registered once the rules engine has started (or failed), never later than HOLD_MS:
// its install precaches the whole site, and on a first visit that work slowed Python's start by about a second.
// site.mjs holds it as the page starts; the app releases it (releaseWorker).
export function holdWorker() {
  if (held) return;
  held = new Promise((resolve) => (release = resolve));
  setTimeout(() => release(), HOLD_MS);
}

// Lets the held worker register once `settled` (a promise) has settled.
export function releaseWorker(settled) {
  if (held) settled.finally(() => release());
}

// Whether this page may have the service worker: the browser has them, and this is a built site.
export function offlineWanted() {
  return "serviceWorker" in navigator && document.querySelector('meta[name="hf-offline"]')?.content === "true";
}

// Once per page load, on every page.
export function registerWorker() {
  if (registering || !("serviceWorker" in navigator)) return registering;
  if (!offlineWanted()) {
    removeWorker();
    return null;
  }
  // A browser that blocks service workers (so does Playwright, if told to) may register nothing and not fail.
  registering = (held ?? Promise.resolve())
    .then(() => navigator.serviceWorker.register(siteUrl(WORKER)))
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

// Why the rules engine did not start, in a player's words: offline with Pyodide not kept on this device, and what to do,
// or a browser that cannot run it.
export function engineMissing(what) {
  if (navigator.onLine !== false) return `${what} could not start in this browser.`;
  return (
    `${what} is not kept on this device yet, and there is no connection to fetch it. Next time you are online, ` +
    'open this page once, or tap "Keep the score keeper for use offline" on the home page: then it works offline.'
  );
}
