// The rule helper's questions, each a short form. A question only gathers what the table says; `ask()` gives the
// handfoot call that answers it ({call: [name, ...args]}), {missing} while the form cannot be asked yet, or {shown}
// where handfoot's answers came with the rules ("Other questions"). `save()` gives what the form holds as plain data
// and `restore(saved)` puts it back (a reload keeps the question).
import { h } from "../dom.mjs";
import { parseWhole } from "../controls.mjs";
import { cardPicker } from "./picker.mjs";
import { roundMarks, ruleMarks } from "../provenance.mjs";

export const QUESTIONS = [
  { key: "meld", tab: () => "Is this meld legal?", build: meldQuestion },
  { key: "pile", tab: () => "May I take the pile?", build: pileQuestion },
  { key: "opening", tab: (words) => words.tab_opening, build: openingQuestion },
  { key: "out", tab: (words) => words.tab_out, build: goOutQuestion },
  // A list of answers with no yes or no: no verdict is kept at the foot of a phone's screen for it.
  { key: "table", tab: () => "Other questions", answers: "The answers", verdicts: false, build: tableQuestions },
];

// Questions no single rule words, answered by handfoot for these rules: nothing to fill in, the answers are shown.
function tableQuestions(ctx) {
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
            ...q.rules.map((path) => ruleMarks(form, path)),
            q.note ? h("p", { class: "hf-mark-note" }, h("strong", { text: q.note.title }), ` ${q.note.text}`) : null,
          ),
        ),
      };
    },
  };
}

// Card codes kept from a saved question, read as plain data: only a list of texts is taken.
const codes = (value) => (Array.isArray(value) ? value.filter((code) => typeof code === "string") : []);

const sumCounts = (pickers) => {
  const total = {};
  for (const picker of pickers)
    for (const [code, n] of Object.entries(picker.counts())) total[code] = (total[code] ?? 0) + n;
  return total;
};

