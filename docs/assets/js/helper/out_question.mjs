// The going-out question: the round, the books of each kind, and what else the rules ask first.
import { h } from "../dom.mjs";
import { parseWhole } from "../controls/whole_number.mjs";
import { helperWords, roundField, words, yesNo } from "./fields.mjs";

export function goOutQuestion(ctx) {
  const round = roundField("hf-out-round", ctx);
  const books = h("fieldset", { class: "hf-helper__books" });
  const counts = new Map();

  function stepper(kind, max) {
    const id = `hf-out-${kind.id}`;
    const input = h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      value: String(counts.get(kind.id) ?? 0),
      "aria-describedby": `${id}-problem`,
    });
    const problem = h("p", { class: "hf-field-problem", id: `${id}-problem`, "aria-live": "polite" });
    const read = () => parseWhole(input.value, { min: 0, max });
    const apply = () => {
      const value = read();
      problem.textContent = value.error && !value.unfinished ? value.error : "";
      input.setAttribute("aria-invalid", String(Boolean(value.error && !value.unfinished)));
      if (!value.error) counts.set(kind.id, value.value);
      ctx.changed();
    };
    const step = (by) => {
      const now = read().value ?? counts.get(kind.id) ?? 0;
      input.value = String(Math.max(0, Math.min(max, now + by)));
      apply();
    };
    input.addEventListener("input", apply);
    const label = `${kind.label[0].toUpperCase()}${kind.label.slice(1)} books`;
    return h(
      "div",
      { class: "hf-helper__field" },
      h("label", { for: id, text: label }),
      h(
        "div",
        { class: "hf-stepper" },
        h("button", {
          type: "button",
          class: "hf-step",
          "aria-label": `\u2212: one ${kind.label} book fewer`,
          text: "\u2212",
          onclick: () => step(-1),
        }),
        input,
        h("button", {
          type: "button",
          class: "hf-step",
          "aria-label": `+: one ${kind.label} book more`,
          text: "+",
          onclick: () => step(1),
        }),
      ),
      problem,
    );
  }

  function maxOf(kind) {
    const { form } = ctx.rules();
    return form.entry_fields.find((field) => field.book === kind.id)?.max ?? form.limits.points;
  }

  // The steppers are drawn again only when the kinds of book or their limits change, so a count being typed while
  // handfoot checks a table's house rules stays where it is typed.
  let drawn = null;
  function drawBooks({ force = false } = {}) {
    const { form } = ctx.rules();
    for (const kind of [...counts.keys()]) if (!form.book_kinds.some((k) => k.id === kind)) counts.delete(kind);
    const shape = JSON.stringify([words(ctx).books, form.book_kinds, form.book_kinds.map(maxOf)]);
    if (shape === drawn && !force) return;
    drawn = shape;
    books.replaceChildren(
      h("legend", { text: words(ctx).books }),
      ...form.book_kinds.map((kind) => stepper(kind, maxOf(kind))),
    );
  }

  // Counts given from outside (a saved question, or the keeper's link): whole numbers within each kind's limit.
  function setCounts(given) {
    const { form } = ctx.rules();
    counts.clear();
    for (const kind of form.book_kinds) {
      const value = given?.[kind.id];
      if (Number.isInteger(value) && value >= 0 && value <= maxOf(kind)) counts.set(kind.id, value);
    }
    drawBooks({ force: true });
  }

  // Beyond the books, what the rules may ask first, in handfoot's words: each a yes or no, shown only where asked.
  const asks = helperWords(ctx).going_out.map(({ path, key, legend }) => ({
    path,
    key,
    choice: yesNo(`hf-out-${key.replaceAll("_", "-")}`, legend, { onChange: ctx.changed }),
  }));
  const showAsks = () => {
    for (const ask of asks) ask.choice.element.hidden = !ctx.rules().form.going_out_asks.includes(ask.path);
  };

  drawBooks();
  round.update();
  showAsks();
  return {
    element: h("div", {}, round.element, books, ...asks.map((ask) => ask.choice.element)),
    update() {
      round.update();
      drawBooks();
      showAsks();
    },
    set({ round: r, books: given }) {
      if (r) round.set(r);
      if (given) setCounts(given);
    },
    save: () => ({
      round: round.value(),
      books: Object.fromEntries(counts),
      ...Object.fromEntries(asks.map((ask) => [ask.key, ask.choice.value()])),
    }),
    restore(saved) {
      if (Number.isInteger(saved.round)) round.set(saved.round);
      if (saved.books && typeof saved.books === "object") setCounts(saved.books);
      for (const ask of asks) if (typeof saved[ask.key] === "boolean") ask.choice.set(saved[ask.key]);
    },
    ask() {
      const problem = books.querySelector("[aria-invalid=true]");
      if (problem)
        return {
          missing: `Fix the number of books: ${problem.closest(".hf-helper__field").querySelector(".hf-field-problem").textContent}`,
        };
      const { form } = ctx.rules();
      const held = Object.fromEntries(form.book_kinds.map((kind) => [kind.id, counts.get(kind.id) ?? 0]));
      const answers = Object.fromEntries(
        asks.filter((ask) => !ask.choice.element.hidden).map((ask) => [ask.key, ask.choice.value()]),
      );
      return { call: ["check_go_out", ctx.rules().mapping, round.value(), held, answers] };
    },
  };
}
