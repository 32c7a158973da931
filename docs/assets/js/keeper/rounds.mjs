// The open round: each team's fields, typed in as people type, with − and + beside small counts and the card
// counter (counter.mjs) beside card points.
// What is on screen is saved only when it is a whole number in range; otherwise the entry goes back to what it was
// before this visit to the field, and the message says so about what is on screen.
import { h, selectOnTap } from "../dom.mjs";
import { parseWhole } from "../controls/whole_number.mjs";
import { beforeEdit, entryFields, setEntry } from "./model.mjs";
import { counter } from "./counter.mjs";
import { commit } from "./games.mjs";
import { editOf, newSession } from "./typing.mjs";
import { isRedrawing } from "../redraw.mjs";
import { helperLink } from "./helper_link.mjs";
import { roundMarks } from "../provenance.mjs";
import { showUncounted } from "./results.mjs";

// The open round: its rules, each team's fields one after the other, then what comes next (`after`, a function that
// builds it).
export function roundSection(store, engine, r, { say, after = () => [] }) {
  const { section, steps } = roundInSteps(store, engine, r, { say, after });
  for (const step of steps) step();
  return section;
}

// The open round as its head (`section`) and the steps that complete it: each adds one team's fields, built when it
// runs, and the last adds what comes next.
export function roundInSteps(store, engine, r, { say, after = () => [] }) {
  const { game } = store.get();
  const teams = h("div", { class: "hf-round__teams" });
  const section = h(
    "section",
    { class: "hf-round", "aria-labelledby": `hf-round-${r}` },
    h("h2", { id: `hf-round-${r}`, tabindex: "-1", text: `Round ${r + 1}` }),
    h("p", { class: "hf-round__rules", id: `hf-round-${r}-rules`, text: game.form.rounds.rules[r].line }),
    roundMarks(game.form, game.form.rounds.rules[r]),
    teams,
  );
  const steps = [
    ...game.teams.map((_, t) => () => teams.append(teamFieldset(store, engine, say, r, t))),
    () => section.append(...[after()].flat()),
  ];
  return { section, steps };
}

// Built when its step runs, from the game as it is then.
function teamFieldset(store, engine, say, r, t) {
  const { game } = store.get();
  const name = game.teams[t];
  const entry = game.rounds[r]?.[t] ?? {};
  const prefix = `r${r}-t${t}`;
  const keys = entryFields(game);
  const lastOfRound = t === game.teams.length - 1;
  const fields = keys.map((field, index) => {
    const id = `${prefix}-${field.key}`;
    const input = h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      // The keyboard's Enter key says where it goes: the next field, or, after the round's last one, "Next".
      enterkeyhint: lastOfRound && index === keys.length - 1 ? "done" : "next",
      class: "hf-entry",
      value: entry[field.key] === null || entry[field.key] === undefined ? "" : String(entry[field.key]),
      "aria-describedby": `${id}-error`,
      // A tap on a filled field selects what it holds, so what is typed replaces it ("2", not "12").
      onfocus: () => {
        if (!isRedrawing()) selectOnTap(input);
      },
      onkeydown: (event) => {
        if (event.key === "Enter" && !event.isComposing) {
          event.preventDefault();
          toNextField(input);
        }
      },
      oninput: () => {
        delete input.dataset.stale;
        onEntry(store, r, t, field, input);
      },
      onchange: () => {
        if (!isRedrawing()) onLeaveEntry(store, r, t, field, input);
      },
    });
    return h(
      "div",
      { class: field.counter ? "hf-field hf-field--counted" : "hf-field hf-field--stepper" },
      h("label", { for: id, text: field.label }),
      field.counter ? input : stepper(store, say, r, t, field, input),
      field.counter ? counter(store, engine, r, t, field, input, (typed) => onEntry(store, r, t, field, typed)) : null,
      h("span", { id: `${id}-error`, class: "hf-error" }),
    );
  });
  const outId = `${prefix}-went_out`;
  const out = h("input", {
    id: outId,
    type: "checkbox",
    checked: Boolean(entry.went_out),
    onchange: () => {
      const { form, rounds, teams } = store.get().game;
      const before = out.checked ? (rounds[r] ?? []).findIndex((other, index) => index !== t && other.went_out) : -1;
      commit(
        store,
        setEntry(store.get().game, r, t, "went_out", out.checked, {
          session: `${outId}@${newSession()}`,
          what: `"${form.went_out_label}" for ${teams[t]} in round ${r + 1}`,
          focus: outId,
        }),
      );
      store.get().game.rounds[r].forEach((other, index) => {
        const box = document.getElementById(`r${r}-t${index}-went_out`);
        if (box) box.checked = other.went_out;
        const note = document.getElementById(`r${r}-t${index}-went_out-note`);
        if (note) note.textContent = "";
      });
      // Ticking a second side unticks the first (model.setEntry), and the player is told why in handfoot's words.
      if (before >= 0) {
        const text = form.went_out_note.replace("{team}", teams[before]);
        document.getElementById(`${outId}-note`).textContent = text;
        say(text);
      }
    },
  });
  return h(
    "fieldset",
    { class: "hf-team-round", "data-prefix": prefix },
    h("legend", { "data-team-name": String(t), text: name }),
    game.form.by_score ? h("p", { id: `${prefix}-minimum`, class: "hf-help" }) : null,
    // The going-out box is the last cell of the fields' grid, so a team's whole entry fits above a phone's keyboard.
    h(
      "div",
      { class: "hf-fields" },
      fields,
      h(
        "div",
        { class: "hf-team-round__out" },
        h(
          "div",
          { class: "hf-field hf-field--check" },
          out,
          h("label", { for: outId, text: game.form.went_out_label }),
        ),
        helperLink(store, r, t),
      ),
    ),
    h("p", { id: `${outId}-note`, class: "hf-warning hf-out-note", "aria-live": "polite" }),
    h("p", { id: `${outId}-warning`, class: "hf-warning hf-out-note", "aria-live": "polite" }),
    h("p", { id: `${prefix}-uncounted`, class: "hf-error hf-result__uncounted", hidden: true }),
    h("div", { id: `${prefix}-result`, class: "hf-result", "aria-live": "polite" }),
  );
}

