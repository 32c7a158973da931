// Picking cards by tapping: one button per card of the pack (its order and counts are handfoot's card_limits, a
// list of [card, copies] pairs), the
// cards picked as buttons that take one back, and a clear button. No card code is ever typed.
import { h } from "../dom.mjs";

const NAMES = {
  A: ["ace", "aces"],
  K: ["king", "kings"],
  Q: ["queen", "queens"],
  J: ["jack", "jacks"],
  10: ["ten", "tens"],
  9: ["nine", "nines"],
  8: ["eight", "eights"],
  7: ["seven", "sevens"],
  6: ["six", "sixes"],
  5: ["five", "fives"],
  4: ["four", "fours"],
  "3H": ["red three", "red threes"],
  "3S": ["black three", "black threes"],
  2: ["two", "twos"],
  JK: ["joker", "jokers"],
};
const FACES = { "3H": "3\u2665", "3S": "3\u2660", JK: "Joker" };

export const face = (code) => FACES[code] ?? code;
export const cardName = (code, count = 1) => NAMES[code][count === 1 ? 0 : 1];
const article = (code) => (/^[aeiou]/.test(cardName(code)) ? "an" : "a");

// `limits` maps each card to the copies in the pack; `others()` counts the same cards picked elsewhere in the
// question. `single` keeps one card at most (the pile's top card). `onChange` runs after every change.
export function cardPicker({ id, legend, hint = "", limits, others = () => ({}), single = false, onChange }) {
  let picked = [];
  let pack = new Map(limits);
  const message = h("p", { class: "hf-pick__message", id: `${id}-message`, "aria-live": "polite" });
  const grid = h("div", { class: "hf-pick__grid" });
  const chosen = h("div", { class: "hf-pick__chosen" });
  const clear = h("button", {
    type: "button",
    class: "md-button hf-pick__clear",
    text: "Clear",
    onclick: () => set([]),
  });
  const element = h(
    "fieldset",
    { class: `hf-pick${single ? " hf-pick--single" : ""}`, id, "aria-describedby": `${id}-message` },
    h("legend", { text: legend }),
    hint ? h("p", { class: "hf-pick__hint", text: hint }) : null,
    grid,
    h("div", { class: "hf-pick__picked" }, chosen, clear),
    message,
  );

  const count = (code) => picked.filter((card) => card === code).length;

  function add(code) {
    if (single) return set(count(code) ? [] : [code]);
    const elsewhere = others()[code] ?? 0;
    if (count(code) + elsewhere >= pack.get(code)) {
      const all = pack.get(code);
      message.textContent =
        all === 0
          ? `These rules play with no ${cardName(code, 2)}.`
          : `The pack holds ${all} ${cardName(code, all)}, and all ${all} are picked${elsewhere ? " in this question" : ""}.`;
      return;
    }
    set([...picked, code]);
  }

  function takeBack(index, code) {
    set(picked.filter((_, at) => at !== index));
    message.textContent = `Took back ${article(code)} ${cardName(code)}.`;
    (chosen.querySelector("button") ?? grid.querySelector(`[data-card="${code}"]`))?.focus();
  }

  function set(cards) {
    picked = [...cards];
    message.textContent = "";
    draw();
    onChange?.();
  }

  function draw() {
    const focused = document.activeElement?.dataset?.card;
    grid.replaceChildren(
      ...[...pack.keys()].map((code) => {
        const n = count(code);
        const label = single
          ? `${cardName(code)}${n ? ", chosen" : ""}`
          : `Add ${article(code)} ${cardName(code)}${n ? ` (${n} picked)` : ""}`;
        return h(
          "button",
          {
            type: "button",
            class: `hf-pick__card${code === "3H" ? " hf-pick__card--red" : ""}`,
            "data-card": code,
            "aria-label": label,
            "aria-pressed": single ? String(n > 0) : null,
            disabled: pack.get(code) === 0,
            onclick: () => add(code),
          },
          h("span", { class: "hf-pick__face", text: face(code) }),
          !single && n ? h("span", { class: "hf-pick__count", "aria-hidden": "true", text: `×${n}` }) : null,
        );
      }),
    );
    if (focused) grid.querySelector(`[data-card="${focused}"]`)?.focus();
    chosen.replaceChildren(
      single
        ? h("p", {
            class: "hf-pick__none",
            text: picked.length ? `Chosen: ${cardName(picked[0])}.` : "No card chosen.",
          })
        : picked.length
          ? h(
              "ul",
              { class: "hf-pick__list", "aria-label": `${legend}: ${picked.length} picked` },
              picked.map((code, index) =>
                h(
                  "li",
                  {},
                  h("button", {
                    type: "button",
                    class: "hf-pick__chip",
                    "aria-label": `Take back ${article(code)} ${cardName(code)}`,
                    text: face(code),
                    onclick: () => takeBack(index, code),
                  }),
                ),
              ),
            )
          : h("p", { class: "hf-pick__none", text: "No cards picked." }),
    );
    clear.disabled = !picked.length;
  }

  draw();
  return {
    element,
    cards: () => [...picked],
    text: () => picked.join(" "),
    counts: () => Object.fromEntries([...pack.keys()].map((code) => [code, count(code)])),
    set,
    // New rules may hold fewer of a card: what no longer fits is taken back.
    setLimits(next) {
      pack = new Map(next);
      const kept = [];
      for (const code of picked) if (kept.filter((c) => c === code).length < (pack.get(code) ?? 0)) kept.push(code);
      picked = kept;
      draw();
    },
  };
}
