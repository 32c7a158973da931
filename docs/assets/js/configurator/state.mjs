// The configurator's state, held in one store (../app_state.mjs), and the named changes that make a new state from
// the old. The rules as shown (`draft`) are the rules in force with every change still waiting for handfoot's check
// (change_queue.mjs); the open set in `sets` is kept in line with them.
import { blankSet } from "./sets.mjs";

export function initialState({ sets, current, engine, notices }) {
  return {
    // The rule sets kept on this device, and the id of the open one.
    sets,
    current,
    // The open set's rules as shown: {base, name, changes}.
    draft: null,
    // The rules handfoot accepted last; a new object each time it accepts them.
    accepted: null,
    // handfoot's sheet form and words of the rules in force, or null until it has checked them.
    form: null,
    wordsNow: null,
    // Whether every rule's row is drawn again, a row being typed in too (a change snapped back, a change undone).
    force: false,
    // A new object whenever the rules are drawn anew (another set opened).
    page: null,
    engine,
    notices: notes(notices),
    // Why the last save was refused, in a player's words, or null.
    unsaved: null,
    // handfoot's reasons for the changes it refused, at the rules' fields: {path: {text, from}}, where `from` is the
    // rule whose change was refused (null for a whole set), kept until that rule changes again.
    said: {},
  };
}

// Notices are objects, each its own even when two say the same: {text}, or {deleted: set} for a set deleted.
function notes(texts) {
  return texts.map((text) => ({ text }));
}

export function opened(state, id, draft) {
  return { ...state, current: id, draft, form: null, wordsNow: null, page: {}, said: {} };
}

// A change shown at once, before handfoot has checked it.
export function proposed(state, draft, force) {
  return { ...state, draft, force };
}

// handfoot refused the change to `path` (null for a whole set): the rules in force are shown again, every row drawn
// anew, with its reasons `said` at their fields ({path: text}, refusals.mjs).
export function refused(state, draft, path = null, said = {}) {
  const kept = unsaid(state, path).said;
  const now = Object.fromEntries(Object.entries(said).map(([at, text]) => [at, { text, from: path }]));
  return { ...state, draft, force: true, said: { ...kept, ...now } };
}

// The rule at `path` changes again: what handfoot said of its last refused change goes.
export function unsaid(state, path) {
  const said = Object.fromEntries(Object.entries(state.said).filter(([, { from }]) => from !== path));
  return Object.keys(said).length === Object.keys(state.said).length ? state : { ...state, said };
}

// handfoot accepted the rules `accepted`; `answer` is its sheet form and words of them, or null without the engine.
export function settled(state, draft, accepted, answer) {
  return {
    ...state,
    draft,
    accepted,
    form: answer?.form ?? state.form,
    wordsNow: answer?.words ?? state.wordsNow,
    force: false,
  };
}

// The open set takes the rules as shown.
export function intoOpenSet(state) {
  const sets = state.sets.map((set) => (set.id === state.current ? { ...set, ...state.draft } : set));
  return { ...state, sets };
}

// `result` is storage's answer to saving the sets.
export function saved(state, result) {
  return { ...state, unsaved: result.ok ? null : result.problem };
}

export function setAdded(state, set) {
  return { ...state, sets: [...state.sets, set] };
}

// A set goes; when it was the last, a blank set of version `base` takes its place.
export function setRemoved(state, id, base) {
  const sets = state.sets.filter((set) => set.id !== id);
  return { ...state, sets: sets.length ? sets : [blankSet(base)] };
}

export function engineIs(state, engine) {
  return state.engine === engine ? state : { ...state, engine };
}

export function notified(state, ...texts) {
  return texts.length ? { ...state, notices: [...state.notices, ...notes(texts)] } : state;
}

export function deleted(state, set) {
  return { ...state, notices: [...state.notices, { deleted: set }] };
}

export function unnotified(state, notice) {
  return { ...state, notices: state.notices.filter((other) => other !== notice) };
}
