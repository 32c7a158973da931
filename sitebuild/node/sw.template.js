// The site's service worker. sitebuild/node/service_worker.mjs fills in SETTINGS and workbox-build's injectManifest
// fills in the precache manifest (every page, sheet and asset but Pyodide, each with its revision); both write
// site/sw.js.
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
const PRECACHED = self.__WB_MANIFEST;
const precache = new precaching.PrecacheController();
precache.addToCacheList(PRECACHED);
routing.registerRoute(
  new precaching.PrecacheRoute(precache, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] }),
);
precaching.cleanupOutdatedCaches();

// Workbox's install fetches the precache one file at a time (workbox issue 2528): a round trip per file, over a hundred
// on a phone's network. So the install first keeps the files a few at a time, and Workbox's own pass then finds each
// one kept. A file that is not a plain 200 is left to that pass, which fails the install on it as before.
const FILES_AT_ONCE = 6;

async function keepPrecacheFiles() {
  const cache = await caches.open(precache.strategy.cacheName);
  const files = PRECACHED.map(({ url, revision }) => ({
    url: new URL(url, location.href).href,
    // As Workbox asks for them: a file with a revision past the browser's HTTP cache.
    cache: revision ? "reload" : "default",
  }));
  const keepNext = async () => {
    for (let file = files.shift(); file; file = files.shift()) {
      const key = precache.getCacheKeyForURL(file.url);
      if (await cache.match(key)) continue;
      const request = new Request(file.url, { cache: file.cache, credentials: "same-origin" });
      const response = await fetch(request).catch(() => null);
      if (response?.status === 200 && !response.redirected) await cache.put(key, response);
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, keepNext));
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepPrecacheFiles().then(() => precache.install(event)));
});
self.addEventListener("activate", (event) => precache.activate(event));

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

// {type: "HF_CACHE_PYODIDE"} from a page: every file of assets/pyodide/ into the cache, with replies on the message's
// port: {progress: {stored, total}} in bytes as files come in, then {done: true, ok} once every file is stored.
const PROGRESS_STEP_BYTES = 256 * 1024;

// Whether every Pyodide file is in its cache.
async function pyodideKept() {
  const found = SETTINGS.pyodideFiles.map((file) => caches.match(scoped(file), { cacheName: PYODIDE_CACHE }));
  return (await Promise.all(found)).every(Boolean);
}

async function keepFile(file, onBytes) {
  const request = new Request(scoped(file));
  const cache = await caches.open(PYODIDE_CACHE);
  if (await cache.match(request)) return onBytes(SETTINGS.pyodideSizes[file]);
  const response = await fetch(request);
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  const stored = cache.put(request, response.clone());
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) onBytes(read.value.byteLength);
  await stored;
}

self.addEventListener("message", (event) => {
  if (event.data?.type !== "HF_CACHE_PYODIDE") return;
  const port = event.ports[0];
  const total = Object.values(SETTINGS.pyodideSizes).reduce((sum, size) => sum + size, 0);
  let stored = 0;
  let told = 0;
  const onBytes = (bytes) => {
    stored = Math.min(total, stored + bytes);
    if (stored - told < PROGRESS_STEP_BYTES && stored < total) return;
    told = stored;
    port?.postMessage({ progress: { stored, total } });
  };
  const done = Promise.all(SETTINGS.pyodideFiles.map((file) => keepFile(file, onBytes))).then(pyodideKept);
  event.waitUntil(
    done.then(
      (ok) => {
        port?.postMessage({ done: true, ok });
        return tellPages();
      },
      (error) => port?.postMessage({ done: true, ok: false, message: String(error?.message ?? error) }),
    ),
  );
});

// Each open page of the site hears that what is kept for offline use changed, and asks again (HF_OFFLINE_STATE).
async function tellPages() {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ type: "HF_OFFLINE_CHANGED" });
  }
}

// {type: "HF_OFFLINE_STATE"}: replies {site, pyodide} on the message's port, as found in Cache Storage: `site` when every
// file of the precache is there (the pages, the rules data, the handfoot zip), `pyodide` when every Pyodide file is.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "HF_OFFLINE_STATE") return;
  const state = Promise.all([
    Promise.all(PRECACHED.map((entry) => precache.matchPrecache(entry.url))).then((found) => found.every(Boolean)),
    pyodideKept(),
  ]);
  event.waitUntil(state.then(([site, pyodide]) => event.ports[0]?.postMessage({ site, pyodide })));
});
