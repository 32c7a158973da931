// "Your rules": the rule sets the helper offers (rule_choices.mjs) in one list, grouped as published versions, house
// rules and a link's, with a line that says when a choice is used but cannot be remembered.
import { h } from "../dom.mjs";

// `onChoose(key)` gets the key of the choice made.
export function rulesField(choices, current, onChoose) {
  const select = h(
    "select",
    { id: "hf-helper-rules", onchange: () => onChoose(select.value) },
    group(
      "Published versions",
      choices.filter((choice) => !choice.draft),
    ),
    group(
      "Your house rules",
      choices.filter((choice) => choice.draft && choice.kind === "set"),
    ),
    group(
      "From a link",
      choices.filter((choice) => choice.kind === "link"),
    ),
  );
  select.value = current.key;
  const problem = h("p", { class: "hf-field-problem", id: "hf-helper-rules-problem", "aria-live": "polite" });
  return {
    element: h(
      "div",
      { class: "hf-helper__field hf-helper__rules" },
      h("label", { for: "hf-helper-rules", text: "Your rules" }),
      select,
      problem,
    ),
    // What became of keeping the choice on this device: storage.mjs's {ok, problem}.
    kept(result) {
      problem.textContent = result.ok ? "" : `Your choice is used now but not remembered: ${result.problem}.`;
    },
  };
}

function group(label, choices) {
  if (!choices.length) return null;
  return h(
    "optgroup",
    { label },
    choices.map((choice) => h("option", { value: choice.key, text: choice.label })),
  );
}
