// The open rule set drawn from the state: its header, its rules (drawn anew when another set opens), the bar, how it
// plays and the rule page's help line; and the rule page and the sheet, drawn again from handfoot's description each
// time it accepts the rules.
import { ruleInForce } from "../rulesets.mjs";
import { isBlank, setLabel } from "./sets.mjs";

// What the rows and the bar are drawn from: the rules as shown, and handfoot's form and words of those in force (the
// base version's form until it has checked them). `data` is the rules data the app started from.
export function rulesShown({ draft, form, wordsNow, said }, data) {
  const base = data.variants[draft.base];
  return {
    draft,
    base,
    valueOf: (path) => ruleInForce(base, draft.changes, path),
    form: form ?? data.sheets[draft.base],
    fields: data.fields,
    wordsNow: () => wordsNow,
    wordsOf: (id) => data.words[id],
    // handfoot's reason at a rule's field for a change it refused, or "".
    saidAt: (path) => said[path]?.text ?? "",
  };
}

// What the rules view draws from: a change to none of it (a notice, the engine's state) leaves it as it is.
const DRAWN_FROM = ["draft", "sets", "current", "force", "form", "wordsNow", "page", "said"];

// `header`, `form`, `bar`, `played` and `tabs` are set_header.mjs's, rules_form.mjs's, bar.mjs's, plays.mjs's and
// views.mjs's.
export function rulesView({ header, form, bar, played, tabs, variants }) {
  return (state, previous) => {
    if (!state.draft || (previous && DRAWN_FROM.every((key) => state[key] === previous[key]))) return;
    if (state.page !== previous?.page) form.reset();
    const { draft, sets, current, force } = state;
    const labels = sets.map((set) => setLabel(set.id === current ? { ...set, ...draft } : set, variants));
    const open = sets.find((set) => set.id === current);
    const lone = sets.length === 1 && isBlank({ ...open, ...draft }, variants);
    header.paint({ sets, labels, current, draft, lone });
    form.paint({ force });
    bar.paint(form.unsettled());
    played.update(draft);
    tabs.help.textContent = `Rules that differ from ${variants[draft.base].name} are marked with a bar in the margin.`;
  };
}

// `ask` is asking.mjs's; `runtime` the site's runtime settings the templates are fetched with.
export function previewView({ ask, tabs, runtime }) {
  return (state, previous) => {
    if (!state.accepted || state.accepted === previous?.accepted) return;
    ask.describe(state.accepted, (describe) => tabs.draw(runtime, describe), tabs.failed);
  };
}
