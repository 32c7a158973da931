// Picking cards by tapping: one button per card of the pack, the cards picked as buttons that take one back, and a
// clear button. No card code is ever typed. The cards, their order, copies and names are handfoot's card_choices.
import { h } from "../dom.mjs";

// `limits` is handfoot's card_choices for the rules; `others()` counts the same cards picked elsewhere in the
// question. `single` keeps one card at most (the pile's top card). `onChange` runs after every change.
export function cardPicker({ id, legend, hint = "", limits, others = () => ({}), single = false, onChange }) {
  let picked = [];
  let pack = new Map(limits.map((choice) => [choice.card, choice]));
  const about = (code) => pack.get(code);
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
    const { copies, plural } = about(code);
    if (count(code) + elsewhere >= copies) {
      message.textContent = copies
        ? `The pack holds ${copies} ${plural}, and all ${copies} are picked${elsewhere ? " in this question" : ""}.`
        : `These rules play with no ${plural}.`;
      return;
    }
    set([...picked, code]);
  }

  function takeBack(index, code) {
    set(picked.filter((_, at) => at !== index));
    message.textContent = `Took back ${about(code).one}.`;
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
    // A card the pack holds none of under these rules (handfoot's card_choices) is not offered.
    grid.replaceChildren(
      ...[...pack.keys()]
        .filter((code) => about(code).copies)
        .map((code) => {
          const n = count(code);
          const { one, face } = about(code);
          // The name starts with what the button shows ("9: add a nine"), so "tap 9" finds it (WCAG 2.5.3); a chosen
          // top card is said by aria-pressed, a count by the name's "(2 picked)".
          const label = single ? `${face}: choose ${one}` : `${face}: add ${one}${n ? ` (${n} picked)` : ""}`;
          // The count's badge sits on the button's corner but outside it: the button shows its card and nothing else.
          return h(
            "div",
            { class: "hf-pick__cell" },
            h(
              "button",
              {
                type: "button",
                class: `hf-pick__card${about(code).red ? " hf-pick__card--red" : ""}`,
                "data-card": code,
                "aria-label": label,
                "aria-pressed": single ? String(n > 0) : null,
                disabled: !about(code).copies,
                onclick: () => add(code),
              },
              h("span", { class: "hf-pick__face", text: face }),
            ),
            !single && n ? h("span", { class: "hf-pick__count", "aria-hidden": "true", text: `×${n}` }) : null,
          );
        }),
    );
    if (focused) grid.querySelector(`[data-card="${focused}"]`)?.focus();
    chosen.replaceChildren(
      single
        ? h("p", {
            class: "hf-pick__none",
            text: picked.length ? `Chosen: ${about(picked[0]).name}.` : "No card chosen.",
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
                    "aria-label": `${about(code).face}: take back ${about(code).one}`,
                    text: about(code).face,
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
    // Cards kept from before (a reload): those the pack does not hold are left out, and nothing is said.
    restore(cards) {
      picked = [];
      for (const code of cards) {
        const elsewhere = single ? 0 : (others()[code] ?? 0);
        const fits = pack.has(code) && count(code) + elsewhere < about(code).copies && (!single || !picked.length);
        if (fits) picked.push(code);
      }
      draw();
    },
    // New rules may hold fewer of a card: what no longer fits is taken back.
    setLimits(next) {
      pack = new Map(next.map((choice) => [choice.card, choice]));
      const kept = [];
      for (const code of picked)
        if (kept.filter((c) => c === code).length < (about(code)?.copies ?? 0)) kept.push(code);
      picked = kept;
      draw();
    },
  };
}
