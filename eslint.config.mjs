// ESLint for the browser code, the build's Node scripts and the JavaScript tests (`make lint`).
// Two rules carry the project's "one source of truth": no number of the game typed into browser code (a named
// constant with a comment is the way to write a technical number), and no game arithmetic in the browser: handfoot
// counts the pack, the deal and the scores, and the pages only show what it gives.
import js from "@eslint/js";
import globals from "globals";

// Numbers any code may write bare: nothing, one, and minus one (the last of a list, "not found").
const PLAIN_NUMBERS = [-1, 0, 1];

const oneTruth = {
  "no-magic-numbers": [
    "error",
    { ignore: PLAIN_NUMBERS, ignoreArrayIndexes: true, ignoreDefaultValues: true, enforceConst: true },
  ],
  "no-restricted-syntax": [
    "error",
    {
      selector: "BinaryExpression[operator='*']",
      message: "Game arithmetic (cards in the pack, cards dealt, points) is handfoot's: show what it computes.",
    },
  ],
};

export default [
  {
    ignores: [
      "node_modules/",
      "site/",
      ".venv/",
      ".venv-mutants/",
      ".cache/",
      "mutants/",
      "benchmarks/lighthouse/node_modules/",
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    // A rest pattern leaves out what it names: `const { history, ...kept } = game` keeps all but the history.
    rules: { "no-unused-vars": ["error", { ignoreRestSiblings: true }] },
  },
  {
    files: ["docs/assets/js/**/*.mjs"],
    languageOptions: { globals: { ...globals.browser } },
    rules: oneTruth,
  },
  {
    // Run both as a classic script in the head and as a module: a plain script with no import or export.
    files: ["overrides/assets/js/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
    rules: oneTruth,
  },
  {
    files: ["docs/assets/js/engine.worker.mjs", "docs/assets/js/engine-snapshot.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["sitebuild/node/sw.template.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: [
      "sitebuild/node/**/*.mjs",
      "tests/**/*.mjs",
      "benchmarks/**/*.mjs",
      "scripts/**/*.mjs",
      "testbench/**/*.mjs",
    ],
    languageOptions: { globals: { ...globals.node } },
  },
];
