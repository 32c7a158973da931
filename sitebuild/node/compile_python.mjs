// Compiles a package's modules with the browser's own Python, so that the rules engine's worker imports bytecode instead of
// compiling the sources on every start: `node sitebuild/node/compile_python.mjs PYODIDE_DIR SOURCES.zip OUT_DIR`
// unpacks the zip in Pyodide and writes each module's `__pycache__/<name>.cpython-<version>.pyc` under OUT_DIR, as the
// zip names it. Unchecked-hash pycs hold no time stamp, so the same sources give the same bytes. On any problem it exits
// 1 with one line. Run by sitebuild/bytecode.py.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const COMPILE = `
import pathlib, py_compile
root = pathlib.Path("/compile")
written = []
for source in sorted(root.rglob("*.py")):
    try:
        pyc = py_compile.compile(source, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError as error:
        raise ValueError(f"{source.relative_to(root)}: {error.exc_type_name}: {error.exc_value}") from None
    written.append(str(pathlib.Path(pyc).relative_to(root)))
written
`;

try {
  const [pyodideDir, sources, out] = process.argv.slice(2);
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir, stdout: () => {}, stderr: () => {} });
  pyodide.unpackArchive(new Uint8Array(await readFile(sources)), "zip", { extractDir: "/compile" });
  const names = pyodide.runPython(COMPILE).toJs();
  for (const name of names) {
    await mkdir(join(out, dirname(name)), { recursive: true });
    await writeFile(join(out, name), pyodide.FS.readFile(`/compile/${name}`));
  }
} catch (error) {
  console.error(
    String(error.message ?? error)
      .trim()
      .split("\n")
      .at(-1),
  );
  process.exit(1);
}
