// The rules to change: a search over them and one folding section per part of the rule spec. On a phone one section is
// open at a time; a search opens the sections that match and shows only the rules that match, in handfoot's words.
// A row being typed in is never drawn again; the others are brought in line with the rules as shown.
import { fill, h, nextTask } from "../dom.mjs";
import { markRow, ruleRow } from "../controls/rule_row.mjs";
import { sameValue } from "../rulesets.mjs";

const PHONE = "(max-width: 59.984375em)";
const SECTIONS_GROUP = "hf-config-sections";

export function controlId(path) {
  return `hf-rule-${path.replace(".", "-")}`;
}

// `rules` gives what the rows are drawn from: {draft, base, valueOf(path), form, wordsOf(variantId), saidAt(path)},
// for the rules as shown now. `onValue(field, value, force)` gets each value typed or chosen.
export function rulesForm({ spec, rules, onValue }) {
  const rows = new Map();
  let drawings = 0;
  // Resolves once every section of the rules last drawn anew is drawn.
  let allDrawn = Promise.resolve();
  const sections = new Map();
  const phone = matchMedia(PHONE);
  const search = h("input", {
    type: "search",
    id: "hf-rule-search",
    autocomplete: "off",
    enterkeyhint: "search",
    placeholder: "books, red three, wild…",
    oninput: () => filter(),
  });
  const found = h("p", { id: "hf-rule-search-result", class: "hf-help", "aria-live": "polite" });
  for (const section of spec) {
    const list = h("div", { class: "hf-config__rows" });
    const details = h(
      "details",
      { class: "hf-config__section", id: `hf-section-${section.key}`, ontoggle: () => draw(section.key) },
      h("summary", {}, h("span", { text: section.title }), h("span", { class: "hf-config__changed" })),
      list,
    );
    sections.set(section.key, { section, details, list, drawn: false });
  }
  const group = () => {
    for (const { details } of sections.values()) {
      if (phone.matches && !search.value.trim()) details.name = SECTIONS_GROUP;
      else details.removeAttribute("name");
    }
  };
  phone.addEventListener("change", group);
  group();
  const element = h(
    "div",
    { class: "hf-config__rules" },
    h(
      "div",
      { class: "hf-control hf-config__search" },
      h("label", { for: search.id, text: "Find a rule" }),
      search,
      found,
    ),
    [...sections.values()].map(({ details }) => details),
  );

  // A section's rows are drawn from the rules as they stand then: the open sections first, the others one per task
  // after (drawAll), so a message can go to any rule's field and the page answers between them.
  function draw(key, { folded = false } = {}) {
    const entry = sections.get(key);
    if ((!entry.details.open && !folded) || entry.drawn) return;
    entry.drawn = true;
    fill(
      entry.list,
      entry.section.fields.map((field) => buildRow(field)),
    );
    filter();
  }

  function marks(field) {
    const { base, wordsOf } = rules();
    return {
      original: base.rules[field.path.split(".")[0]][field.path.split(".")[1]],
      originalWords: wordsOf(base.id)?.[field.path],
      originalName: base.name,
      changedWord: "Changed",
    };
  }

  // What, besides its value, a row is drawn from: the rounds and the kinds of book, for the rules that list them.
  function rowShape(field) {
    const { form } = rules();
    const type = field.control.type;
    if (type === "per_round") return String(form.rounds.listed);
    if (type === "book_counts") return JSON.stringify([form.rounds.listed, form.book_kinds]);
    return "";
  }

  function buildRow(field) {
    const { valueOf, form } = rules();
    const value = valueOf(field.path);
    const entry = { field, value, shape: rowShape(field), element: null, said: "" };
    entry.element = ruleRow(field, value, {
      id: controlId(field.path),
      rounds: form.rounds.listed,
      bookKinds: form.book_kinds,
      ...marks(field),
      onValue: (typed, message, { shown }) => {
        if (shown) entry.value = typed;
        onValue(field, typed, !shown);
      },
    });
    showSaid(entry);
    // A value refused while it was being typed snaps back to the rule in force once the person leaves the field.
    entry.element.addEventListener("focusout", (event) => {
      if (!entry.element.contains(event.relatedTarget)) queueMicrotask(() => paint());
    });
    rows.set(field.path, entry);
    return entry.element;
  }

  // Brings every drawn row in line with the rules as shown, without touching a field being typed in.
  function paint({ force = false } = {}) {
    const { valueOf, draft } = rules();
    const typingIn = document.activeElement;
    for (const [path, row] of rows) {
      const value = valueOf(path);
      const typing = row.element.contains(typingIn) && typingIn.matches("input[type=text]");
      const rebuild = row.shape !== rowShape(row.field) || (!typing && (force || !sameValue(row.value, value)));
      if (rebuild) {
        const had = row.element.contains(typingIn) ? typingIn.id : null;
        const shown = row.element.querySelector(".hf-error")?.textContent ?? "";
        const old = row.element;
        old.replaceWith(buildRow(row.field));
        // The control's own message stays until it was read: it is carried into the row drawn again, unless handfoot
        // has a reason to give there (drawn from the state, as buildRow does).
        const fresh = rows.get(path);
        if (shown && shown !== row.said && !fresh.said) fresh.element.querySelector(".hf-error").textContent = shown;
        if (had) document.getElementById(had)?.focus();
      } else {
        markRow(row.element, row.field, value, marks(row.field));
      }
      showSaid(rows.get(path));
    }
    for (const { section, details } of sections.values()) {
      const count = section.fields.filter((field) => Object.hasOwn(draft.changes, field.path)).length;
      details.querySelector(".hf-config__changed").textContent = count ? `${count} changed` : "";
    }
  }

  // handfoot's reason for a refused change, at its rule's message; a message the control wrote since is left alone
  // unless a new reason replaces it.
  function showSaid(row) {
    const text = rules().saidAt(row.field.path);
    if (text === row.said) return;
    const slot = row.element.querySelector(":scope > .hf-error");
    if (text || slot.textContent === row.said) slot.textContent = text;
    row.said = text;
  }

  // Shows only the rules whose label, help or value words hold every word typed, in the sections they belong to.
  function filter() {
    const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    group();
    let matches = 0;
    const { base, wordsOf } = rules();
    for (const entry of sections.values()) {
      const has = (text) => words.every((word) => text.toLowerCase().includes(word));
      // A section named by the words shows whole; otherwise only its rules the words describe.
      const hits = has(entry.section.title)
        ? entry.section.fields
        : entry.section.fields.filter((field) =>
            has([field.label, field.help, wordsOf(base.id)?.[field.path]].join(" ")),
          );
      matches += words.length ? hits.length : 0;
      entry.details.hidden = words.length > 0 && !hits.length;
      if (words.length && hits.length && !entry.details.open) entry.details.open = true;
      for (const field of entry.section.fields) {
        const row = rows.get(field.path);
        if (row) row.element.hidden = words.length > 0 && !hits.includes(field);
      }
    }
    found.textContent = !words.length
      ? ""
      : matches
        ? `${matches} ${matches === 1 ? "rule matches" : "rules match"}.`
        : "No rule matches. Try another word.";
  }

  // Opens the section of a rule, shows the rule and moves to its field.
  function openRule(path) {
    if (search.value) {
      search.value = "";
      filter();
    }
    const entry = [...sections.values()].find(({ section }) => section.fields.some((f) => f.path === path));
    entry.details.open = true;
    draw(entry.section.key);
    const row = rows.get(path);
    row.element.scrollIntoView({ block: "center" });
    row.element.querySelector("input, select")?.focus({ preventScroll: true });
  }

  // Draws every row again from the rules as shown (another rule set was opened).
  function reset() {
    rows.clear();
    for (const entry of sections.values()) {
      entry.drawn = false;
      entry.list.replaceChildren();
      draw(entry.section.key);
    }
    allDrawn = drawAll();
    return allDrawn;
  }

  // Why the rules on screen cannot leave the page yet, or null: a value typed that is not one yet.
  function unsettled() {
    const typed = element.querySelector("[data-unsettled]");
    if (!typed) return null;
    const path = typed.closest("[data-path]").dataset.path.split("[")[0];
    const field = spec.flatMap((section) => section.fields).find((f) => f.path === path);
    const what = typed.value.trim() ? `shows "${typed.value}", which is not a value yet` : "is empty";
    return `"${field.label}" ${what}: finish it first.`;
  }

  async function drawAll() {
    const drawing = ++drawings;
    for (const key of sections.keys()) {
      await nextTask();
      if (drawing !== drawings) return;
      draw(key, { folded: true });
    }
  }

  return {
    element,
    paint,
    openRule,
    reset,
    drawn: () => allDrawn,
    unsettled,
    row: (path) => rows.get(path),
    rows: () => rows.values(),
    // Opens the first section, the way a page opens on a phone; every section on a larger screen.
    openFirst() {
      const all = [...sections.values()];
      for (const [index, entry] of all.entries()) if (!phone.matches || index === 0) entry.details.open = true;
    },
  };
}
