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

// A failed download inside loadPyodide can surface as an unhandled rejection instead of a rejected promise.
self.addEventListener("unhandledrejection", (event) => {
  if (bridge) return;
  event.preventDefault();
  self.postMessage({ type: "failed", message: String(event.reason?.message ?? event.reason) });
});

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    ready ??= start(data).then(
      () => self.postMessage({ type: "ready", timings }),
      (error) => self.postMessage({ type: "failed", message: String(error?.message ?? error) }),
    );
    return;
  }
  await ready;
  self.postMessage(answer(data));
};
