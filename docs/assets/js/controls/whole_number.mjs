// Whole numbers as people type them ("1,250", "−50", a copied number's no-break spaces): `parseWhole` reads one, and
// `wholeInput` is a number field that never applies a number cut short.
import { formatPoints, h, selectOnTap } from "../dom.mjs";
import { isRedrawing } from "../redraw.mjs";
import { sameValue } from "../rulesets.mjs";

const WHOLE = { type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: false };
// A thousands separator as people type it: a comma, a space, or the no-break spaces a copied number carries.
const SEPARATOR = "[,\u00a0\u202f ]";
const GROUPED = new RegExp(`^\\d{1,3}(${SEPARATOR}\\d{3})+$`);
const UNFINISHED = new RegExp(`^\\d{1,3}(${SEPARATOR}\\d{3})*${SEPARATOR}\\d{0,2}$`);

// What the field takes: handfoot's words for a rule or a score sheet field (`enter`); for a field of a page's own
// (the helper's count of cards), its bounds.
function rangeWords({ min, max, none, enter }) {
  return (
    enter ?? `a whole number from ${formatPoints(min)} to ${formatPoints(max)}${none ? ", or leave it empty" : ""}`
  );
}

// What a person typed, read as a whole number: {value} when it is one in range, {error} when it cannot become one,
// and {unfinished, error} while it may still become one ("", "-", "1,2"): nothing is applied then, and the error is
// for when the person leaves the field. An amount that takes no sign (`unsigned`, handfoot's words saying how to type
// it) refuses a minus or a plus at once, the sign alone included.
export function parseWhole(text, spec) {
  const { min, max, none, unsigned } = spec;
  if (unsigned && /[-+\u2212\u2013]/.test(text)) return { error: unsigned };
  const trimmed = text.trim().replace(/^[\u2212\u2013]/, "-");
  if (trimmed === "" && none) return { value: null };
  const negative = trimmed.startsWith("-");
  const body = negative ? trimmed.slice(1) : trimmed;
  if (body === "" || UNFINISHED.test(body)) {
    return { unfinished: true, error: `Enter ${rangeWords(spec)}.` };
  }
  if (!/^\d+$/.test(body) && !GROUPED.test(body)) return { error: `Enter ${rangeWords(spec)}.` };
  const digits = Number(body.replace(/\D/g, ""));
  const value = negative ? -digits : digits;
  if (value > max) return { error: `${formatPoints(value)} is more than ${formatPoints(max)}, the most allowed here.` };
  if (value < min)
    return { error: `${formatPoints(value)} is less than ${formatPoints(min)}, the least allowed here.` };
  return { value };
}

// A number field of a rule control, labelled `label`, in the range `spec` ({min, max, none}). While what is on screen
// is not a number in range, the rule keeps the value it had when the person came to the field: a number is never
// applied cut short ("10000" on the way to "100000"). `onValue(value, input)` gets each new value,
// `report(message, input)` a problem in what was typed, and `settle()` is called while a number is still being typed.
export function wholeInput({ label, current, spec, attributes = {}, describedBy, onValue, report, settle }) {
  let applied = current ?? null;
  let start = applied;
  const pass = (value) => {
    if (sameValue(value, applied)) return;
    applied = value;
    onValue(value, input);
  };
  const input = h("input", {
    ...WHOLE,
    ...attributes,
    value: current === null || current === undefined ? "" : String(current),
    "aria-label": label,
    "aria-describedby": describedBy,
    onfocus: () => {
      start = applied;
      if (!isRedrawing()) selectOnTap(input);
    },
    oninput: () => {
      const parsed = parseWhole(input.value, spec);
      if (parsed.value !== undefined) {
        input.removeAttribute("aria-invalid");
        delete input.dataset.unsettled;
        settle();
        return pass(parsed.value);
      }
      // What is on screen is not the rule's value: a link or a file made now says so (data-unsettled).
      input.dataset.unsettled = "";
      pass(start);
      if (parsed.unfinished) {
        input.removeAttribute("aria-invalid");
        return settle();
      }
      report(parsed.error, input);
    },
    onchange: () => {
      const parsed = parseWhole(input.value, spec);
      if (parsed.unfinished) report(parsed.error, input);
    },
  });
  return input;
}
