// handfoot's verdict on a question, drawn: yes or no, the points against the minimum where there are some, the reason,
// and a link to the rule that decides it (its anchor on the rule page, or the configurator for a house rule).
import { formatPoints, h, siteUrl } from "../dom.mjs";
import { ruleMarks } from "../provenance.mjs";

// `choice` is the rule set asked (rule_choices.mjs); `loaded` the rules data the app started from.
export function verdictView(verdict, choice, loaded) {
  const field = loaded.fields.find((f) => f.path === verdict.rule);
  const section = loaded.spec.find((s) => s.key === field?.section);
  const anchor = verdict.rule.replace(".", "-");
  const changed = choice.draft && Object.hasOwn(choice.draft.changes, verdict.rule);
  const base = choice.draft ? choice.draft.base : choice.mapping.id;
  const href = changed ? siteUrl(`configurator/#rules=${choice.encoded}`) : siteUrl(`rules/${base}/#${anchor}`);
  const where = changed ? "your house rule" : `${loaded.variants[base].name} rules`;
  return [
    h("p", { class: `hf-verdict hf-verdict--${verdict.ok ? "yes" : "no"}`, text: verdict.ok ? "Yes" : "No" }),
    verdict.points !== null && verdict.points !== undefined
      ? h("p", {
          class: "hf-answer__tally",
          text: `${formatPoints(verdict.points)} of ${formatPoints(verdict.minimum)}: ${verdict.ok ? "enough" : "not enough"}`,
        })
      : null,
    h("p", { class: "hf-answer__reason", text: verdict.reason }),
    field
      ? h(
          "p",
          { class: "hf-answer__rule" },
          "The rule: ",
          h("a", { href, "data-rule": verdict.rule, text: `${section.title}: ${field.label}` }),
          ` (${where})`,
        )
      : null,
    changed ? null : ruleMarks(choice.form, verdict.rule),
  ];
}
