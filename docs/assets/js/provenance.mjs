// The rule pages' marks, shown where the apps word the same rules: a rule the sources do not state, or one they
// differ on. The words come from handfoot's sheet form, so a page and an app never disagree about a rule.
import { h } from "./dom.mjs";

// The note under a round's line, where the line carries the rule pages' mark: what the mark means.
export function roundMarks(form, rules) {
  const words = form.provenance;
  if (!words || !rules) return null;
  const said = [rules.marked ? words.mark_words : null, rules.differs ? words.differ_words : null].filter(Boolean);
  return said.length ? h("p", { class: "hf-mark-note", text: said.join(" ") }) : null;
}

// The note under an answer, for the rule that decides it.
export function ruleMarks(form, path) {
  const words = form.provenance;
  if (!words) return null;
  const said = [
    words.not_stated.includes(path) ? words.not_stated_words : null,
    words.differ.includes(path) ? words.differ_words : null,
  ].filter(Boolean);
  return said.length ? h("p", { class: "hf-mark-note", text: said.join(" ") }) : null;
}
