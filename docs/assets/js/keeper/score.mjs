// Scoring a game through handfoot in the worker: each entered team-round with score_round, then the complete
// rounds with score_game. Returns what the game caches, so a returning player sees totals before Python starts.
import { effective, inputsKey, isEntered, roundCount, tallyFor } from "./model.mjs";

export async function scoreGame(scorer, game) {
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
        row.push({ ok: true, ...(await scorer.call("score_round", mapping, tallyFor(entry, r + 1, game))) });
      } catch (error) {
        if (error.type !== "TallyError") throw error;
        row.push({ ok: false, message: error.message, field: error.field });
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
      scored = await scorer.call("score_game", mapping, complete);
    } catch (error) {
      if (error.type !== "TallyError") throw error;
      problem = error.message;
    }
  }
  const minimums = game.form.by_score ? await minimumsByScore(scorer, game, mapping, count, scored) : null;
  return { key: inputsKey(game), rounds, game: scored, problem, minimums };
}

// Under minimums set by score, each team's minimum for a round follows its total after the round before.
async function minimumsByScore(scorer, game, mapping, count, scored) {
  const rows = [];
  for (let r = 0; r < count; r += 1) {
    const before = r === 0 ? game.teams.map(() => 0) : scored?.running?.[r - 1];
    if (!before) break;
    rows.push(await Promise.all(before.map((total) => scorer.call("opening_minimum", mapping, r + 1, total))));
  }
  return rows;
}
