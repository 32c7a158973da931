// Form controls generated from the rule spec (handfoot.spec_to_json): one per rule, whatever the rule's type, in a row
// with its message and, when it differs from the rules it started from, what it was. The controls of the larger
// types are beside it in controls/.
import { h } from "../dom.mjs";
import { sameValue } from "../rulesets.mjs";
import { bookCounts, perRound } from "./by_round.mjs";
import { extraBooks } from "./extra_books.mjs";
import { scoreLadder } from "./score_ladder.mjs";
import { signedNumber } from "./signed_number.mjs";
import { wholeInput } from "./whole_number.mjs";

// One rule's control with its message, marked when it differs from `original`. `onValue(value, message, {shown})`
// gets each complete value typed or chosen; `shown` is false when the control does not show that value yet (a house
// book added or removed), so the caller draws the row again. The row is never drawn again by the control itself.
export function ruleRow(field, value, { id, rounds, bookKinds, onValue, ...was }) {
  const message = h("span", { class: "hf-error", id: `${id}-error` });
  const control = ruleControl(field, value, {
    id,
    rounds,
    bookKinds,
    describedBy: message.id,
    emit: (typed, { shown = true } = {}) => {
      message.textContent = "";
      onValue(typed, message, { shown });
    },
    report: (text, input) => {
      input?.setAttribute("aria-invalid", "true");
      message.textContent = text;
    },
    settle: () => {
      message.textContent = "";
    },
  });
  const row = h(
    "div",
    { class: "hf-house", "data-path": field.path },
    control,
    h("span", { class: "hf-house__was" }),
    message,
  );
  markRow(row, field, value, was);
  return row;
}

// Marks a row as changed from `original` (or not) in place, without touching its control. `originalWords` is
// handfoot's wording of the original value (rule_words), or null until it has come.
export function markRow(row, field, value, { original, originalWords, originalName, changedWord }) {
  const changed = !sameValue(value, original);
  row.classList.toggle("hf-house--edited", changed);
  const was = row.querySelector(":scope > .hf-house__was");
  was.hidden = !changed;
  const words = originalWords ? `; ${originalName}: ${originalWords}.` : ` from ${originalName}'s rule.`;
  was.textContent = changed ? `${changedWord}${words}` : "";
}

// Returns the control's element. `emit(value)` is called with a complete new value, `report(message, input)` with a
// problem in what was typed (nothing is emitted then), and `settle()` while a number is still being typed.
export function ruleControl(field, value, { id, rounds, bookKinds, describedBy, emit, report, settle }) {
  const control = field.control;
  const help = field.help ? h("span", { class: "hf-help", text: field.help }) : null;
  if (control.type === "whole") {
    const empty = control.none ? h("span", { class: "hf-help", text: `Leave it empty for: ${control.none}.` }) : null;
    // A rule that may be taken off: "adds" or "costs", and an amount with no sign.
    if (control.sign) {
      return signedNumber(field, value, { id, describedBy, emit, report, settle, notes: [empty, help] });
    }
    const input = wholeInput({
      label: field.label,
      current: value,
      spec: control,
      attributes: { id },
      describedBy,
      onValue: (v) => emit(v),
      report,
      settle,
    });
    return h("div", { class: "hf-control" }, h("label", { for: id, text: field.label }), input, empty, help);
  }
  if (control.type === "score_ladder") return scoreLadder(field, value, { id, describedBy, emit, report, settle });
  if (control.type === "extra_books") return extraBooks(field, value, { id, describedBy, emit, report, settle, help });
  if (control.type === "flag") {
    const input = h("input", { type: "checkbox", id, checked: Boolean(value), onchange: () => emit(input.checked) });
    return h("div", { class: "hf-control hf-control--check" }, input, h("label", { for: id, text: field.label }), help);
  }
  if (control.type === "choice") {
    const select = h(
      "select",
      { id, onchange: () => emit(select.value) },
      control.options.map(([key, words]) => h("option", { value: key, selected: key === value, text: words })),
    );
    return h("div", { class: "hf-control" }, h("label", { for: id, text: field.label }), select, help);
  }
  if (control.type === "several") {
    const chosen = new Set(value);
    const boxes = control.options.map(([key, words], index) => {
      const box = h("input", {
        type: "checkbox",
        id: `${id}-${index}`,
        checked: chosen.has(key),
        onchange: () => emit(control.options.map(([k]) => k).filter((k, i) => boxes[i].checked)),
      });
      return h("span", { class: "hf-control--check" }, box, h("label", { for: `${id}-${index}`, text: words }));
    });
    return h("fieldset", { class: "hf-control", id }, h("legend", { text: field.label }), boxes, help);
  }
  if (control.type === "per_round") {
    return perRound(field, value, { id, rounds, describedBy, emit, report, settle, help });
  }
  if (control.type === "book_counts") {
    return bookCounts(field, value, { id, rounds, bookKinds, describedBy, emit, report, settle, help });
  }
  return h(
    "div",
    { class: "hf-control" },
    h("span", { class: "hf-control__label", text: field.label }),
    h("span", { id, text: JSON.stringify(value) }),
    h("span", { class: "hf-help", text: "Change this one in the configurator." }),
  );
}
