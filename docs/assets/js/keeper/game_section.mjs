// The game's rules, its teams' names (above the first round until it is begun), and behind one tap a new game.
import { capitalise, h, siteUrl } from "../dom.mjs";
import { change, hasEntries } from "./model.mjs";
import { commit, startGame } from "./games.mjs";
import { editOf } from "./typing.mjs";

// The rules the open game is scored by, with a link to them.
export function rulesLine(game) {
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

// The names of the teams, with a team added or removed until a round has scores. `first`: drawn above a game's first
// round, where a table names its teams before it plays.
export function teamNames(store, { first = false } = {}) {
  const { game } = store.get();
  const { form } = game;
  const word = form.team_word;
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
        oninput: (event) => renameTeam(store, t, event.target),
        // A tap on a name selects it, so a new name is typed over the old one rather than after it.
        onfocus: (event) => selectOnTap(event.target),
      }),
      h("span", { id: `hf-team-${t}-error`, class: "hf-error" }),
    ),
  );
  return h(
    "fieldset",
    { class: first ? "hf-teams-setup hf-teams-setup--first" : "hf-teams-setup" },
    h("legend", { text: first ? "Who is playing?" : `${capitalise(word)}s` }),
    h("div", { class: "hf-team-names" }, names),
    hasEntries(game)
      ? h("p", { class: "hf-help", text: `${capitalise(word)}s are fixed once a round has scores.` })
      : h(
          "div",
          { class: "hf-buttons" },
          h("button", {
            type: "button",
            class: "md-button",
            text: `Add a ${word}`,
            disabled: game.teams.length >= form.limits.teams_max,
            onclick: () =>
              commit(
                store,
                change(store.get().game, (g) => g.teams.push(`${capitalise(word)} ${g.teams.length + 1}`), {
                  what: `adding ${word} ${game.teams.length + 1}`,
                }),
                { reshape: true },
              ),
          }),
          h("button", {
            type: "button",
            class: "md-button",
            text: `Remove the last ${word}`,
            disabled: game.teams.length <= form.limits.teams_min,
            onclick: () =>
              commit(
                store,
                change(store.get().game, (g) => g.teams.pop(), { what: `removing ${game.teams.at(-1)}` }),
                {
                  reshape: true,
                },
              ),
          }),
        ),
  );
}

// Selects a field's text once the tap or click that focused it is over (the browser places the caret on release).
function selectOnTap(input) {
  input.select();
  input.addEventListener("pointerup", () => input.select(), { once: true });
}

// A new game, and the teams' names when they are not drawn above the round (`names`).
export function gameSetup(store, { names = true } = {}) {
  const { game, data } = store.get();
  const word = game.form.team_word;
  const variantSelect = h(
    "select",
    { id: "hf-new-variant" },
    Object.values(data.variants).map((v) =>
      h("option", { value: v.id, selected: v.id === game.variantId, text: v.name }),
    ),
  );
  return h(
    "details",
    { class: "hf-game__setup", open: names && !hasEntries(game) },
    h("summary", { text: names ? `${capitalise(word)}s and a new game` : "A new game" }),
    names ? teamNames(store) : null,
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
          onclick: () => startGame(store, variantSelect.value, null),
        }),
        h("button", {
          type: "button",
          class: "md-button",
          text: `New game, same ${word}s`,
          onclick: () => startGame(store, variantSelect.value, [...store.get().game.teams]),
        }),
      ),
    ),
  );
}

function renameTeam(store, t, input) {
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
  const { game } = store.get();
  const edit = editOf(input, `the name of ${game.form.team_word} ${t + 1}`);
  commit(
    store,
    change(game, (g) => (g.teams[t] = name), edit),
  );
  for (const element of document.querySelectorAll(`[data-team-name="${t}"]`)) element.textContent = name;
  for (const button of document.querySelectorAll(`[data-team-step="${t}"]`))
    button.setAttribute("aria-label", `${button.dataset.named}, ${name}`);
}
