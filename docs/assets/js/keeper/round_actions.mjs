// Below the open round: the end of the game when it is over, undo, the next round in one tap, and the screen switch.
// "Next" first asks when a team has entered nothing in the round it leaves.
import { fill, h } from "../dom.mjs";
import { roundCount, silentTeams } from "./model.mjs";
import { awakeSwitch } from "./awake.mjs";

function teamsWords(names) {
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `${list} ${names.length > 1 ? "have" : "has"}`;
}

export function roundActions(ctx, r, root) {
  const next = r + 1 < roundCount(ctx.game) ? r + 1 : null;
  const check = h("div", { id: "hf-next-check", class: "hf-next-check", role: "alert" });
  const askFirst = () => {
    const silent = silentTeams(ctx.game, r);
    if (!silent.length) {
      ctx.nextRound(r);
      return;
    }
    fill(
      check,
      h("p", { text: `${teamsWords(silent)} entered nothing for round ${r + 1}.` }),
      h(
        "div",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          class: "md-button",
          text: `Stay on round ${r + 1}`,
          onclick: () => {
            fill(check);
            const team = ctx.game.teams.indexOf(silent[0]);
            document.querySelector(`[data-prefix="r${r}-t${team}"] input`)?.focus();
          },
        }),
        h("button", {
          type: "button",
          class: "md-button md-button--primary",
          text: `Open round ${next + 1} anyway`,
          onclick: () => ctx.nextRound(r),
        }),
      ),
    );
  };
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
    check,
    h(
      "div",
      { class: "hf-round__actions" },
      next === null
        ? null
        : h("button", {
            type: "button",
            class: "md-button md-button--primary hf-next",
            text: `Next: round ${next + 1}`,
            onclick: askFirst,
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
