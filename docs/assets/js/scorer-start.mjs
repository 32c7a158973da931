// Starts the scorer's worker as soon as a page that needs Python is parsed, before the page's own code has loaded.
import { readRuntime, siteUrl } from "./dom.mjs";
import { getScorer } from "./scorer.mjs";

const runtime = readRuntime();
if (runtime) getScorer({ pyodideUrl: siteUrl(runtime.pyodide), zipUrl: siteUrl(runtime.handfoot_zip) });
