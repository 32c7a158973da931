// The table question: what a table asks beyond the four forms, answered by handfoot with the rules.
import { h } from "../dom.mjs";
import { ruleMarks } from "../provenance.mjs";

// The marks of the rules an answer rests on, each said once: two unstated rules carry the same words.
function marksOnce(form, paths) {
  const said = new Set();
  return paths
    .map((path) => ruleMarks(form, path))
    .filter((mark) => mark && !said.has(mark.textContent) && said.add(mark.textContent));
}

// Questions no single rule words, answered by handfoot for these rules: nothing to fill in, the answers are shown.
export function tableQuestions(ctx) {
  return {
    element: h("p", { class: "hf-helper__hint", text: "What a table often asks, answered from the rules you chose." }),
    update() {},
    save: () => ({}),
    restore() {},
    ask() {
      const { form } = ctx.rules();
      return {
        shown: form.questions.map((q) =>
          h(
            "div",
            { class: "hf-table-question" },
            h("h4", { class: "hf-table-question__ask", text: q.question }),
            h("p", { class: "hf-table-question__answer", text: q.answer }),
            ...marksOnce(form, q.rules),
            q.note ? h("p", { class: "hf-mark-note" }, h("strong", { text: q.note.title }), ` ${q.note.text}`) : null,
          ),
        ),
      };
    },
  };
}
