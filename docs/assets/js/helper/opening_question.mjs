// The first meld of a round: its melds, the pile's top card when it is taken for them, the team's score.
import { h } from "../dom.mjs";
import { cardPicker } from "./picker.mjs";
import { codes, roundField, scoreField, sumCounts, topCardPicker, words } from "./fields.mjs";

// A saved first meld question is read back with at most this many melds.
const MELDS_KEPT = 12;

export function openingQuestion(ctx) {
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
