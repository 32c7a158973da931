// The meld question: the cards of one meld, picked by tapping.
import { h } from "../dom.mjs";
import { cardPicker } from "./picker.mjs";
import { codes } from "./fields.mjs";

export function meldQuestion(ctx) {
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