// Enter walks a round's fields in order, team after team; after the last one it goes to "Next" (it never opens the
// next round by itself).
function toNextField(input) {
  const round = input.closest(".hf-round");
  const entries = [...round.querySelectorAll("input.hf-entry")];
  const next = entries[entries.indexOf(input) + 1] ?? round.querySelector(".hf-next");
  next?.focus();
}

// A small count gets − and + beside its field: one tap a card or a book. Taps in one visit make one undo step.
function stepper(store, say, r, t, field, input) {
  const step = (by, button) => {
    const parsed = parseWhole(input.value, { ...field, none: "empty" });
    const now = parsed.value ?? store.get().game.rounds[r]?.[t]?.[field.key] ?? null;
    const next = Math.min(field.max, Math.max(field.min, (now ?? field.min) + by));
    input.value = String(next);
    say(`${field.label}, ${store.get().game.teams[t]}: ${next}`);
    delete input.dataset.stale;
    button.dataset.session ??= newSession();
    onEntry(store, r, t, field, input, {
      session: `${input.id}@step.${button.dataset.session}`,
      what: `${field.label} for ${store.get().game.teams[t]} in round ${r + 1}`,
      focus: input.id,
    });
  };
  // Named with the team's name, which a rename updates (game_section.mjs).
  const button = (what, by, text) => {
    const named = `${what}: ${field.label}`;
    const element = h("button", {
      type: "button",
      class: "hf-step",
      "aria-label": `${named}, ${store.get().game.teams[t]}`,
      "data-team-step": String(t),
      "data-named": named,
      text,
      onclick: () => step(by, element),
    });
    return element;
  };
  const less = button("One fewer", -1, "\u2212");
  const more = button("One more", 1, "+");
  return h("span", { class: "hf-stepper" }, less, input, more);
}

function onEntry(store, r, t, field, input, stepped = null) {
  const game = store.get().game;
  const error = document.getElementById(`${input.id}-error`);
  const parsed = parseWhole(input.value, { ...field, none: "empty" });
  const edit = stepped ?? editOf(input, `${field.label} for ${game.teams[t]} in round ${r + 1}`);
  error.classList.remove("hf-undone");
  if (parsed.value !== undefined) {
    input.removeAttribute("aria-invalid");
    delete input.dataset.invalid;
    error.textContent = "";
    commit(store, setEntry(game, r, t, field.key, parsed.value, edit));
    showUncounted(store.get().game, r, t);
    return;
  }
  const before = beforeEdit(game, edit.session).rounds[r]?.[t]?.[field.key] ?? null;
  if ((game.rounds[r]?.[t]?.[field.key] ?? null) !== before) {
    commit(store, setEntry(game, r, t, field.key, before, edit));
  }
  if (parsed.unfinished) {
    input.removeAttribute("aria-invalid");
    delete input.dataset.invalid;
    error.textContent = "";
  } else {
    showEntryProblem(game.form, input, error, parsed.error);
  }
  showUncounted(store.get().game, r, t);
}

function onLeaveEntry(store, r, t, field, input) {
  const parsed = parseWhole(input.value, { ...field, none: "empty" });
  if (!parsed.unfinished) return;
  showEntryProblem(store.get().game.form, input, document.getElementById(`${input.id}-error`), parsed.error);
  showUncounted(store.get().game, r, t);
}

// A number typed with a minus is told, in handfoot's words, that the sheet counts up.
function showEntryProblem(form, input, error, problem) {
  input.setAttribute("aria-invalid", "true");
  input.dataset.invalid = "typed";
  const minus = /^\s*[-\u2212]/.test(input.value);
  error.textContent = `${minus ? form.entry_minus : problem} Not saved.`;
}
