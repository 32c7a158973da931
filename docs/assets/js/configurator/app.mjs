// The house-rules configurator: start from a published version, change any rule, see the rule page and the sheet it
// makes, then print, share, score or download them. handfoot in Pyodide checks, words and describes; the shared
// templates draw. The app's state is one store; the rule set header, the rules, the bar and the views draw from it.
//
// A change is shown at once, checked in order by handfoot (change_queue.mjs), and applied when handfoot accepts it; a
// refused one snaps back to the value in force, with handfoot's reason at its field.
import { fill, h, siteUrl } from "../dom.mjs";
import { engineMissing } from "../offline.mjs";
import { startApp } from "../startup.mjs";
import { createStore } from "../app_state.mjs";
import { encodeRuleset, houseRules, ruleInForce } from "../rulesets.mjs";
import { askHandfoot } from "./asking.mjs";
import { changesBar } from "./bar.mjs";
import { changeQueue } from "./change_queue.mjs";
import { howItPlays } from "./plays.mjs";
import { rebased, withRule, withoutChange } from "./edits.mjs";
import { adoptLink } from "./linked.mjs";
import { refusals } from "./refusals.mjs";
import { rulesForm } from "./rules_form.mjs";
import { blankSet, isBlank, loadSets, saveSets, setLabel } from "./sets.mjs";
import { setHeader } from "./set_header.mjs";
import { RULES, views } from "./views.mjs";

export function mountConfigurator(root) {
  const { runtime, status, notices, engine, draw } = startApp();
  const body = h("div", { class: "hf-config" });
  fill(root, status, notices, body);
  draw((loaded) => start(loaded, { runtime, status, notices, engine, body }));
}

