let bridge = null;
let ready = null;

const timings = {};

async function start({ pyodide: indexURL, zip }) {
  const begun = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const [pyodide, archive] = await Promise.all([loadPyodide({ indexURL }), download(zip)]);
  timings.pyodide = performance.now() - begun;
  pyodide.unpackArchive(archive, "zip");
  bridge = pyodide.pyimport("handfoot.bridge").call;
  timings.handfoot = performance.now() - begun - timings.pyodide;
}

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

function answer({ id, fn, args = [] }) {
  if (!bridge) {
    return { id, ok: false, error: { type: "failed", message: "Python did not load.", field: "" } };
  }
  try {
    return { id, ...JSON.parse(bridge(fn, JSON.stringify(args))) };
  } catch (error) {
    const message = String(error?.message ?? error);
    return { id, ok: false, error: { type: "internal", message, field: "", detail: String(error?.stack ?? message) } };
  }
}

let failed = false;

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
      () => failed || self.postMessage({ type: "ready", timings }),
      (error) => startFailed(error),
    );
    return;
  }
  await ready;
  self.postMessage(answer(data));
};
