// The game's rules, and behind one tap its teams and a new game (open until the first round has scores).
import { capitalise, h, siteUrl } from "../dom.mjs";
import { change, isEntered } from "./model.mjs";

// The rules the open game is scored by, with a link to them.
export function rulesLine(ctx) {
  const game = ctx.game;
  return h(
    "p",
    { class: "hf-game" },
    "Rules: ",
    h("a", { href: game.rulesUrl ?? siteUrl(`rules/${game.variantId}/`), text: game.base.name }),
    h("strong", {
      id: "hf-house-flag",
      class: "hf-house-flag",
      text: " with house values",
      hidden: !Object.keys(game.house).length,
    }),
  );
}

export function gameSetup(ctx) {
  const game = ctx.game;
  const { form } = game;
  const word = form.team_word;
  const hasEntries = game.rounds.some((round) => round.some(isEntered));
  const names = game.teams.map((name, t) =>
    h(
      "label",
      { class: "hf-team-name" },
      h("span", { text: `Name of ${word} ${t + 1}` }),
      h("input", {
        id: `hf-team-${t}`,
        type: "text",
        value: name,
        maxlength: String(form.limits.team_name),
        autocomplete: "off",
        "aria-describedby": `hf-team-${t}-error`,
        oninput: (event) => renameTeam(ctx, t, event.target),
      }),
      h("span", { id: `hf-team-${t}-error`, class: "hf-error" }),
    ),
  );
  const variantSelect = h(
    "select",
    { id: "hf-new-variant" },
    Object.values(ctx.data.variants).map((v) =>
      h("option", { value: v.id, selected: v.id === game.variantId, text: v.name }),
    ),
  );
  return h(
    "details",
    { class: "hf-game__setup", open: !hasEntries },
    h("summary", { text: `${capitalise(word)}s and a new game` }),
    h(
      "fieldset",
      { class: "hf-teams-setup" },
      h("legend", { text: `${capitalise(word)}s` }),
      names,
      h(
        "div",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          class: "md-button",
          text: `Add a ${word}`,
          disabled: hasEntries || game.teams.length >= form.limits.teams_max,
          onclick: () =>
            ctx.commit(
              change(ctx.game, (g) => g.teams.push(`${capitalise(word)} ${g.teams.length + 1}`), {
                what: `adding ${word} ${game.teams.length + 1}`,
              }),
              { reshape: true },
            ),
        }),
        h("button", {
          type: "button",
          class: "md-button",
          text: `Remove the last ${word}`,
          disabled: hasEntries || game.teams.length <= form.limits.teams_min,
          onclick: () =>
            ctx.commit(
              change(ctx.game, (g) => g.teams.pop(), { what: `removing ${game.teams.at(-1)}` }),
              { reshape: true },
            ),
        }),
      ),
      hasEntries ? h("p", { class: "hf-help", text: "Teams are fixed once a round has scores." }) : null,
    ),
    h(
      "div",
      { class: "hf-new-game" },
      h("label", { for: "hf-new-variant", text: "Rules for a new game" }),
      variantSelect,
      h(
        "div",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          class: "md-button",
          text: "New game",
          onclick: () => ctx.startGame(variantSelect.value, null),
        }),
        h("button", {
          type: "button",
          class: "md-button",
          text: "New game, same teams",
          onclick: () => ctx.startGame(variantSelect.value, [...ctx.game.teams]),
        }),
      ),
    ),
  );
}

function renameTeam(ctx, t, input) {
  const name = input.value;
  const error = document.getElementById(`hf-team-${t}-error`);
  error.classList.remove("hf-undone");
  if (!name.trim()) {
    input.setAttribute("aria-invalid", "true");
    error.textContent = "A name cannot be empty; the old name is kept.";
    return;
  }
  input.removeAttribute("aria-invalid");
  error.textContent = "";
  const edit = ctx.editOf(input, `the name of ${ctx.game.form.team_word} ${t + 1}`);
  ctx.commit(change(ctx.game, (g) => (g.teams[t] = name), edit));
  for (const element of document.querySelectorAll(`[data-team-name="${t}"]`)) element.textContent = name;
}
