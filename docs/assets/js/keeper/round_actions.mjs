// Below the open round: the end of the game when it is over, undo, the next round in one tap, and the screen switch.
// "Next" first asks when a team has entered nothing in the round it leaves, or handfoot found a problem in it.
import { fill, formatPoints, h } from "../dom.mjs";
import { entryFields, openRoundOf, roundCount } from "./model.mjs";
import { awakeSwitch } from "./awake.mjs";
import { nextRound, startGame, undoStep } from "./games.mjs";
import { newSession } from "./typing.mjs";
import { fieldAtFault } from "./results.mjs";

// What a round leaves behind, team by team, each as {text, focus}: the words and the field to go back to. A field
// showing what is not a number (its entry kept as it was) is named with what it shows; then what handfoot says: a
// round it cannot score (at the field at fault) and its warnings (about going out). A team with nothing on screen at
// all is named as having entered nothing.
function roundProblems(game, cache, r) {
  const fields = entryFields(game);
  return game.teams.flatMap((name, t) => {
    const inputs = fields.map((field) => ({ field, input: document.getElementById(`r${r}-t${t}-${field.key}`) }));
    const typos = inputs
      .filter(({ input }) => input && input.dataset.invalid === "typed")
      .map(({ field, input }) => ({
        text: `${name}: ${field.label} shows "${input.value}", which is not a number. ${entryMeans(game, r, t, field)}`,
        focus: input.id,
      }));
    if (typos.length) return typos;
    if (inputs.every(({ input }) => !input?.value.trim()) && !game.rounds[r]?.[t]?.went_out) {
      return [
        {
          text: `${name} has entered nothing for round ${r + 1}.`,
          focus: `r${r}-t${t}-${fields[0].key}`,
          silent: true,
        },
      ];
    }
    const result = cache?.rounds?.[r]?.[t];
    if (!result) return [];
    if (!result.ok) {
      return [
        { text: `${name}: not scored. ${result.message}`, focus: `r${r}-t${t}-${fieldAtFault(game, r, t, result)}` },
      ];
    }
    return result.warnings.map((warning) => ({ text: `${name}: ${warning}`, focus: `r${r}-t${t}-went_out` }));
  });
}

// What the total counts for a field whose text is not a number.
function entryMeans(game, r, t, field) {
  const kept = game.rounds[r]?.[t]?.[field.key];
  return kept === null || kept === undefined
    ? "Fix it, or the round counts nothing for it."
    : `Fix it, or the round counts ${formatPoints(kept)} for it.`;
}

// `currentScores()` gives the scores of the game as it is now (scoring.mjs); `root` holds the keeper.
export function roundActions(store, r, { root, currentScores }) {
  const { game } = store.get();
  const next = r + 1 < roundCount(game) ? r + 1 : null;
  const goOn = () => nextRound(store, r, newSession());
  const check = h("div", { id: "hf-next-check", class: "hf-next-check", role: "alert" });
  // Staying is the easy choice: the filled button, with the focus.
  const stay = (focus) =>
    h("button", {
      type: "button",
      class: "md-button md-button--primary",
      text: `Stay on round ${r + 1}`,
      onclick: () => {
        fill(check);
        document.getElementById(focus)?.focus();
      },
    });
  // "Next" first says what the round leaves behind: teams that entered nothing, and what handfoot found wrong or
  // unusual in a team's entries (checked here, since the last field is often left by this very tap).
  const askFirst = async () => {
    const problems = roundProblems(store.get().game, await currentScores(), r);
    if (!problems.length) {
      goOn();
      return;
    }
    const button = stay(problems[0].focus);
    fill(
      check,
      problems.map(({ text, silent }) => h("p", { class: silent ? null : "hf-warning", text })),
      h(
        "div",
        { class: "hf-buttons" },
        button,
        h("button", { type: "button", class: "md-button", text: `Open round ${next + 1} anyway`, onclick: goOn }),
      ),
    );
    button.focus();
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
        text: `New game, same ${game.form.team_word}s`,
        onclick: () => startGame(store, store.get().game.variantId, [...store.get().game.teams]),
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
        { type: "button", id: "hf-undo", class: "md-button", onclick: () => undoAndSay(store) },
        "Undo",
        h("span", { class: "hf-visually-hidden", text: " the last change" }),
      ),
      h("p", { id: "hf-undo-message", class: "hf-help", role: "status" }),
      awakeSwitch(root),
    ),
  ];
}

// Undo, then what it took back: the field it changed gets the focus and says its old value, or the message says it.
function undoAndSay(store) {
  const step = undoStep(store);
  const stepRound = /^r\d+-t\d+-/.test(step?.focus ?? "");
  const message = document.getElementById("hf-undo-message");
  const target = step?.focus ? document.getElementById(step.focus) : null;
  if (!target) {
    const where = step && !stepRound ? ` Round ${openRoundOf(store.get().game) + 1} is open.` : "";
    message.textContent =
      (step?.what ? `Undone: ${step.what}.` : step ? "Undone." : "There is nothing to undo.") + where;
    document.getElementById("hf-undo")?.focus();
    return;
  }
  target.closest("details")?.setAttribute("open", "");
  const value = target.type === "checkbox" ? (target.checked ? "ticked" : "not ticked") : target.value || "blank";
  message.textContent = `Undone: ${step.what}, back to ${value}.`;
  const note = document.getElementById(`${step.focus}-error`);
  if (note && !note.textContent) {
    note.textContent = `Undone: back to ${value}.`;
    note.classList.add("hf-undone");
  }
  target.focus();
}
