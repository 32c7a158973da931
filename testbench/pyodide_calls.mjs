// Runs calls to handfoot's bridge in Pyodide under Node, as the rules engine's worker runs them in the browser:
// `node testbench/pyodide_calls.mjs PYODIDE_DIR HANDFOOT_ZIP CALLS.json` unpacks the zip the site ships, then
// answers each call of CALLS.json ([{fn, args}, ...]) with `handfoot.bridge.call` and prints the answers (JSON texts)
// as one JSON list. With `--timed` after the file, each answer comes as {answer, ms}: the call's wall-clock time alone,
// Pyodide's start left out (benchmarks/simulate.py). On any problem it exits 1 with one line.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

try {
  const [pyodideDir, zip, callsFile, timed] = process.argv.slice(2);
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir, stdout: () => {}, stderr: () => {} });
  pyodide.unpackArchive(new Uint8Array(await readFile(zip)), "zip");
  const bridge = pyodide.pyimport("handfoot.bridge");
  const calls = JSON.parse(await readFile(callsFile, "utf-8"));
  const answers = calls.map(({ fn, args }) => {
    const begun = performance.now();
    const answer = bridge.call(fn, JSON.stringify(args));
    return timed === "--timed" ? { answer, ms: performance.now() - begun } : answer;
  });
  process.stdout.write(JSON.stringify(answers));
} catch (error) {
  console.error(
    String(error.message ?? error)
      .trim()
      .split("\n")
      .at(-1),
  );
  process.exit(1);
}
