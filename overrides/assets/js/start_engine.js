// Starting the rules engine's worker: handfoot in Pyodide, in a module worker. Written once, and run in two ways:
// inlined into the head of a page that runs Python (partials/engine-start.html), so the worker can start as the page
// is read, and imported by engine.mjs, which takes the worker over. Kept a plain script (no import or export) so it
// is valid both ways; MkDocs copies it from the theme folder to assets/js/.
self.hfEngine ??= (() => {
  let started = null;
  return {
    get started() {
      return started !== null;
    },
    // The worker and the events it has sent until engine.mjs takes it over: {worker, heard}. Started once; a second
    // call gets the same worker.
    start({ worker: script, pyodide, zip, store }) {
      if (started) return started;
      const worker = new Worker(script, { type: "module" });
      const heard = [];
      worker.onmessage = worker.onerror = (event) => {
        if (event.type === "error") event.preventDefault();
        heard.push(event);
      };
      performance.mark("hf-engine-start");
      worker.postMessage({ type: "init", pyodide, zip, store });
      started = { worker, heard };
      return started;
    },
  };
})();
