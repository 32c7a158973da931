// Bundles the site's browser modules with esbuild: `node sitebuild/node/bundle_modules.mjs FOLDER ENTRY...` prints
// one JSON object: `files`, each output's name (relative to the folder, as "site.mjs" or "chunk-ABCD2345.mjs") -> its
// text; and `modules`, each output module's name -> {source, imports}: the source it was made from where it is an entry
// or a dynamic import's target (as "keeper/app.mjs"), else null, and the outputs it imports statically.
// Code that several entries use goes into shared chunks, so a page that imports two entries runs one copy of it.
// Every output sits at the folder's top level, as the entries do, so `import.meta.url` points where it did.
// On any problem (a syntax error, an import of a missing module, a warning) it exits 1 with one line.
import { build } from "esbuild";
import { relative, resolve } from "node:path";

// esbuild wants its working folder absolute; the outputs' paths are under it.
const [given, ...entryPoints] = process.argv.slice(2);
const folder = resolve(given);
const OUT = "bundled";

try {
  const result = await build({
    absWorkingDir: folder,
    entryPoints,
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    sourcemap: "linked",
    outExtension: { ".js": ".mjs" },
    chunkNames: "[name]-[hash]",
    // A classic script the theme copies beside the modules (overrides/assets/js/), imported by engine.mjs.
    external: ["./start_engine.js"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  if (result.warnings.length) throw { errors: result.warnings };
  const files = {};
  for (const file of result.outputFiles) files[relative(`${folder}/${OUT}`, file.path)] = file.text;
  const modules = {};
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!path.endsWith(".mjs")) continue;
    const imports = output.imports.filter(({ kind }) => kind === "import-statement");
    modules[relative(OUT, path)] = {
      source: output.entryPoint ?? null,
      imports: imports.map((imported) => relative(OUT, imported.path)),
    };
  }
  process.stdout.write(JSON.stringify({ files, modules }));
} catch (error) {
  const first = error.errors?.[0];
  const where = first?.location ? `${first.location.file}:${first.location.line}: ` : "";
  console.error(first ? `${where}${first.text}` : String(error.message ?? error).split("\n")[0]);
  process.exit(1);
}
