// Scores follow the game: a moment after each change to what they depend on, handfoot works them out in the worker
// (scoreGame), and they are kept with the game. A game saved without its sheet form gets it once Python has started.
import { effective, freshCache, inputsKey, isEntered, roundCount, tallyFor } from "./model.mjs";
import { formMissing, notified, scored, engineIs, settled, troubled } from "./state.mjs";
import { saveScores } from "./saved_games.mjs";
import { show } from "./games.mjs";
import { engineMissing } from "../offline.mjs";

const RESCORE_DELAY_MS = 120;

// Why the rules engine is not there, in a player's words; what is typed is kept all the same.
export function engineFailure() {
  return `${engineMissing("the rules engine")} What you type is saved.`;
}

// Returns `onEngineState(state)`, for the rules engine to call, and `currentScores()`: the scores of the game as it is now,
// once handfoot has worked them out; null while it cannot.
export function followScores(store, engine) {
  let timer = 0;
  let run = 0;
  let fetching = null;

  async function rescore() {
    const game = store.get().game;
    if (!game?.form || engine.state !== "ready" || game.cache?.key === inputsKey(game)) {
      store.update(settled);
      return;
    }
    const mine = ++run;
    try {
      const cache = await scoreGame(engine, game);
      // The game may have changed meanwhile in what scores do not depend on (the round open): they still hold.
      if (mine !== run || inputsKey(store.get().game) !== cache.key) return;
      store.update((state) => scored(state, cache));
      // Only the tab that changed the game saves its scores: this tab's copy of the storage may not have the other
      // tab's latest keys yet, and a save from here could put back a value it has since typed over.
      if (!store.get().fromOtherTab) saveScores(store.get().game);
    } catch (error) {
      if (mine !== run) return;
      store.update((state) => troubled(state, error.message));
    }
  }

  // A game kept from before sheet forms were kept with it: handfoot gives its form once Python has started.
  async function fetchForm(game) {
    if (fetching === game) return;
    fetching = game;
    try {
      await engine.ready;
      const form = await engine.call("sheet_form", effective(game));
      if (store.get().game !== game) return;
      show(store, { ...game, form });
    } catch (error) {
      if (error.type !== "failed") {
        store.update((state) =>
          notified(state, `This game's rules could not be read: ${error.problem ?? error.message}`),
        );
      } else if (store.get().game === game) {
        const words =
          "This game was saved by an older version of this site, and showing it needs the rules engine, which could not start in this browser.";
        store.update((state) => formMissing(state, words));
      }
    }
  }

  store.subscribe((state, previous) => {
    if (!state.game) return;
    if (!state.game.form && state.page !== previous.page) fetchForm(state.game);
    const changed = state.game !== previous.game && inputsKey(state.game) !== inputsKey(previous.game ?? state.game);
    if (state.page !== previous.page || changed) {
      clearTimeout(timer);
      timer = setTimeout(rescore, RESCORE_DELAY_MS);
    }
  });
  return {
    onEngineState(now) {
      store.update((state) => engineIs(state, now));
      if (now === "ready") rescore();
    },
    async currentScores() {
      if (engine.state !== "ready") return null;
      clearTimeout(timer);
      await rescore();
      return freshCache(store.get().game);
    },
  };
}

// Scoring a game through handfoot in the worker: each entered team-round with score_round, then the complete
// rounds with score_game. Returns what the game caches, so a returning player sees totals before Python starts.
export async function scoreGame(engine, game) {
  const mapping = effective(game);
  const count = roundCount(game);
  const rounds = [];
  for (let r = 0; r < count; r += 1) {
    const row = [];
    for (let t = 0; t < game.teams.length; t += 1) {
      const entry = game.rounds[r]?.[t];
      if (!isEntered(entry)) {
        row.push(null);
        continue;
      }
      try {
        row.push({ ok: true, ...(await engine.call("score_round", mapping, tallyFor(entry, r + 1, game))) });
      } catch (error) {
        if (error.type !== "TallyError") throw error;
        row.push({ ok: false, message: error.message, field: error.field, fields: error.fields ?? [error.field] });
      }
    }
    rounds.push(row);
  }
  const complete = [];
  for (let r = 0; r < rounds.length && rounds[r].every((result) => result?.ok); r += 1) {
    complete.push(game.teams.map((_, t) => tallyFor(game.rounds[r][t], r + 1, game)));
  }
  let scored = null;
  let problem = null;
  if (complete.length) {
    try {
      scored = await engine.call("score_game", mapping, complete);
    } catch (error) {
      if (error.type !== "TallyError") throw error;
      problem = error.message;
    }
  }
  const minimums = game.form.by_score ? await minimumsByScore(engine, game, mapping, count, scored) : null;
  return { key: inputsKey(game), rounds, game: scored, problem, minimums };
}

// Under minimums set by score, each team's minimum for a round follows its total after the round before.
async function minimumsByScore(engine, game, mapping, count, scored) {
  const rows = [];
  for (let r = 0; r < count; r += 1) {
    const before = r === 0 ? game.teams.map(() => 0) : scored?.running?.[r - 1];
    if (!before) break;
    rows.push(await Promise.all(before.map((total) => engine.call("opening_minimum", mapping, r + 1, total))));
  }
  return rows;
}
