// The rules engine's state (engine.mjs: loading, ready, failed) in a player's words, one pattern for every app: while
// it loads, what can be done meanwhile; once ready, what it does; when it failed, what cannot be done, why, and what
// holds all the same.
import { engineMissing } from "./offline.mjs";

// `words` is what the app says: {meanwhile, ready, cannot, still}; `meanwhile` may be empty.
export function engineWords(state, { meanwhile = "", ready, cannot, still }) {
  if (state === "loading") return `Loading the rules engine… ${meanwhile}`.trim();
  if (state === "ready") return ready;
  return `${cannot}: ${engineMissing("the rules engine")} ${still}`.trim();
}

// The status line of an app whose line says only the rules engine's state (`state.engine`), in `words`.
export function engineStatusView(status, words) {
  return (state, previous) => {
    if (state.engine === previous?.engine) return;
    status.textContent = engineWords(state.engine, words);
  };
}
