// A house change in handfoot's words, the same wherever the configurator names one (the bar's list of changes, the
// rules a run of games played): the rule's label from the spec, its value in handfoot's words of the house rules, and
// its value in the base version's.
import { h } from "../dom.mjs";

// The changes of `draft` in the spec's order, as data: [{path, label, now, was}]. `words` are handfoot's words of the
// rules of `draft` (null while they are being checked), `baseWords` those of its base version.
export function changeLines({ draft, fields, words, baseWords }) {
  return fields
    .filter((field) => Object.hasOwn(draft.changes, field.path))
    .map((field) => ({
      path: field.path,
      label: field.label,
      now: words?.[field.path] ?? null,
      was: baseWords?.[field.path] ?? null,
    }));
}

// A change's words as the page shows them: "label: value (base version: its value)".
export function changeWords(line, baseName) {
  return [
    h("strong", { text: line.label }),
    h("span", { text: `: ${line.now ?? "being checked…"}` }),
    h("span", { class: "hf-changes__was", text: ` (${baseName}: ${line.was ?? "…"})` }),
  ];
}
