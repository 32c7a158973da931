// Precompiles the templates the configurator renders in the browser, so that the page never compiles them:
// `node sitebuild/node/precompile_templates.mjs NAME=PATH ...` prints one script that registers each under NAME for
// nunjucks-slim's PrecompiledLoader (in window.nunjucksPrecompiled). On any problem it exits 1 with one line.
import { readFile } from "node:fs/promises";
import nunjucks from "nunjucks";

try {
  const scripts = [];
  for (const pair of process.argv.slice(2)) {
    const [name, path] = pair.split("=");
    scripts.push(nunjucks.precompileString(await readFile(path, "utf-8"), { name }));
  }
  process.stdout.write(scripts.join("\n"));
} catch (error) {
  console.error(String(error.message ?? error).split("\n")[0]);
  process.exit(1);
}
