// The fields the rule helper's questions share: the round, a yes or no, the pile's top card, the team's score.
import { h } from "../dom.mjs";
import { parseWhole } from "../controls/whole_number.mjs";
import { cardPicker } from "./picker.mjs";
import { roundMarks } from "../provenance.mjs";

// Card codes kept from a saved question, read as plain data: only a list of texts is taken.
export const codes = (value) => (Array.isArray(value) ? value.filter((code) => typeof code === "string") : []);

export const sumCounts = (pickers) => {
  const total = {};
  for (const picker of pickers)
    for (const [code, n] of Object.entries(picker.counts())) total[code] = (total[code] ?? 0) + n;
  return total;
};

export function roundField(id, ctx) {
  const select = h("select", { id, name: "round", onchange: ctx.changed });
  const line = h("p", { class: "hf-helper__round-rules", id: `${id}-rules` });
  const marks = h("div", {});
  const showLine = () => {
    const { form } = ctx.rules();
    const rules = form.rounds.rules[Number(select.value) - 1];
    line.textContent = rules?.line ?? "";
    marks.replaceChildren(...[roundMarks(form, rules)].filter(Boolean));
  };
  select.addEventListener("change", showLine);
  const update = () => {
    const { form } = ctx.rules();
    const was = Number(select.value) || 1;
    const last = form.rounds.count ?? form.limits.rounds;
    select.replaceChildren(
      ...Array.from({ length: last }, (_, i) => h("option", { value: String(i + 1), text: `Round ${i + 1}` })),
    );
    select.value = String(Math.min(was, last));
    showLine();
  };
  return {
    element: h("div", { class: "hf-helper__field" }, h("label", { for: id, text: "Round" }), select, line, marks),
    update,
    value: () => Number(select.value),
    set(round) {
      if ([...select.options].some((option) => option.value === String(round))) select.value = String(round);
      showLine();
    },
  };
}

export function yesNo(id, legend, { yes = "Yes", no = "No", onChange }) {
  const radio = (value, text) =>
    h(
      "label",
      { class: "hf-helper__choice" },
      h("input", { type: "radio", name: id, value, checked: value === "yes", onchange: onChange }),
      ` ${text}`,
    );
  const element = h(
    "fieldset",
    { class: "hf-helper__yes-no", id },
    h("legend", { text: legend }),
    radio("yes", yes),
    radio("no", no),
  );
  return {
    element,
    setLegend(text) {
      element.querySelector("legend").textContent = text;
    },
    value: () => element.querySelector("input:checked").value === "yes",
    set(yes) {
      element.querySelector(`input[value="${yes ? "yes" : "no"}"]`).checked = true;
    },
  };
}

// The pile's top card: one card, chosen or not.
export function topCardPicker(id, ctx) {
  return cardPicker({
    id,
    legend: "The top card of the discard pile",
    single: true,
    limits: ctx.rules().cards,
    onChange: ctx.changed,
  });
}

// How the questions speak to the side asking: a team ("we") or a player alone ("I"), as handfoot words it.
export const words = (ctx) => ctx.rules().form.asking;
// The helper's own words under the rules in play (handfoot's helper_words): tab titles, the questions' legends.
export const helperWords = (ctx) => ctx.rules().form.helper;

// A saved question is read back with at most this long a score.
export const SCORE_CHARS = 12;

// The team's score before the round, asked only where the rules set the first meld's minimum by score.
export function scoreField(id, ctx) {
  const input = h("input", {
    id,
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    value: "0",
    "aria-describedby": `${id}-problem`,
    oninput: ctx.changed,
  });
  const problem = h("p", { class: "hf-field-problem", id: `${id}-problem`, "aria-live": "polite" });
  const label = h("label", { for: id, text: words(ctx).score });
  const element = h("div", { class: "hf-helper__field" }, label, input, problem);
  return {
    element,
    update() {
      element.hidden = !ctx.rules().form.by_score;
      label.textContent = words(ctx).score;
    },
    // The score as read, 0 where the rules do not ask for it: {value} or {error, unfinished}.
    read() {
      if (element.hidden) return { value: 0 };
      const limit = ctx.rules().form.limits.points;
      const read = parseWhole(input.value, { min: -limit, max: limit });
      problem.textContent = read.error && !read.unfinished ? read.error : "";
      input.setAttribute("aria-invalid", String(Boolean(read.error && !read.unfinished)));
      return read;
    },
    text: () => input.value,
    restore(saved) {
      if (typeof saved === "string") input.value = saved.slice(0, SCORE_CHARS);
    },
  };
}
