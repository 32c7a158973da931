// The site's service worker. hooks/service_worker.mjs fills in SETTINGS and workbox-build's injectManifest fills in
// the precache manifest (every page, sheet and asset but Pyodide, each with its revision); both write site/sw.js.
// Workbox's own runtime is served from the site (assets/workbox-<version>/), never from another host.
const SETTINGS = self.__HF_SETTINGS;
importScripts(...SETTINGS.workboxScripts);

const { core, precaching, routing, strategies } = self.workbox;
const scoped = (path) => new URL(path, self.registration.scope).href;

// The first version takes the open pages at once; a later one waits until the player chooses to reload.
core.clientsClaim();
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

// Pages are folders (rules/bicycle/ is rules/bicycle/index.html) and no query changes a file (?variant=, ?rules=).
precaching.precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
});
precaching.cleanupOutdatedCaches();

// Pyodide is cached when an app asks for it, or when its worker fetches it; its cache is named by its version.
const PYODIDE_PREFIX = scoped(SETTINGS.pyodidePath);
const PYODIDE_CACHE = `hf-pyodide-${SETTINGS.pyodideVersion}-${self.registration.scope}`;
const pyodide = new strategies.CacheFirst({ cacheName: PYODIDE_CACHE });
routing.registerRoute(({ url }) => url.href.startsWith(PYODIDE_PREFIX), pyodide);

self.addEventListener("activate", (event) => {
  const old = (name) =>
    name.startsWith("hf-pyodide-") && name.endsWith(self.registration.scope) && name !== PYODIDE_CACHE;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name)))));
});

// {type: "HF_CACHE_PYODIDE"} from the keeper or the configurator: every file of assets/pyodide/ into the cache, then
// a reply on the message's port, true once all are stored.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "HF_CACHE_PYODIDE") return;
  const stored = SETTINGS.pyodideFiles.map(
    (file) => pyodide.handleAll({ event, request: new Request(scoped(file)) })[1],
  );
  const done = Promise.all(stored).then(() =>
    Promise.all(SETTINGS.pyodideFiles.map((file) => caches.match(scoped(file), { cacheName: PYODIDE_CACHE }))),
  );
  event.waitUntil(done);
  done.then(
    (found) => event.ports[0]?.postMessage({ ok: found.every(Boolean) }),
    (error) => event.ports[0]?.postMessage({ ok: false, message: String(error?.message ?? error) }),
  );
});
