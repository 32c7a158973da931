// What players do in the rule helper, and what follows: rules chosen (and, for house rules, checked by handfoot once
// the rules engine is ready), a question shown or changed, and the question put to handfoot. Each changes the state
// with a named change (state.mjs); the views draw it.
import { engineMissing } from "../offline.mjs";
import { rememberAsked } from "./asked.mjs";
import { checkHouseRules, rememberChoice } from "./rule_choices.mjs";
import { answered, asking, checking, chose, engineIs, rulesChecked, showed } from "./state.mjs";

// `questions` are the questions (questions.mjs) with their built `form`.
export function helperActions({ store, engine, questions }) {
  const formOf = (key) => questions.find((question) => question.key === key).form;

  function choose(key) {
    const choice = store.get().choices.find((other) => other.key === key);
    const kept = rememberChoice(choice);
    store.update((state) => chose(state, choice, kept));
    checkRules();
    ask();
  }

  // House rules are checked by handfoot once the rules engine is ready, each choice once.
  async function checkRules() {
    const { choice, checking: checked, engine: state } = store.get();
    if (!choice.draft || checked === choice.key || state !== "ready") return;
    store.update((now) => checking(now, choice.key));
    const found = await checkHouseRules(choice, engine);
    if (!found) return;
    store.update((now) => rulesChecked(now, choice.key, found));
    if (store.get().choice.key === choice.key) ask();
  }

  function engineState(state) {
    store.update((now) => engineIs(now, state));
    if (state !== "loading") checkRules();
  }

  function show(key) {
    store.update((state) => showed(state, key));
    ask();
  }

  // A question was changed: it is kept for this tab, and asked again.
  function edited() {
    rememberAsked(questions);
    ask();
  }

  // The question shown, put to handfoot for the rules chosen; its answer goes in the state, unless a later question
  // was put meanwhile, or other rules chosen.
  async function ask() {
    const { shown: key, choice } = store.get();
    if (!key) return;
    const { asked: mine } = store.update(asking);
    const answer = (said) => store.update((state) => answered(state, { key, ...said }));
    const say = (words) => answer({ words });
    const question = formOf(key).ask();
    if (choice.problem) return say(`These house rules cannot be used: ${choice.problem}`);
    if (question.missing) return say(question.missing);
    if (question.shown) return answer({ content: question.shown });
    const { engine: state } = store.get();
    if (state === "failed")
      return say(`No answer: ${engineMissing("the rules engine")} The rule pages have every rule.`);
    if (state === "loading") say("Your question is ready. The answer comes as soon as the rules engine has loaded…");
    try {
      const [name, ...args] = question.call;
      const verdict = await engine.call(name, ...args);
      const now = store.get();
      if (now.asked !== mine || now.choice.key !== choice.key) return;
      answer({ verdict, choice: now.choice });
    } catch (error) {
      if (store.get().asked !== mine) return;
      say(error.type === "failed" ? `No answer: ${engineMissing("the rules engine")}` : error.message);
    }
  }

  return { choose, engineState, show, edited };
}
