// What a person does to the rule sets: opens one, changes its rules, adds, deletes and brings back a set. Each action
// changes the state with a named change (state.mjs) and saves the sets; the views draw the state.
//
// A change is shown at once, checked in order by handfoot (change_queue.mjs), and applied when handfoot accepts it; a
// refused one snaps back to the value in force, with handfoot's reason kept in the state for its field (refusals.mjs).
import { changeQueue } from "./change_queue.mjs";
import { rebased, withRule, withoutChange } from "./edits.mjs";
import { blankSet, saveSets } from "./sets.mjs";
import {
  deleted,
  engineIs,
  intoOpenSet,
  notified,
  opened,
  proposed,
  refused,
  saved,
  setAdded,
  setRemoved,
  settled,
  unnotified,
  unsaid,
} from "./state.mjs";
import { refusalWords } from "./refusals.mjs";

// `ask` is what handfoot is asked (asking.mjs).
export function configuratorActions({ store, data, ask }) {
  const { variants } = data;
  let queue = null;

  // The open set takes the rules as shown, and every set is written; a refusal is kept in the state to be said.
  function save(state) {
    const next = intoOpenSet(state);
    return saved(next, saveSets(next.sets, next.current));
  }

  // Opens a rule set: it is drawn anew and checked; `onProblem` handles a set handfoot refuses.
  function open(id, onProblem = null) {
    const set = store.get().sets.find((other) => other.id === id);
    const draft = { base: set.base, name: set.name, changes: set.changes };
    if (queue) queue.reset(draft);
    else queue = changeQueue(draft, ask.check);
    store.update((state) => opened(state, id, draft));
    propose((d) => d, { onProblem });
  }

  // A change: shown at once, applied when handfoot has checked it against the rules as they then stand.
  function propose(transform, { path = null, force = false, onProblem = null } = {}) {
    const done = queue.propose(transform, path);
    store.update((state) => save(proposed(state, queue.shown(), force)));
    done.then((result) => settle(result, { path, onProblem }));
  }

  function settle(result, { path, onProblem }) {
    if (result.stale) return;
    const { problem, answer } = result;
    if (!problem) {
      store.update((state) => settled(state, queue.shown(), queue.accepted, answer));
      return;
    }
    if (path && queue.waiting(path)) return;
    if (problem.type === "VariantError" && onProblem) return onProblem(problem);
    // The refused value goes; the rules in force come back on screen, with the reason at the field.
    const { said, notice } = refusalWords(problem, path, data.fields);
    store.update((state) => save(refused(state, queue.shown(), path, said)));
    if (notice) store.update((state) => notified(state, notice));
  }

  function refuseLink(problem, { set, added }, before) {
    const why = problem.problem ?? problem.message;
    store.update((state) => notified(state, `The rules in this link are not possible (${why}). They were not kept.`));
    if (!added) return;
    store.update((state) => setRemoved(state, set.id, data.default));
    const { sets } = store.get();
    open(sets.some((other) => other.id === before) ? before : sets[0].id);
  }

  function addSet() {
    const set = blankSet(data.default);
    store.update((state) => setAdded(state, set));
    open(set.id);
  }

  // The open set goes, the one after it opens, and a notice offers it back.
  function removeSet() {
    const { sets, current, draft } = store.get();
    const index = sets.findIndex((set) => set.id === current);
    const gone = { ...sets[index], ...draft };
    store.update((state) => setRemoved(state, current, data.default));
    const left = store.get().sets;
    open(left[Math.min(index, left.length - 1)].id);
    store.update((state) => deleted(state, gone));
  }

  function bringBack(notice) {
    store.update((state) => setAdded(unnotified(state, notice), notice.deleted));
    open(notice.deleted.id);
  }

  return {
    open,
    refuseLink,
    addSet,
    removeSet,
    bringBack,
    setRule(field, value, force) {
      store.update((state) => unsaid(state, field.path));
      const change = (draft) => withRule(draft, variants[draft.base], field.path, value);
      propose(change, { path: field.path, force });
    },
    rebase: (id) => propose((draft) => rebased(draft, id, variants[id]), { force: true }),
    rename: (text) => propose((draft) => ({ ...draft, name: text })),
    undo: (path) => propose((draft) => withoutChange(draft, path), { path, force: true }),
    startAgain: () => propose((draft) => ({ ...draft, changes: {} }), { force: true }),
    engineState: (state) => store.update((now) => engineIs(now, state)),
    // The rules in force once every change now waiting has been checked.
    inForce: () => queue.settled(),
  };
}
