// Below the open round: the end of the game when it is over, undo, the next round in one tap, and the screen switch.
import { h } from "../dom.mjs";
import { roundCount } from "./model.mjs";
import { awakeSwitch } from "./awake.mjs";

export function roundActions(ctx, r, root) {
  const next = r + 1 < roundCount(ctx.game) ? r + 1 : null;
  return [
    h(
      "section",
      { id: "hf-game-end", class: "hf-game-end", "aria-labelledby": "hf-game-end-title", hidden: true },
      h("h2", { id: "hf-game-end-title", text: "Game over" }),
      h("div", { id: "hf-game-end-body" }),
      h("button", {
        type: "button",
        class: "md-button md-button--primary",
        text: "New game, same teams",
        onclick: () => ctx.startGame(ctx.game.variantId, [...ctx.game.teams]),
      }),
    ),
    h(
      "div",
      { class: "hf-round__actions" },
      next === null
        ? null
        : h("button", {
            type: "button",
            class: "md-button md-button--primary hf-next",
            text: `Next: round ${next + 1}`,
            onclick: () => ctx.openRound(next),
          }),
      h(
        "button",
        { type: "button", id: "hf-undo", class: "md-button", onclick: ctx.undo },
        "Undo",
        h("span", { class: "hf-visually-hidden", text: " the last change" }),
      ),
      h("p", { id: "hf-undo-message", class: "hf-help", role: "status" }),
      awakeSwitch(root),
    ),
  ];
}
