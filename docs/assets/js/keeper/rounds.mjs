// The rounds of a game: each team's fields, typed in as people type, and the card counter beside card points.
// What is on screen is saved only when it is a whole number in range; otherwise the entry goes back to what it was
// before this visit to the field, and the message says so about what is on screen.
import { formatPoints, h } from "../dom.mjs";
import { parseWhole } from "../controls.mjs";
import { beforeEdit, effective, entryFields, setEntry } from "./model.mjs";
import { isRedrawing } from "../redraw.mjs";
import { helperLink } from "./helper_link.mjs";
import { roundMarks } from "../provenance.mjs";
import { showUncounted } from "./results.mjs";

// The open round: its rules, each team's fields one after the other, then what comes next (`after`, a function that
// builds it).
export function roundSection(ctx, r, after = () => []) {
  const { section, steps } = roundInSteps(ctx, r, after);
  for (const step of steps) step();
  return section;
}

// The open round as its head (`section`) and the steps that complete it: each adds one team's fields, built when it
// runs, and the last adds what comes next.
export function roundInSteps(ctx, r, after = () => []) {
  const teams = h("div", { class: "hf-round__teams" });
  const section = h(
    "section",
    { class: "hf-round", "aria-labelledby": `hf-round-${r}` },
    h("h2", { id: `hf-round-${r}`, tabindex: "-1", text: `Round ${r + 1}` }),
    h("p", { class: "hf-round__rules", id: `hf-round-${r}-rules`, text: ctx.game.form.rounds.rules[r].line }),
    roundMarks(ctx.game.form, ctx.game.form.rounds.rules[r]),
    teams,
  );
  const steps = [
    ...ctx.game.teams.map((_, t) => () => teams.append(teamFieldset(ctx, r, t, ctx.game.teams[t]))),
    () => section.append(...[after()].flat()),
  ];
  return { section, steps };
}

function teamFieldset(ctx, r, t, name) {
  const game = ctx.game;
  const entry = game.rounds[r]?.[t] ?? {};
  const prefix = `r${r}-t${t}`;
  const fields = entryFields(game).map((field) => {
    const id = `${prefix}-${field.key}`;
    const input = h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      value: entry[field.key] === null || entry[field.key] === undefined ? "" : String(entry[field.key]),
      "aria-describedby": `${id}-error`,
      oninput: () => {
        delete input.dataset.stale;
        onEntry(ctx, r, t, field, input);
      },
      onchange: () => {
        if (!isRedrawing()) onLeaveEntry(ctx, r, t, field, input);
      },
    });
    return h(
      "div",
      { class: field.counter ? "hf-field hf-field--counted" : "hf-field hf-field--stepper" },
      h("label", { for: id, text: field.label }),
      field.counter ? input : stepper(ctx, r, t, field, input),
      field.counter ? counter(ctx, r, t, field, input) : null,
      h("span", { id: `${id}-error`, class: "hf-error" }),
    );
  });
  const outId = `${prefix}-went_out`;
  const out = h("input", {
    id: outId,
    type: "checkbox",
    checked: Boolean(entry.went_out),
    onchange: () => {
      const before = out.checked
        ? (ctx.game.rounds[r] ?? []).findIndex((other, index) => index !== t && other.went_out)
        : -1;
      ctx.commit(
        setEntry(ctx.game, r, t, "went_out", out.checked, {
          session: `${outId}@${ctx.newSession()}`,
          what: `"${ctx.game.form.went_out_label}" for ${ctx.game.teams[t]} in round ${r + 1}`,
          focus: outId,
        }),
      );
      ctx.game.rounds[r].forEach((other, index) => {
        const box = document.getElementById(`r${r}-t${index}-went_out`);
        if (box) box.checked = other.went_out;
        const note = document.getElementById(`r${r}-t${index}-went_out-note`);
        if (note) note.textContent = "";
      });
      // Only one team goes out in a round: ticking a second unticks the first, and the player is told so.
      if (before >= 0) {
        const text = `Only one ${ctx.game.form.team_word} goes out in a round, so "${ctx.game.form.went_out_label}" for ${ctx.game.teams[before]} was unticked.`;
        document.getElementById(`${outId}-note`).textContent = text;
        ctx.say(text);
      }
    },
  });
  return h(
    "fieldset",
    { class: "hf-team-round", "data-prefix": prefix },
    h("legend", { "data-team-name": String(t), text: name }),
    game.form.by_score ? h("p", { id: `${prefix}-minimum`, class: "hf-help" }) : null,
    h("div", { class: "hf-fields" }, fields),
    h(
      "div",
      { class: "hf-team-round__out" },
      h("div", { class: "hf-field hf-field--check" }, out, h("label", { for: outId, text: game.form.went_out_label })),
      ctx.data ? helperLink(ctx, r, t) : null,
    ),
    h("p", { id: `${outId}-note`, class: "hf-warning hf-out-note", "aria-live": "polite" }),
    h("p", { id: `${prefix}-uncounted`, class: "hf-error hf-result__uncounted", hidden: true }),
    h("div", { id: `${prefix}-result`, class: "hf-result", "aria-live": "polite" }),
  );
}

