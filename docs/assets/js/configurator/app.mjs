// The house-rules configurator: start from a published version, change any rule, see the rule page and the sheet it
// makes, then print, share, score or download them. handfoot in Pyodide checks, words and describes; the shared
// templates draw.
//
// Its state is in one store (../app_state.mjs, with its changes in state.mjs): the rule sets, the open one's rules as
// shown and in force, the notices. A person's actions change it (actions.mjs), and views draw it: the status line,
// the notices and the save warning (chrome.mjs), and the rule set, its rules, the bar and the previews (rules_view.mjs).
import { fill, h, siteUrl } from "../dom.mjs";
import { startApp } from "../startup.mjs";
import { createStore } from "../app_state.mjs";
import { encodeRuleset, houseRules } from "../rulesets.mjs";
import { configuratorActions } from "./actions.mjs";
import { askHandfoot } from "./asking.mjs";
import { changesBar } from "./bar.mjs";
import { noticesView, saveProblemView, statusView } from "./chrome.mjs";
import { howItPlays } from "./plays.mjs";
import { adoptLink } from "./linked.mjs";
import { rulesForm } from "./rules_form.mjs";
import { previewView, rulesShown, rulesView } from "./rules_view.mjs";
import { loadSets } from "./sets.mjs";
import { setHeader } from "./set_header.mjs";
import { initialState } from "./state.mjs";
import { RULES, views } from "./views.mjs";

export function mountConfigurator(root) {
  const { runtime, status, notices, engine, draw } = startApp();
  const body = h("div", { class: "hf-config" });
  fill(root, status, notices, body);
  draw((loaded) => start(loaded, { runtime, status, notices, engine, body }));
}

function start(loaded, { runtime, status, notices, engine, body }) {
  const { variants, spec, fields, most } = loaded;
  const paths = new Set(fields.map((field) => field.path));
  const kept = loadSets({ variants, paths, most, base: loaded.default });
  const linked = adoptLink({ sets: kept.sets, current: kept.current, variants, paths, most });
  const store = createStore(
    initialState({
      sets: linked.sets,
      current: linked.current,
      engine: engine.state,
      notices: [...kept.problems, ...linked.notices],
    }),
  );
  const baseOf = (draft) => variants[draft.base];
  const shareUrl = (draft) => `${siteUrl("configurator/")}#rules=${encodeRuleset(draft)}`;
  const rulesOf = (draft) => houseRules(baseOf(draft), draft, shareUrl(draft));
  const ask = askHandfoot({ engine, rulesOf, baseOf });
  const actions = configuratorActions({ store, data: loaded, ask });

  const rules = () => rulesShown(store.get(), loaded);
  const header = setHeader({ variants, most, actions });
  const form = rulesForm({ spec, rules, onValue: actions.setRule });
  const played = howItPlays({ engine, rulesNow: actions.inForce, rulesOf, baseOf, loaded });
  const saveProblem = h("p", { id: "hf-save-problem", class: "hf-error", role: "alert", hidden: true });
  const tabs = views({
    rulesPanel: h("div", {}, header.element, saveProblem, form.element),
    playsPanel: played.element,
    onShow: (key) => {
      if (key !== RULES) bar.setOpen(false);
    },
  });
  // The rules on screen leave the page (a link, a file) unless a value typed is not one yet: then the bar says why.
  const carry = (use) => {
    const why = form.unsettled();
    if (!why) use(store.get().draft);
    return why;
  };
  const bar = changesBar({
    rules,
    carry,
    shareUrl,
    actions: {
      // The rule page opens at the rule changed last.
      view: (key) => tabs.show(key, Object.keys(store.get().draft.changes).at(-1) ?? null),
      showRule: (path) => {
        tabs.show(RULES);
        form.openRule(path);
      },
      undo: actions.undo,
      startAgain: actions.startAgain,
      download: ask.download,
    },
  });
  fill(body, tabs.tabs.element, tabs.panels, bar.element, played.notice);

  store.watch(statusView(status));
  store.watch(noticesView(notices, { variants, onBringBack: actions.bringBack }));
  store.watch(saveProblemView(saveProblem));
  store.watch(rulesView({ header, form, bar, played, tabs, variants }));
  store.watch(previewView({ ask, tabs, runtime }));
  // A key typed may leave a value on screen that is not a rule's value yet: the share link says so at once.
  body.addEventListener("input", () => queueMicrotask(() => bar.paint(form.unsettled())));
  engine.onState(actions.engineState);
  header.element.open = matchMedia("(min-width: 60em)").matches;
  form.openFirst();
  const onProblem = linked.adopted && ((problem) => actions.refuseLink(problem, linked.adopted, kept.current));
  actions.open(store.get().current, onProblem);
  // Drawn once the rule set is open (startup.mjs starts the rules engine then).
  return form.drawn();
}
