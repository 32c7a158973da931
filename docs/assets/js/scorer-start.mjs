// Starts the scorer's worker as soon as a page that needs Python is parsed, before the page's own code has loaded.
import { readRuntime } from "./dom.mjs";
import { getSiteScorer } from "./scorer.mjs";

const runtime = readRuntime();
if (runtime) getSiteScorer(runtime);
