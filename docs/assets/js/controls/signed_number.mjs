// A rule that may be taken off (a red three caught or laid down, a black three in a foot), typed as a table says it:
// "adds" or "costs", in handfoot's words, chosen with one tap, and the amount with no sign, which a phone's numeric
// keypad (often without a minus key) can always type. The rule keeps its signed value, as the variant files have it;
// the words under the amount say at once what it does ("Costs 500: −500 for each red three caught."). A sign typed
// into the amount gets handfoot's message at the field, and nothing is applied.
import { formatPoints, h } from "../dom.mjs";
import { sameValue } from "../rulesets.mjs";
import { parseWhole, wholeInput } from "./whole_number.mjs";

// handfoot's words for what `value` does, or "" for no value (the rule's own words for none are under the field).
function meaning(sign, value) {
  if (value === null || value === undefined) return "";
  const words = value === 0 ? sign.words.zero : sign.words[value < 0 ? "costs" : "adds"];
  return words.replaceAll("{amount}", formatPoints(Math.abs(value)));
}

// The rule's control, as ruleControl's others are: `emit(value)` gets each new signed value, `report(message, input)`
// a problem in what was typed and `settle()` a number still being typed. `notes` go under it (its help).
export function signedNumber(field, value, { id, describedBy, emit, report, settle, notes }) {
  const { sign, max, none } = field.control;
  const spec = { min: 0, max, none, enter: sign.enter, unsigned: sign.typed };
  let direction = value < 0 ? "costs" : value > 0 ? "adds" : sign.usual;
  let applied = value ?? null;
  const means = h("span", { class: "hf-help hf-signed__means", id: `${id}-means`, text: meaning(sign, applied) });
  const apply = (amount) => {
    const signed = amount && direction === "costs" ? -amount : amount;
    if (sameValue(signed, applied)) return;
    applied = signed;
    means.textContent = meaning(sign, signed);
    emit(signed);
  };
  const input = wholeInput({
    label: field.label,
    current: applied === null ? null : Math.abs(applied),
    spec,
    attributes: { id },
    describedBy: `${means.id} ${describedBy}`,
    onValue: apply,
    report,
    settle,
  });
  const label = h("label", { for: id, text: field.label });
  const choices = sign.directions.map(([key, words]) => {
    const radio = h("input", {
      type: "radio",
      name: `${id}-direction`,
      id: `${id}-${key}`,
      value: key,
      checked: key === direction,
      onchange: () => {
        direction = key;
        // The amount on screen now counts the other way; one that is not a number yet is left to its message.
        const read = parseWhole(input.value, spec);
        if (read.value !== undefined) apply(read.value);
      },
    });
    return h("label", { class: "hf-signed__choice", for: radio.id }, radio, h("span", { text: words }));
  });
  return h(
    "div",
    { class: "hf-control hf-control--signed" },
    label,
    h(
      "div",
      { class: "hf-signed" },
      h("div", { class: "hf-signed__directions", role: "radiogroup", "aria-label": sign.choice }, choices),
      input,
    ),
    means,
    notes,
  );
}
