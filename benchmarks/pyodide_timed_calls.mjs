// Times calls to handfoot's bridge in Pyodide under Node, as the rules engine's worker makes them in the browser:
// `node benchmarks/pyodide_timed_calls.mjs PYODIDE_DIR HANDFOOT_ZIP CALLS.json` starts Pyodide, unpacks the zip, then
// makes each call of CALLS.json ([{fn, args}, ...]) in turn and prints one JSON list of {ms, ok}: the wall-clock time
// of each call alone, Pyodide's start left out. On any problem it exits 1 with one line.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

try {
  const [pyodideDir, zip, callsFile] = process.argv.slice(2);
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir, stdout: () => {}, stderr: () => {} });
  pyodide.unpackArchive(new Uint8Array(await readFile(zip)), "zip");
  const bridge = pyodide.pyimport("handfoot.bridge");
  const calls = JSON.parse(await readFile(callsFile, "utf-8"));
  const timings = calls.map(({ fn, args }) => {
    const begun = performance.now();
    const answer = JSON.parse(bridge.call(fn, JSON.stringify(args)));
    return { ms: performance.now() - begun, ok: answer.ok };
  });
  process.stdout.write(JSON.stringify(timings));
} catch (error) {
  console.error(
    String(error.message ?? error)
      .trim()
      .split("\n")
      .at(-1),
  );
  process.exit(1);
}
