// House values: any rule the score depends on, changed for this game. Each value is checked by handfoot, which also
// gives the sheet form for the rules it makes, and applied to the house values as they are when its turn comes (one
// after the other, so a late check never undoes a later value). A field is never redrawn while it is typed in.
import { capitalise, h } from "../dom.mjs";
import { markRow, ruleRow } from "../controls/rule_row.mjs";
import { change, roundCount, ruleValue, withHouse } from "./model.mjs";
import { sameValue } from "../rulesets.mjs";
import { commit, publishedForm } from "./games.mjs";
import { editOf } from "./typing.mjs";

// Rules whose control the keeper does not offer: they are changed in the configurator.
const UNEDITABLE = new Set(["extra_books", "score_ladder"]);

// Values waiting for their check, applied one after the other; `waiting` counts those of each rule.
const queue = { tail: Promise.resolve(), waiting: new Map() };

// handfoot's words for the values of each game's base rules, by game: a published version's come with the site, and
// other rules' (a rules link's) are asked of handfoot once, when first shown.
const baseWords = new Map();

function wordsOf(store, engine, game) {
  const { data } = store.get();
  const published = data.variants[game.variantId];
  if (published && sameValue(published, game.base)) return data.words[game.variantId];
  if (!baseWords.has(game.id)) {
    baseWords.set(game.id, null);
    engine.ready
      .then(() => engine.call("rule_words", game.base))
      .then((words) => {
        baseWords.set(game.id, words);
        if (store.get().game.id === game.id) paintHouse(store, engine);
      })
      .catch(() => baseWords.delete(game.id));
  }
  return baseWords.get(game.id);
}

function marks(store, engine, game, field) {
  const [section, key] = field.path.split(".");
  return {
    original: game.base.rules[section][key],
    originalWords: wordsOf(store, engine, game)?.[field.path],
    originalName: game.base.name,
    changedWord: "House value",
  };
}

function summaryText(count) {
  return count ? `House values (${count} changed)` : "House values";
}

// The list of values is built when the section is first opened: closed, as it is in most games, it would only cost
// the page's start.
export function houseSection(store, engine) {
  const { game } = store.get();
  const count = Object.keys(game.house).length;
  const list = h("div", { class: "hf-house__list" });
  const fillList = () => {
    if (!list.childElementCount) list.append(...houseControls(store, engine, store.get().game));
  };
  const details = h(
    "details",
    { class: "hf-house-values", id: "hf-house-values", open: count > 0, ontoggle: () => details.open && fillList() },
    h("summary", { id: "hf-house-summary", text: summaryText(count), onclick: fillList }),
    h("p", {
      text: `Change any value the score depends on. Changed values are marked; the values of ${game.base.name} are one click away.`,
    }),
    h("button", {
      type: "button",
      id: "hf-house-reset",
      class: "md-button",
      text: `Reset to ${game.base.name}`,
      disabled: !count,
      onclick: () => applyValues(store, engine, {}, { what: "the house values" }, true),
    }),
    list,
  );
  // A redraw keeps the section open (../redraw.mjs), and the field typed in with it.
  if (count > 0 || document.getElementById("hf-house-values")?.open) fillList();
  return details;
}

// Rules the game's other rules rule out (handfoot's sheet form, `ruled_out`) are not offered.
function houseControls(store, engine, game) {
  const offered = (f) => f.scoring && !UNEDITABLE.has(f.control.type) && !(f.path in game.form.ruled_out);
  const fields = store.get().data.fields.filter(offered);
  return fields.map((field) =>
    ruleRow(field, ruleValue(game, field.path), {
      id: `hf-house-${field.path.replace(".", "-")}`,
      rounds: game.form.rounds.listed,
      bookKinds: game.form.book_kinds,
      ...marks(store, engine, game, field),
      onValue: (value, message, { shown }) => setHouse(store, engine, field, value, message, shown),
    }),
  );
}

function setHouse(store, engine, field, value, message, shown) {
  const input = document.activeElement;
  const edit = input?.id ? editOf(input, `the house value "${field.label}"`) : { what: `"${field.label}"` };
  queue.waiting.set(field.path, (queue.waiting.get(field.path) ?? 0) + 1);
  if (engine.state !== "ready") {
    message.textContent = "Checking this value when the rules engine has loaded…";
    message.dataset.owner = "house";
  }
  const gameId = store.get().game.id;
  queue.tail = queue.tail
    .then(async () => {
      const later = queue.waiting.get(field.path) - 1;
      queue.waiting.set(field.path, later);
      const { game } = store.get();
      if (game.id !== gameId) return;
      const [section, key] = field.path.split(".");
      const house = { ...game.house, [field.path]: value };
      if (JSON.stringify(game.base.rules[section][key]) === JSON.stringify(value)) delete house[field.path];
      const problem = await applyValues(store, engine, house, edit, !shown);
      if (message.dataset.owner === "house") {
        message.textContent = "";
        delete message.dataset.owner;
      }
      if (problem && !later) {
        const text = problem.problem ?? problem.message;
        message.dataset.owner = "house";
        message.textContent =
          problem.type === "VariantError"
            ? `${capitalise(text)}. Not applied.`
            : `This value cannot be checked now: ${text}`;
      }
    })
    .catch((error) => console.error(error));
}

// Checks `house` with handfoot and, when it holds, makes it the game's, with the sheet form its rules give.
// Returns the problem handfoot found, or null.
async function applyValues(store, engine, house, edit, reshape) {
  const gameId = store.get().game.id;
  let form;
  try {
    await engine.ready;
    const mapping = withHouse(store.get().game.base, house);
    await engine.call("validate_variant", mapping);
    form = await engine.call("sheet_form", mapping);
  } catch (error) {
    // With no engine, the published rules' own form still serves a game put back to them.
    form = Object.keys(house).length ? null : publishedForm(store.get().data, store.get().game);
    if (error.type !== "failed" || !form) return error;
  }
  if (store.get().game.id !== gameId) return null;
  commit(
    store,
    change(store.get().game, (g) => Object.assign(g, { house, form }), edit),
    { reshape },
  );
  paintHouse(store, engine);
  return null;
}

// The house values' marks and count, the rules flag and the round lines, brought up to date without a redraw.
function paintHouse(store, engine) {
  const { game, data } = store.get();
  for (const field of data.fields) {
    const row = document.querySelector(`.hf-house-values [data-path="${field.path}"]`);
    if (!row) continue;
    markRow(row, field, ruleValue(game, field.path), marks(store, engine, game, field));
  }
  const count = Object.keys(game.house).length;
  const summary = document.getElementById("hf-house-summary");
  if (summary) summary.textContent = summaryText(count);
  const reset = document.getElementById("hf-house-reset");
  if (reset) reset.disabled = !count;
  const flag = document.getElementById("hf-house-flag");
  if (flag) flag.hidden = !count;
  for (let r = 0; r < roundCount(game); r += 1) {
    const line = document.getElementById(`hf-round-${r}-rules`);
    if (line) line.textContent = game.form.rounds.rules[r].line;
  }
}