function start(loaded, { runtime, status, notices, engine, body }) {
  const { variants, sheets, words, spec, fields, most } = loaded;
  const paths = new Set(fields.map((field) => field.path));
  const kept = loadSets({ variants, paths, most, base: loaded.default });
  const linked = adoptLink({ sets: kept.sets, current: kept.current, variants, paths, most });
  // The store: the rule sets, the open one, its rules as shown, and what handfoot said of the rules in force (their
  // sheet form and their words).
  const store = createStore({ sets: linked.sets, current: linked.current, draft: null, form: null, wordsNow: null });
  const notify = (...parts) => notices.append(h("p", {}, ...parts));
  for (const text of [...kept.problems, ...linked.notices]) notify(text);

  const baseOf = (draft) => variants[draft.base];
  const shareUrl = (draft) => `${siteUrl("configurator/")}#rules=${encodeRuleset(draft)}`;
  const rulesOf = (draft) => houseRules(baseOf(draft), draft, shareUrl(draft));
  const ask = askHandfoot({ engine, rulesOf, baseOf });
  const openSet = () => store.get().sets.find((set) => set.id === store.get().current);
  let queue = null;
  const problems = refusals({ fields, notify });

  const rules = () => {
    const { draft, form, wordsNow } = store.get();
    return {
      draft,
      base: baseOf(draft),
      valueOf: (path) => ruleInForce(baseOf(draft), draft.changes, path),
      form: form ?? sheets[draft.base],
      fields,
      wordsNow: () => wordsNow,
      wordsOf: (id) => words[id],
    };
  };
  const header = setHeader({
    variants,
    most,
    actions: {
      open: (id) => open(id),
      add: addSet,
      remove: removeSet,
      base: (id) => propose((draft) => rebased(draft, id, variants[id]), { force: true }),
      name: (text) => propose((draft) => ({ ...draft, name: text })),
    },
  });
  const form = rulesForm({ spec, rules, onValue: setRule });
  const played = howItPlays({ engine, rulesNow: () => queue.settled(), rulesOf, baseOf, loaded });
  const saveProblem = h("p", { id: "hf-save-problem", class: "hf-error", role: "alert", hidden: true });
  const shown = views({
    rulesPanel: h("div", {}, header.element, saveProblem, form.element),
    playsPanel: played.element,
    onShow: (key) => {
      if (key !== RULES) bar.setOpen(false);
    },
  });
  const bar = changesBar({
    rules,
    carry,
    shareUrl,
    actions: {
      view: (key) => shown.show(key, lastChanged()),
      showRule: (path) => {
        shown.show(RULES);
        form.openRule(path);
      },
      undo: (path) => propose((draft) => withoutChange(draft, path), { path, force: true }),
      startAgain: () => propose((draft) => ({ ...draft, changes: {} }), { force: true }),
      download: ask.download,
    },
  });
  fill(body, shown.tabs.element, shown.panels, bar.element, played.notice);
  store.subscribe(paint);
  // A key typed may leave a value on screen that is not a rule's value yet: the share link says so at once.
  body.addEventListener("input", () => queueMicrotask(() => bar.paint(notCarried())));
  engine.onState(showEngineState);
  header.element.open = matchMedia("(min-width: 60em)").matches;
  form.openFirst();
  // Drawn once the rule set is open (startup.mjs starts the rules engine then).
  return open(store.get().current, linked.adopted ? (problem) => refuseLink(problem, linked.adopted) : null);

  function showEngineState(state) {
    if (state === "ready") status.textContent = "Ready. Every change is checked, saved here and previewed.";
    else if (state === "loading") status.textContent = "Loading the rules engine… You can change rules now.";
    else
      status.textContent = `Changes cannot be checked or previewed now: ${engineMissing("the rules engine")} Your choices are still saved.`;
  }

  // Opens a rule set: everything is drawn anew and the set is checked; `onProblem` handles a set handfoot refuses.
  function open(id, onProblem = null) {
    const set = store.get().sets.find((other) => other.id === id);
    const draft = { base: set.base, name: set.name, changes: set.changes };
    if (queue) queue.reset(draft);
    else queue = changeQueue(draft, ask.check);
    store.update((state) => ({ ...state, current: id, draft, form: null, wordsNow: null }));
    const drawn = form.reset();
    propose((d) => d, { onProblem });
    return drawn;
  }

  function refuseLink(problem, { set, added }) {
    notify(`The rules in this link are not possible (${problem.problem ?? problem.message}). They were not kept.`);
    if (!added) return;
    const sets = store.get().sets.filter((other) => other !== set);
    if (!sets.length) sets.push(blankSet(loaded.default));
    store.update((state) => ({ ...state, sets }));
    open(sets.some((other) => other.id === kept.current) ? kept.current : sets[0].id);
  }

  function persist() {
    Object.assign(openSet(), queue.shown());
    const saved = saveSets(store.get().sets, store.get().current);
    saveProblem.hidden = saved.ok;
    saveProblem.textContent = saved.ok
      ? ""
      : `Not saved: ${saved.problem}. Your rules are still on screen; copy the share link or download the YAML to keep them.`;
  }

  // A change: shown at once, applied when handfoot has checked it against the rules as they then stand.
  function propose(transform, { path = null, message = null, force = false, onProblem = null } = {}) {
    const done = queue.propose(transform, path);
    store.update((state) => ({ ...state, draft: queue.shown(), force }));
    persist();
    done.then((result) => settled(result, { path, message, onProblem }));
  }

  function settled(result, { path, message, onProblem }) {
    if (result.stale) return;
    const { problem, answer } = result;
    if (problem) {
      if (path && queue.waiting(path)) return;
      if (problem.type === "VariantError" && onProblem) return onProblem(problem);
      // The refused value goes; the rules in force come back on screen, with the reason at the field.
      store.update((state) => ({ ...state, draft: queue.shown(), force: true }));
      problems.show(problem, path, message);
      persist();
      return;
    }
    store.update((state) => ({
      ...state,
      draft: queue.shown(),
      form: answer?.form ?? state.form,
      wordsNow: answer?.words ?? state.wordsNow,
      force: false,
    }));
    ask.describe(queue.accepted, (describe) => shown.draw(runtime, describe), shown.failed);
  }

  function setRule(field, value, message, force) {
    problems.clear(field.path, message);
    propose((draft) => withRule(draft, baseOf(draft), field.path, value), { path: field.path, message, force });
  }

  function fieldOf(path) {
    return fields.find((field) => field.path === String(path).split("[")[0]);
  }

  function addSet() {
    const set = blankSet(loaded.default);
    store.update((state) => ({ ...state, sets: [...state.sets, set] }));
    open(set.id);
    header.element.open = true;
    header.focusName();
  }

  function removeSet() {
    const set = openSet();
    const gone = { ...set, ...queue.shown() };
    const before = store.get().sets;
    const index = before.indexOf(set);
    const sets = before.filter((other) => other !== set);
    if (!sets.length) sets.push(blankSet(loaded.default));
    store.update((state) => ({ ...state, sets }));
    open(sets[Math.min(index, sets.length - 1)].id);
    const back = h("button", {
      type: "button",
      class: "md-button",
      text: "Bring it back",
      onclick: () => {
        back.closest("p")?.remove();
        store.update((state) => ({ ...state, sets: [...state.sets, gone] }));
        open(gone.id);
      },
    });
    notify(`Deleted the rule set "${setLabel(gone, variants)}". `, back);
    header.focusSet();
  }

  // Why the rules on screen cannot leave the page yet, or null: a value typed that is not one yet. Changes still
  // waiting for handfoot's check go; the page the link opens checks them.
  function notCarried() {
    const typed = body.querySelector(".hf-config__rules [data-unsettled]");
    if (!typed) return null;
    const field = fieldOf(typed.closest("[data-path]").dataset.path);
    const what = typed.value.trim() ? `shows "${typed.value}", which is not a value yet` : "is empty";
    return `"${field.label}" ${what}: finish it first.`;
  }

  function carry(use) {
    const why = notCarried();
    if (!why) use(queue.shown());
    return why;
  }

  // The rule changed last, to show on the rule page.
  function lastChanged() {
    return Object.keys(store.get().draft.changes).at(-1) ?? null;
  }

  function paint(state) {
    const { draft, sets, current, force } = state;
    const labels = sets.map((set) => setLabel(set.id === current ? { ...set, ...draft } : set, variants));
    const lone = sets.length === 1 && isBlank({ ...openSet(), ...draft }, variants);
    header.paint({ sets, labels, current, draft, lone });
    form.paint({ force });
    bar.paint(notCarried());
    played.update(draft);
    shown.help.textContent = `Rules that differ from ${baseOf(draft).name} are marked with a bar in the margin.`;
  }
}