function roundField(id, ctx) {
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

function yesNo(id, legend, { yes = "Yes", no = "No", onChange }) {
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
function topCardPicker(id, ctx) {
  return cardPicker({
    id,
    legend: "The top card of the discard pile",
    single: true,
    limits: ctx.rules().cards,
    onChange: ctx.changed,
  });
}

// How the questions speak to the side asking: a team ("we") or a player alone ("I"), as handfoot words it.
const words = (ctx) => ctx.rules().form.asking;

// A saved question is read back with at most this long a score.
const SCORE_CHARS = 12;

// The team's score before the round, asked only where the rules set the first meld's minimum by score.
function scoreField(id, ctx) {
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

function meldQuestion(ctx) {
  const cards = cardPicker({
    id: "hf-meld-cards",
    legend: "The meld's cards",
    hint: "Tap a card once for each one in the meld. Tap a picked card to take it back.",
    limits: ctx.rules().cards,
    onChange: ctx.changed,
  });
  return {
    element: h("div", {}, cards.element),
    update: () => cards.setLimits(ctx.rules().cards),
    save: () => ({ cards: cards.cards() }),
    restore: (saved) => cards.restore(codes(saved.cards)),
    ask: () =>
      cards.cards().length
        ? { call: ["check_meld", ctx.rules().mapping, cards.text()] }
        : { missing: "Pick the meld's cards to get the answer." },
  };
}

function pileQuestion(ctx) {
  const top = topCardPicker("hf-pile-top", ctx);
  const hand = cardPicker({
    id: "hf-pile-hand",
    legend: "The cards in your hand that matter",
    hint: `Cards of the top card's rank, and any twos or jokers. ${words(ctx).not_melded_hint}`,
    limits: ctx.rules().cards,
    others: () => top.counts(),
    onChange: ctx.changed,
  });
  const melded = yesNo("hf-pile-melded", words(ctx).melded, { onChange: () => showOpening() });
  const round = roundField("hf-pile-round", ctx);
  const score = scoreField("hf-pile-score", ctx);
  const foot = yesNo("hf-pile-foot", "Are you playing from your foot?", { onChange: ctx.changed });
  // A team that has not melded takes the pile as its first meld: the round (and the score) set its minimum.
  const opening = h("div", {}, round.element, score.element);
  const placeOpening = () => {
    opening.hidden = melded.value() || !ctx.rules().rule("pile.needs_team_meld");
  };
  function showOpening() {
    placeOpening();
    ctx.changed();
  }
  const showFoot = () => {
    foot.element.hidden = !ctx.rules().rule("pile.only_from_foot");
  };
  round.update();
  score.update();
  showFoot();
  opening.hidden = true;
  return {
    element: h("div", {}, top.element, hand.element, melded.element, opening, foot.element),
    update() {
      top.setLimits(ctx.rules().cards);
      hand.setLimits(ctx.rules().cards);
      round.update();
      score.update();
      showFoot();
      placeOpening();
      melded.setLegend(words(ctx).melded);
      hand.element.querySelector(".hf-pick__hint").textContent =
        `Cards of the top card's rank, and any twos or jokers. ${words(ctx).not_melded_hint}`;
    },
    set({ round: r }) {
      if (r) round.set(r);
    },
    save: () => ({
      top: top.cards(),
      hand: hand.cards(),
      melded: melded.value(),
      foot: foot.value(),
      round: round.value(),
      score: score.text(),
    }),
    restore(saved) {
      top.restore(codes(saved.top));
      hand.restore(codes(saved.hand));
      if (typeof saved.melded === "boolean") melded.set(saved.melded);
      if (typeof saved.foot === "boolean") foot.set(saved.foot);
      if (Number.isInteger(saved.round)) round.set(saved.round);
      score.restore(saved.score);
      placeOpening();
    },
    ask() {
      if (!top.cards().length) return { missing: "Choose the top card of the pile to get the answer." };
      const options = { team_has_melded: melded.value(), playing_from_foot: foot.element.hidden || foot.value() };
      if (!opening.hidden) {
        const read = score.read();
        if (read.error) return { missing: read.unfinished ? words(ctx).give_score : read.error };
        Object.assign(options, { round: round.value(), team_score: read.value });
      }
      return { call: ["check_pickup", ctx.rules().mapping, top.text(), hand.text(), options] };
    },
  };
}

// A saved first meld question is read back with at most this many melds.
const MELDS_KEPT = 12;

function openingQuestion(ctx) {
  const round = roundField("hf-opening-round", ctx);
  const melds = [];
  const list = h("div", { class: "hf-helper__melds" });
  const score = scoreField("hf-opening-score", ctx);
  const taking = h("input", { type: "checkbox", id: "hf-opening-taking", onchange: () => showPile() });
  const takingLabel = h("label", { for: "hf-opening-taking", text: ` ${words(ctx).taking}` });
  const pile = topCardPicker("hf-opening-top", ctx);
  const addButton = h("button", {
    type: "button",
    class: "md-button",
    text: "Add a meld",
    onclick: () => addMeld(true),
  });

  function showPile() {
    pile.element.hidden = !taking.checked;
    ctx.changed();
  }

  function drawMelds() {
    list.replaceChildren(
      ...melds.map((picker, index) => {
        picker.element.querySelector("legend").textContent = melds.length > 1 ? `Meld ${index + 1}` : "The meld";
        const remove =
          melds.length > 1
            ? h("button", {
                type: "button",
                class: "md-button hf-helper__remove",
                text: `Remove meld ${index + 1}`,
                onclick: () => {
                  melds.splice(index, 1);
                  drawMelds();
                  ctx.changed();
                  addButton.focus();
                },
              })
            : null;
        return h("div", { class: "hf-helper__meld" }, picker.element, remove);
      }),
    );
  }

  // Each meld counts the cards picked in the other melds and the pile's top card against the pack.
  let made = 0;
  function addMeld(focus = false) {
    const picker = cardPicker({
      id: `hf-opening-meld-${++made}`,
      legend: "The meld",
      limits: ctx.rules().cards,
      others: () => sumCounts([...melds, pile].filter((other) => other !== picker)),
      onChange: ctx.changed,
    });
    melds.push(picker);
    drawMelds();
    if (focus) picker.element.querySelector("button").focus();
    ctx.changed();
  }

  addMeld();
  round.update();
  score.update();
  pile.element.hidden = true;

  return {
    element: h(
      "div",
      {},
      round.element,
      list,
      addButton,
      h("div", { class: "hf-helper__field hf-helper__check" }, taking, takingLabel),
      pile.element,
      score.element,
    ),
    update() {
      round.update();
      for (const picker of [...melds, pile]) picker.setLimits(ctx.rules().cards);
      score.update();
      takingLabel.textContent = ` ${words(ctx).taking}`;
    },
    set({ round: r }) {
      if (r) round.set(r);
    },
    save: () => ({
      round: round.value(),
      melds: melds.map((picker) => picker.cards()),
      taking: taking.checked,
      top: pile.cards(),
      score: score.text(),
    }),
    restore(saved) {
      if (Number.isInteger(saved.round)) round.set(saved.round);
      const kept = Array.isArray(saved.melds) ? saved.melds.slice(0, MELDS_KEPT) : [];
      while (melds.length < kept.length) addMeld();
      kept.forEach((cards, index) => melds[index].restore(codes(cards)));
      taking.checked = saved.taking === true;
      pile.element.hidden = !taking.checked;
      pile.restore(codes(saved.top));
      score.restore(saved.score);
    },
    ask() {
      const filled = melds.filter((picker) => picker.cards().length);
      if (!filled.length) return { missing: "Pick the cards of the first meld to get the answer." };
      if (taking.checked && !pile.cards().length) return { missing: "Choose the top card of the pile you take." };
      const read = score.read();
      if (read.error) return { missing: read.unfinished ? words(ctx).give_score : read.error };
      const options = { team_score: read.value };
      if (taking.checked) options.pile_top = pile.text();
      return {
        call: ["check_opening", ctx.rules().mapping, round.value(), filled.map((picker) => picker.text()), options],
      };
    },
  };
}

function goOutQuestion(ctx) {
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

  // Beyond the books, what the rules ask before a team goes out: each a yes or no, shown only where it is asked.
  const asks = [
    ["going_out.partner_in_foot", "partner_in_foot", "Has your partner played from their foot?"],
    ["going_out.ask_partner", "partner_agrees", "Did your partner agree when you asked to go out?"],
    ["going_out.final_discard", "card_to_discard", "Will you have a card left to discard?"],
  ].map(([path, key, legend]) => ({
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
