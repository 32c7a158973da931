// The rule helper's state, held in one store (../app_state.mjs), and the named changes that make a new state from the
// old. The questions as filled in live in their forms (questions.mjs); the state says which one is shown and what
// its answer is.

// `choices` are the rule sets offered (rule_choices.mjs), `choice` the one open; `notices` are strings.
export function initialState({ data, choices, choice, engine, notices }) {
  return {
    data,
    choices,
    choice,
    // What became of keeping the last choice on this device (storage.mjs's {ok, problem}), or null.
    kept: null,
    // The key of the house rules handfoot checks, or has checked, since they were chosen; or null.
    checking: null,
    engine,
    // The key of the question shown, once one is.
    shown: null,
    // How many times a question was put: an answer that comes back after a later question was put is dropped.
    asked: 0,
    // The shown question's answer, once there is one: {key, words} (a wait, a question not filled in, a problem),
    // {key, content} (the answers that came with the rules), or {key, verdict, choice} (handfoot's verdict).
    answer: null,
    notices,
  };
}

export function chose(state, choice, kept) {
  return { ...state, choice, kept, checking: null };
}

export function checking(state, key) {
  return { ...state, checking: key };
}

// handfoot checked house rules: their sheet form and pack, or the problem that keeps them from being used. The
// choice is replaced in the list, and as the open one when it still is.
export function rulesChecked(state, key, found) {
  const checked = { ...state.choices.find((choice) => choice.key === key), ...found };
  const choices = state.choices.map((choice) => (choice.key === key ? checked : choice));
  return { ...state, choices, choice: state.choice.key === key ? checked : state.choice };
}

export function engineIs(state, engine) {
  return state.engine === engine ? state : { ...state, engine };
}

export function showed(state, key) {
  return state.shown === key ? state : { ...state, shown: key };
}

export function asking(state) {
  return { ...state, asked: state.asked + 1 };
}

export function answered(state, answer) {
  return { ...state, answer };
}
