// What players do to the open game and the games kept on this device: each action changes the state with a named
// change (state.mjs) and saves the game. Scores follow on their own (scoring.mjs).
import { sameValue } from "../rulesets.mjs";
import { change, hasEntries, newGame, openRoundOf, undo } from "./model.mjs";
import { deleteGame, gameKey, readGame, saveGame, setAside, setCurrent } from "./saved_games.mjs";
import { forgotten, notified, offeredReturn, saved, shown, typed, unnotified } from "./state.mjs";

// The sheet form of a published variant, for a game played by exactly those rules; null otherwise.
export function publishedForm(data, game) {
  const published = data.variants[game.variantId];
  const plain = published && !Object.keys(game.house).length && sameValue(published, game.base);
  return plain ? data.sheets[game.variantId] : null;
}

// What every saved or imported game is checked against: the rule spec's fields and the sheet's limits.
export function known(data) {
  return { fields: data.fields, limits: data.sheets[data.default].limits };
}

export function newGameOf(data, variantId, teams = null) {
  const form = data.sheets[variantId];
  return newGame(data.variants[variantId], form, teams && teams.length >= form.limits.teams_min ? teams : null);
}

// Saving: a refusal (a full storage) is kept in the state to be said, and the entry stays on screen.
function save(state) {
  const result = saveGame(state.game);
  if (result.ok) setCurrent(state.game.id);
  return saved(state, result);
}

function focus(id) {
  document.getElementById(id)?.focus();
}

// `game` opened and drawn anew, with its published form when it was saved without one, and saved.
export function show(store, game) {
  game.form ??= publishedForm(store.get().data, game);
  store.update((state) => save(shown(state, game)));
}

// Shows `game`; one that cannot be drawn is set aside like an unreadable one, and a new game opens.
export function showSafely(store, game) {
  try {
    show(store, game);
  } catch (error) {
    setAsideUndrawable(store, error);
  }
}

export function setAsideUndrawable(store, error) {
  console.error(error);
  const { game: broken, data } = store.get();
  const why = `A saved game could not be shown (${error.message}), so a new game was started.`;
  const notice = setAside(gameKey(broken.id), why);
  const next = newGameOf(data, data.default);
  store.update((state) => save(shown(notified(forgotten(state, broken.id), notice), next)));
}

// A change to the open game, saved. The page is drawn anew when the change asks (`reshape`) or its shape changed.
export function commit(store, next, { reshape = false } = {}) {
  store.update((state) => save(reshape ? shown(state, next) : typed(state, next)));
}

// A round's row on the sheet opens that round below; which round is open is kept with the game, not as an undo step.
export function openRound(store, r) {
  show(store, { ...store.get().game, open: r });
  focus(`hf-round-${r}`);
}

// "Next": the next round opens, as a step that Undo takes back.
export function nextRound(store, r, session) {
  const to = r + 1;
  const next = change(store.get().game, (g) => (g.open = to), {
    session: `next@${session}`,
    what: `"Next: round ${to + 1}"`,
    focus: null,
  });
  commit(store, next, { reshape: true });
  focus(`hf-round-${to}`);
}

// A new game is one tap, and one more tap goes back to the game that was open.
export function startGame(store, variantId, teams) {
  const { game: left, data } = store.get();
  show(store, newGameOf(data, variantId, teams));
  store.update((state) => offeredReturn(state, left));
  focus("hf-round-0");
}

// The notice's button: back to the game left, dropping the new game if nothing was entered in it.
export function goBack(store, notice) {
  store.update((state) => unnotified(state, notice));
  const { game } = store.get();
  if (game.id === notice.started && !hasEntries(game)) {
    deleteGame(notice.started);
    store.update((state) => forgotten(state, notice.started));
  }
  resume(store, store.get().games.find((g) => g.id === notice.left.id) ?? notice.left);
}

// The notice's button: the game another tab opened, as it is saved now.
export function openFromElsewhere(store, notice) {
  store.update((state) => unnotified(state, notice));
  const { game } = readGame(gameKey(notice.elsewhere.id), known(store.get().data));
  resume(store, game ?? notice.elsewhere);
}

export function resume(store, game) {
  if (!game) return;
  show(store, game);
  if (game.form) focus(`hf-round-${openRoundOf(game)}`);
}

export function removeGame(store, game) {
  deleteGame(game.id);
  const { game: open, games, data } = store.get();
  if (game.id !== open.id) {
    store.update((state) => shown(forgotten(state, game.id), state.game));
    return;
  }
  const next = games.find((g) => g.id !== game.id) ?? newGameOf(data, data.default);
  next.form ??= publishedForm(data, next);
  store.update((state) => save(shown(forgotten(state, game.id), next)));
}

// Takes the last step back, and opens the round it was typed in. Returns the step, or null when there was none.
export function undoStep(store) {
  const { game, step } = undo(store.get().game);
  const stepRound = /^r(\d+)-t\d+-/.exec(step?.focus ?? "");
  show(store, stepRound ? { ...game, open: Number(stepRound[1]) } : game);
  return step;
}
