// Writes the service worker into a built site: `node sitebuild/node/service_worker.mjs SITE_DIR PYODIDE_PATH`.
// Copies Workbox's runtime into SITE_DIR/assets/workbox-<version>/, fills in the settings of sw.template.js and runs
// workbox-build's injectManifest for the precache manifest. Prints one line; on any problem exits 1 with one line.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { injectManifest } from "workbox-build";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TEMPLATE = fileURLToPath(new URL("sw.template.js", import.meta.url));
// The Workbox modules the worker uses, in the order they load (each needs the ones before it).
const WORKBOX_MODULES = ["workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching"];
// Larger than any file precached; a file over it would be left out, which fails the build below.
const LARGEST_BYTES = 8 * 1024 * 1024;
// Left out of the precache: the worker itself and its runtime (the browser keeps those), Pyodide (cached on its own
// when an app needs it), source maps (for developer tools only), the search's word splitters for other languages
// than this site's English, which the search never loads, and the sitemaps, which only search engines read.
const IGNORED = [
  "sw.js",
  "assets/workbox-*/**",
  "assets/pyodide/**",
  "**/*.map",
  "assets/javascripts/lunr/**",
  "sitemap.xml*",
];

async function version(name) {
  const text = await readFile(join(ROOT, "node_modules", name, "package.json"), "utf-8");
  return JSON.parse(text).version;
}

async function copyWorkbox(siteDir) {
  const folder = `assets/workbox-${await version("workbox-core")}/`;
  await mkdir(join(siteDir, folder), { recursive: true });
  const scripts = [];
  for (const name of WORKBOX_MODULES) {
    const file = `${name}.prod.js`;
    await copyFile(join(ROOT, "node_modules", name, "build", file), join(siteDir, folder, file));
    scripts.push(folder + file);
  }
  return scripts;
}

async function main([siteDir, pyodidePath]) {
  const settings = {
    workboxScripts: await copyWorkbox(siteDir),
    pyodidePath,
    pyodideVersion: await version("pyodide"),
    pyodideFiles: (await readdir(join(siteDir, pyodidePath))).sort().map((file) => pyodidePath + file),
  };
  // Each file's size as the page receives it (decoded), for the progress of keeping Pyodide for offline use.
  settings.pyodideSizes = Object.fromEntries(
    await Promise.all(settings.pyodideFiles.map(async (file) => [file, (await stat(join(siteDir, file))).size])),
  );
  const template = await readFile(TEMPLATE, "utf-8");
  const temp = await mkdtemp(join(tmpdir(), "hf-sw-"));
  try {
    const swSrc = join(temp, "sw.js");
    await writeFile(
      swSrc,
      template.replace("self.__HF_SETTINGS", () => JSON.stringify(settings)),
    );
    const { count, size, warnings } = await injectManifest({
      swSrc,
      swDest: join(siteDir, "sw.js"),
      globDirectory: siteDir,
      globPatterns: ["**/*"],
      globIgnores: IGNORED,
      maximumFileSizeToCacheInBytes: LARGEST_BYTES,
    });
    if (warnings.length) throw new Error(warnings.join(" "));
    console.log(`sw.js: ${count} files precached (${Math.round(size / 1024)} KiB), Pyodide cached on demand`);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(String(error?.message ?? error).split("\n")[0]);
  process.exit(1);
});
