// The rule helper's views, each drawing its part of the state when that part changes: the status line, the notices,
// whether the choice of rules is remembered, the questions (their limits and titles follow the rules chosen) and the
// answer of the question shown.
import { fill, h } from "../dom.mjs";
import { engineStatusView } from "../engine_status.mjs";
import { verdictView } from "./verdict.mjs";

export function statusView(status) {
  return engineStatusView(status, {
    meanwhile: "You can fill in a question now.",
    ready: "Ready: every answer comes from the rules engine.",
    cannot: "No answers here now",
    still: "The rule pages have every rule.",
  });
}

export function noticesView(target) {
  return (state, previous) => {
    if (state.notices === previous?.notices) return;
    fill(
      target,
      state.notices.map((notice) => h("p", { text: notice })),
    );
  };
}

// `rules` is the "Your rules" field (rules_field.mjs).
export function keptView(rules) {
  return (state, previous) => {
    if (state.kept && state.kept !== previous?.kept) rules.kept(state.kept);
  };
}

// Each question's form reads the rules chosen again, and the tabs are worded for the side asking.
export function questionsView(questions, tabbed) {
  return (state, previous) => {
    if (!previous || state.choice === previous.choice) return;
    for (const question of questions) question.form.update();
    tabbed.name(state.choice.form.helper.tabs);
  };
}

// The answer in its question's panel, and its verdict (or none) at the foot of a phone's screen.
export function answerView(tabbed) {
  return (state, previous) => {
    const { answer: said } = state;
    if (!said || said === previous?.answer) return;
    const { answer, peek } = tabbed.item(said.key);
    if (said.verdict) fill(answer, verdictView(said.verdict, said.choice, state.data));
    else fill(answer, said.content ?? h("p", { class: "hf-answer__waiting", text: said.words }));
    peek?.show(said.verdict ?? null);
  };
}
