// The rule helper: the table's questions, answered by handfoot in Pyodide for a published version or for any
// house rule set. The page only gathers the question and shows handfoot's verdict; no rule is decided here.
//
// Its state is in one store (../app_state.mjs, with its changes in state.mjs): the rules chosen, the engine's state,
// the question shown and its answer. Players' actions change it (actions.mjs), and views draw it (views.mjs).
import { fill, h } from "../dom.mjs";
import { startApp } from "../startup.mjs";
import { createStore } from "../app_state.mjs";
import { helperActions } from "./actions.mjs";
import { askedAtStart } from "./asked.mjs";
import { QUESTIONS } from "./questions.mjs";
import { questionTabs } from "./question_tabs.mjs";
import { openingChoice, ruleChoices } from "./rule_choices.mjs";
import { rulesField } from "./rules_field.mjs";
import { initialState } from "./state.mjs";
import { answerView, keptView, noticesView, questionsView, statusView } from "./views.mjs";

export function mountHelper(root) {
  const { status, notices, engine, draw } = startApp();
  const body = h("div", { class: "hf-helper__body" });
  fill(root, status, notices, body);
  draw((loaded) => start(loaded, { status, notices, engine, body }));
}

function start(loaded, { status, notices, engine, body }) {
  const choices = ruleChoices(loaded);
  const choice = openingChoice(loaded, choices);
  const linkProblem = loaded.linkProblem
    ? [`The rules link is damaged or was changed (${loaded.linkProblem}), so it was not opened.`]
    : [];
  const store = createStore(
    initialState({ data: loaded, choices, choice, engine: engine.state, notices: linkProblem }),
  );
  // What each question's form is given (questions.mjs): the rules chosen, and a call for each change to its question,
  // heard once the form has done with the change.
  const ctx = { rules: () => store.get().choice, changed: () => queueMicrotask(() => actions.edited()) };
  const questions = QUESTIONS.map((question) => ({ ...question, form: question.build(ctx) }));
  const actions = helperActions({ store, engine, questions });
  const rules = rulesField(choices, choice, actions.choose);
  const tabbed = questionTabs(questions, choice.form.helper.tabs, actions.show);
  fill(body, rules.element, tabbed.element, tabbed.panels);

  store.watch(statusView(status));
  store.watch(noticesView(notices));
  store.watch(keptView(rules));
  store.watch(questionsView(questions, tabbed));
  store.watch(answerView(tabbed));
  const ask = askedAtStart(questions);
  tabbed.show(questions.some((question) => question.key === ask) ? ask : questions[0].key);
  engine.onState(actions.engineState);
}