// A small count gets − and + beside its field: one tap a card or a book. Taps in one visit make one undo step.
function stepper(ctx, r, t, field, input) {
  const step = (by, button) => {
    const parsed = parseWhole(input.value, { ...field, none: "empty" });
    const now = parsed.value ?? ctx.game.rounds[r]?.[t]?.[field.key] ?? null;
    const next = Math.min(field.max, Math.max(field.min, (now ?? field.min) + by));
    input.value = String(next);
    ctx.say(`${field.label}, ${ctx.game.teams[t]}: ${next}`);
    delete input.dataset.stale;
    button.dataset.session ??= ctx.newSession();
    onEntry(ctx, r, t, field, input, {
      session: `${input.id}@step.${button.dataset.session}`,
      what: `${field.label} for ${ctx.game.teams[t]} in round ${r + 1}`,
      focus: input.id,
    });
  };
  // Named with the team's name, which a rename updates (game_section.mjs).
  const button = (what, by, text) => {
    const named = `${what}: ${field.label}`;
    const element = h("button", {
      type: "button",
      class: "hf-step",
      "aria-label": `${named}, ${ctx.game.teams[t]}`,
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

function onEntry(ctx, r, t, field, input, stepped = null) {
  const error = document.getElementById(`${input.id}-error`);
  const parsed = parseWhole(input.value, { ...field, none: "empty" });
  const edit = stepped ?? ctx.editOf(input, `${field.label} for ${ctx.game.teams[t]} in round ${r + 1}`);
  error.classList.remove("hf-undone");
  if (parsed.value !== undefined) {
    input.removeAttribute("aria-invalid");
    delete input.dataset.invalid;
    error.textContent = "";
    ctx.commit(setEntry(ctx.game, r, t, field.key, parsed.value, edit));
    showUncounted(ctx.game, r, t);
    return;
  }
  const before = beforeEdit(ctx.game, edit.session).rounds[r]?.[t]?.[field.key] ?? null;
  if ((ctx.game.rounds[r]?.[t]?.[field.key] ?? null) !== before) {
    ctx.commit(setEntry(ctx.game, r, t, field.key, before, edit));
  }
  if (parsed.unfinished) {
    input.removeAttribute("aria-invalid");
    delete input.dataset.invalid;
    error.textContent = "";
  } else {
    showEntryProblem(input, error, parsed.error);
  }
  showUncounted(ctx.game, r, t);
}

function onLeaveEntry(ctx, r, t, field, input) {
  const parsed = parseWhole(input.value, { ...field, none: "empty" });
  if (!parsed.unfinished) return;
  showEntryProblem(input, document.getElementById(`${input.id}-error`), parsed.error);
  showUncounted(ctx.game, r, t);
}

function showEntryProblem(input, error, problem) {
  input.setAttribute("aria-invalid", "true");
  input.dataset.invalid = "typed";
  error.textContent = /^\s*[-\u2212]/.test(input.value)
    ? "Enter 0 or more: points left in hand are taken off for you. Not saved."
    : `${problem} Not saved.`;
}

// Counts of cards by group, turned into points by handfoot: the groups and their words come with the sheet form.
function counter(ctx, r, t, field, target) {
  const { title, groups } = ctx.game.form.count_groups[field.counter];
  const prefix = `r${r}-t${t}-${field.counter}-count`;
  const inputs = groups.map((group) =>
    h(
      "label",
      { class: "hf-count" },
      h("span", { text: group.label }),
      h("input", { id: `${prefix}-${group.key}`, type: "text", inputmode: "numeric", autocomplete: "off", value: "" }),
    ),
  );
  const message = h("span", { class: "hf-error", role: "status" });
  const use = async () => {
    const counts = {};
    for (const group of groups) {
      const text = document.getElementById(`${prefix}-${group.key}`).value;
      const parsed = parseWhole(text || "0", group);
      if (parsed.value === undefined) {
        message.textContent = `${group.label}: ${parsed.error}`;
        return;
      }
      counts[group.key] = parsed.value;
    }
    if (ctx.scorer.state === "failed") {
      message.textContent =
        "The counter needs the scorer, which could not start in this browser. Add up the points by hand and type them in above.";
      return;
    }
    if (ctx.scorer.state !== "ready") {
      message.textContent = "The counter needs the scorer, which is still loading. Try again in a moment.";
      return;
    }
    try {
      const points = await ctx.scorer.call("card_points", effective(ctx.game), counts, field.counter === "left");
      message.textContent = `${formatPoints(points)} points.`;
      const input = document.getElementById(target.id) ?? target;
      input.value = String(points);
      input.dataset.session = `counter.${ctx.newSession()}`;
      onEntry(ctx, r, t, field, input);
    } catch (error) {
      message.textContent = error.message;
    }
  };
  return h(
    "details",
    { class: "hf-counter", id: `${prefix}-details` },
    h("summary", {}, "Count cards", h("span", { class: "hf-visually-hidden", text: `: ${field.label}` })),
    h("p", { class: "hf-counter__title", text: title }),
    h("div", { class: "hf-counter__inputs" }, inputs),
    h("button", { type: "button", class: "md-button", text: "Use these counts", onclick: use }),
    message,
  );
}
