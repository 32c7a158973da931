// A score ladder's control (the first-meld minimum by the team's score): "score: minimum" pairs typed in one field,
// as handfoot's help for the rule shows them.
import { h } from "../dom.mjs";

// `emit(value)` gets each complete ladder, `report(message, input)` a problem in what was typed, and `settle()` is
// called while the last pair is still being typed ("0: 50, 25"): nothing is reported then.
export function scoreLadder(field, value, { id, describedBy, emit, report, settle }) {
  const control = field.control;
  const text = (value ?? []).map(([from, minimum]) => `${from}: ${minimum}`).join(", ");
  const read = () => {
    const trimmed = input.value.trim();
    if (!trimmed) return { value: null };
    const parts = trimmed.split(",");
    const steps = parts.map((part) => /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part));
    if (steps.every(Boolean)) return { value: steps.map(([, from, minimum]) => [Number(from), Number(minimum)]) };
    const unfinished = steps.slice(0, -1).every(Boolean) && /^\s*(\d+\s*(:\s*)?)?$/.test(parts.at(-1));
    return { unfinished, error: control.problem };
  };
  const input = h("input", {
    id,
    type: "text",
    autocomplete: "off",
    value: text,
    "aria-describedby": describedBy,
    oninput: () => {
      const parsed = read();
      input.toggleAttribute("data-unsettled", parsed.value === undefined);
      if (parsed.unfinished) return settle();
      if (parsed.error) return report(parsed.error, input);
      input.removeAttribute("aria-invalid");
      emit(parsed.value);
    },
    onchange: () => {
      const parsed = read();
      if (parsed.unfinished) report(parsed.error, input);
    },
  });
  return h(
    "div",
    { class: "hf-control" },
    h("label", { for: id, text: field.label }),
    input,
    h("span", { class: "hf-help", text: control.help }),
  );
}
