// The pile question: the top card, the cards held that matter, and whether the team has melded.
import { h } from "../dom.mjs";
import { cardPicker } from "./picker.mjs";
import { codes, helperWords, roundField, scoreField, topCardPicker, words, yesNo } from "./fields.mjs";

export function pileQuestion(ctx) {
  const top = topCardPicker("hf-pile-top", ctx);
  const hand = cardPicker({
    id: "hf-pile-hand",
    legend: helperWords(ctx).pile_hand,
    hint: helperWords(ctx).pile_hand_hint,
    limits: ctx.rules().cards,
    others: () => top.counts(),
    onChange: ctx.changed,
  });
  const melded = yesNo("hf-pile-melded", words(ctx).melded, { onChange: () => showOpening() });
  const round = roundField("hf-pile-round", ctx);
  const score = scoreField("hf-pile-score", ctx);
  const foot = yesNo("hf-pile-foot", helperWords(ctx).pile_foot, { onChange: ctx.changed });
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
      hand.element.querySelector(".hf-pick__hint").textContent = helperWords(ctx).pile_hand_hint;
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
