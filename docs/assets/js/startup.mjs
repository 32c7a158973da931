// What the keeper, the configurator and the rule helper start with: a status line, a place for notices, the rules
// data and the rules engine. The page takes input as soon as the data has arrived; Python loads in its worker beside it.
import { h, nextTask, readRuntime, siteUrl } from "./dom.mjs";
import { getSiteEngine } from "./engine.mjs";
import { releaseWorker } from "./offline.mjs";
import { offlineStatus } from "./ready.mjs";

async function fetchJson(path) {
  const response = await fetch(siteUrl(path));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

let appData = null;

// The rules data every app starts from, asked for once: {variants, sheets, cards, words, default, most, plays,
// playRun, spec, fields}.
function loadAppData(runtime) {
  appData ??= Promise.all([fetchJson(runtime.variants_json), fetchJson(runtime.spec_json)]).then(
    ([variants, spec]) => ({
      variants: variants.variants,
      sheets: variants.sheets,
      cards: variants.cards,
      words: variants.words,
      default: variants.default,
      most: variants.text_most,
      plays: variants.plays,
      playRun: variants.play_run,
      spec,
      fields: spec.flatMap((section) => section.fields),
    }),
  );
  // Reported by startApp, which may come later.
  appData.catch(() => {});
  return appData;
}

// What site.mjs does while the app's modules load: asks for the rules data.
export function prepareApp() {
  const runtime = readRuntime();
  if (runtime) loadAppData(runtime);
}

// {runtime, status, notices, engine, draw, offline}: `draw(app)` calls `app(data)` with loadAppData's rules data
// once it is in, and starts the rules engine's worker once the app is drawn (when the promise `app` returns, if any, has
// resolved), a task later so the first frame is the app's; calls made before wait for it. This is the one place a
// page's modules start Python; the page's head may have started it already (partials/engine-start.html). `offline`
// is the offline line (ready.mjs; `options.offline` says which app's), with the keeper's offer to keep it, or null.
export function startApp(options = {}) {
  const runtime = readRuntime();
  const status = h("p", { class: "hf-status", role: "status", text: "Getting the rules ready…" });
  const notices = h("div", { class: "hf-notices", role: "alert" });
  const engine = getSiteEngine(runtime, { later: true });
  releaseWorker(new Promise((resolve) => engine.onState((state) => state !== "loading" && resolve())));
  const loaded = loadAppData(runtime);
  loaded.catch((error) => {
    status.textContent = `The rules could not be loaded (${error.message}). Reload the page to try again.`;
  });
  // The app starts once the data is in. Without it the app waits for good, and the status line says why.
  const data = loaded.catch(() => new Promise(() => {}));
  // Whether the app works offline, shown under `status` once the app has put that in the page.
  const offline = offlineStatus(options.offline);
  if (offline) queueMicrotask(() => status.after(...offline));
  const draw = (app) =>
    data
      .then(app)
      .then(() => nextTask())
      .then(() => engine.start());
  return { runtime, status, notices, engine, draw, offline };
}
