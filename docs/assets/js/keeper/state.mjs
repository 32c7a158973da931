// The keeper's state, held in one store (../app_state.mjs), and the named changes that make a new state from the old.
//
// `page` is a new object whenever the page must be drawn anew from the state (another game, a change made by undo).
// `typing` marks a change the page already shows (a key typed, a field entered or left): results are not painted for
// it, and the page is drawn again only when its shape changed. The next change that is not typing paints them.
import { hasEntries } from "./model.mjs";

export function initialState(data, engine) {
  return {
    data,
    game: null,
    games: [],
    page: null,
    typing: false,
    // Strings, and {left, started}: the way back to the game left for a new one.
    notices: [],
    // Why the last save was refused, in a player's words, or null.
    unsaved: null,
    engine,
    // What the rules engine hit that it did not expect, or null.
    trouble: null,
    // The team whose fields have focus ("r0-t1"), whose rules that span several fields wait until it is left.
    editing: null,
    // While handfoot checks the rules of a game about to open: {title, words, keepWords, keep, failed}.
    checking: null,
    // Why a game saved without its sheet form cannot be shown, or null.
    formProblem: null,
    // Whether the open game is as another tab saved it, and nothing has changed it here since.
    fromOtherTab: false,
  };
}

// The game opened, or changed other than by typing: the page is drawn anew.
export function shown(state, game) {
  return { ...state, game, page: {}, typing: false, formProblem: null, fromOtherTab: false };
}

// The game as another tab saved it: drawn anew, and its scores are not saved from here (see scoring.mjs).
export function arrived(state, game) {
  return { ...shown(state, game), fromOtherTab: true };
}

// The game changed by what was typed in the page, which shows it already.
export function typed(state, game) {
  return { ...state, game, typing: true, fromOtherTab: false };
}

// The game saved (`result` is storage's answer): it heads the saved games, and a refusal is kept to be said.
export function saved(state, result) {
  const games = [state.game, ...state.games.filter((g) => g.id !== state.game.id)];
  return { ...state, games, unsaved: result.ok ? null : result.problem };
}

export function loaded(state, games) {
  return { ...state, games };
}

// A game saved on this device besides the open one (a copy kept when another replaced it).
export function kept(state, game) {
  return { ...state, games: [...state.games, game] };
}

export function forgotten(state, id) {
  return { ...state, games: state.games.filter((g) => g.id !== id) };
}

// Scores handfoot worked out for the game as it is.
export function scored(state, cache) {
  return { ...state, game: { ...state.game, cache }, typing: false };
}

// The typing has settled: results are painted for the game as it is.
export function settled(state) {
  return state.typing ? { ...state, typing: false } : state;
}

export function entered(state, team) {
  return { ...state, editing: team, typing: true };
}

export function left(state) {
  return { ...state, editing: null, typing: true };
}

export function engineIs(state, engine) {
  return { ...state, engine, trouble: null };
}

export function troubled(state, trouble) {
  return { ...state, trouble };
}

export function notified(state, ...notices) {
  return notices.length ? { ...state, notices: [...state.notices, ...notices] } : state;
}

export function unnotified(state, notice) {
  return { ...state, notices: state.notices.filter((n) => n !== notice) };
}

// Another tab opened `game`, which this tab does not show: said once, the latest replacing any earlier one.
export function openedElsewhere(state, game) {
  const fresh = !state.games.some((g) => g.id === game.id);
  const notices = state.notices.filter((n) => !n.elsewhere);
  return { ...state, notices: [...notices, { elsewhere: game, fresh }] };
}

// A new game is open: one way back to the game left, replacing any earlier one.
export function offeredReturn(state, left) {
  if (!left || !hasEntries(left)) return state;
  const notices = state.notices.filter((n) => !n.left);
  return { ...state, notices: [...notices, { left, started: state.game.id }] };
}

export function checking(state, check) {
  return { ...state, checking: check };
}

export function formMissing(state, problem) {
  return { ...state, formProblem: problem, page: {} };
}

// A saved game other than the open one, as it is kept now (its scores worked out for the players' records).
export function rescored(state, game) {
  return { ...state, games: state.games.map((g) => (g.id === game.id ? game : g)) };
}

// The games `ids` no longer count in the players' records; the open game among them too.
export function recordsCleared(state, ids) {
  const cleared = (game) => (ids.includes(game.id) ? { ...game, inRecords: false } : game);
  return { ...state, game: state.game && cleared(state.game), games: state.games.map(cleared) };
}
