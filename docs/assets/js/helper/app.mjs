// The rule helper: the table's questions, answered by handfoot in Pyodide for a published version or for any
// house rule set. The page only gathers the question and shows handfoot's verdict; no rule is decided here.
import { fill, h } from "../dom.mjs";
import { engineMissing } from "../offline.mjs";
import { startApp } from "../startup.mjs";
import { askedAtStart, rememberAsked } from "./asked.mjs";
import { QUESTIONS } from "./questions.mjs";
import { questionTabs } from "./question_tabs.mjs";
import { checkHouseRules, openingChoice, rememberChoice, ruleChoices } from "./rule_choices.mjs";
import { rulesField } from "./rules_field.mjs";
import { verdictView } from "./verdict.mjs";

export function mountHelper(root) {
  const { status, notices, engine, draw } = startApp();
  const body = h("div", { class: "hf-helper__body" });
  fill(root, status, notices, body);
  draw((loaded) => start(loaded, { status, notices, engine, body }));
}

function start(loaded, { status, notices, engine, body }) {
  const choices = ruleChoices(loaded);
  let current = openingChoice(loaded, choices);
  let checked = null;
  let asking = 0;

  const rules = rulesField(choices, current, choose);
  if (loaded.linkProblem)
    notices.append(
      h("p", { text: `The rules link is damaged or was changed (${loaded.linkProblem}), so it was not opened.` }),
    );

  // What each question's form is given (questions.mjs): the rules chosen, and a call for each change to its question.
  const ctx = {
    rules: () => current,
    changed: () =>
      queueMicrotask(() => {
        rememberAsked(tabs);
        answerShown();
      }),
  };
  const tabs = QUESTIONS.map((question) => ({ ...question, form: question.build(ctx) }));
  const tabbed = questionTabs(tabs, current.form.helper.tabs, answerShown);
  fill(body, rules.element, tabbed.element, tabbed.panels);

  const ask = askedAtStart(tabs);
  tabbed.show(tabs.some((tab) => tab.key === ask) ? ask : tabs[0].key);
  engine.onState((state) => {
    status.textContent =
      state === "ready"
        ? "Ready: every answer comes from the rules engine."
        : state === "loading"
          ? "Loading the rules engine… You can fill in a question now."
          : `No answers here now: ${engineMissing("the rules engine")} The rule pages have every rule.`;
    if (state !== "loading") refreshRules();
  });

  function choose(key) {
    current = choices.find((choice) => choice.key === key);
    rules.kept(rememberChoice(current));
    checked = null;
    for (const tab of tabs) tab.form.update();
    tabbed.name(current.form.helper.tabs);
    refreshRules();
    answerShown();
  }

  // House rules are checked by handfoot once the rules engine is ready, each choice once.
  async function refreshRules() {
    const choice = current;
    if (!choice.draft || checked === choice || engine.state !== "ready") return;
    checked = choice;
    if (!(await checkHouseRules(choice, engine))) return;
    if (current !== choice) return;
    for (const tab of tabs) tab.form.update();
    tabbed.name(current.form.helper.tabs);
    answerShown();
  }

  async function answerShown() {
    const shown = tabbed.shown();
    if (!shown) return;
    const { tab, answer, peek } = shown;
    // The answer, and its verdict (or none) at the foot of a phone's screen.
    const put = (content, verdict = null) => {
      fill(answer, content);
      peek?.show(verdict);
    };
    const say = (text) => put(h("p", { class: "hf-answer__waiting", text }));
    const ask = ++asking;
    const choice = current;
    const question = tab.form.ask();
    if (choice.problem) return say(`These house rules cannot be used: ${choice.problem}`);
    if (question.missing) return say(question.missing);
    if (question.shown) return put(question.shown);
    if (engine.state === "failed")
      return say(`No answer: ${engineMissing("the rules engine")} The rule pages have every rule.`);
    if (engine.state === "loading")
      say("Your question is ready. The answer comes as soon as the rules engine has loaded…");
    try {
      const [name, ...args] = question.call;
      const verdict = await engine.call(name, ...args);
      if (ask !== asking || choice !== current) return;
      put(verdictView(verdict, choice, loaded), verdict);
    } catch (error) {
      if (ask !== asking) return;
      say(error.type === "failed" ? `No answer: ${engineMissing("the rules engine")}` : error.message);
    }
  }
}
