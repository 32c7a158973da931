// Form controls generated from the rule spec (handfoot.spec_to_json): one per rule, whatever the rule's type.
import { h } from "./dom.mjs";

const WHOLE = { type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: false };

export function parseWhole(text, { min, max, none }) {
  const trimmed = text.trim();
  if (trimmed === "" && none) return { value: null };
  if (!/^-?\d+$/.test(trimmed))
    return { error: `Enter a whole number from ${min} to ${max}${none ? ", or leave it empty" : ""}.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { error: `Enter a whole number from ${min} to ${max}.` };
  return { value };
}

function list(value) {
  return Array.isArray(value) ? value : [value];
}

function compact(values) {
  const same = values.every((item) => JSON.stringify(item) === JSON.stringify(values[0]));
  return same ? values[0] : values;
}

function bookWords(kind, kinds) {
  return kinds.find((k) => k.id === kind)?.label ?? kind;
}

export function describeValue(field, value) {
  if (value === null) return field.control.none || "none";
  if (field.control.type === "choice") return Object.fromEntries(field.control.options)[value] ?? value;
  if (field.control.type === "flag") return value ? field.control.yes : field.control.no;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

// One rule's control with its message, marked when it differs from `original`; `onValue(value, message)` gets
// each complete value typed.
export function ruleRow(field, value, { id, rounds, bookKinds, original, originalName, changedWord, onValue }) {
  const message = h("span", { class: "hf-error", id: `${id}-error` });
  const changed = JSON.stringify(value) !== JSON.stringify(original);
  const control = ruleControl(field, value, {
    id,
    rounds,
    bookKinds,
    emit: (typed) => onValue(typed, message),
    report: (text, input) => {
      input?.setAttribute("aria-invalid", "true");
      message.textContent = text;
    },
  });
  return h(
    "div",
    { class: changed ? "hf-house hf-house--edited" : "hf-house", "data-path": field.path },
    control,
    changed
      ? h("span", {
          class: "hf-house__was",
          text: `${changedWord}; ${originalName}: ${describeValue(field, original)}.`,
        })
      : null,
    message,
  );
}

// Returns {element, focusables}; `emit(value)` is called with a complete new value, or `report(message)` with a
// problem in what was typed (nothing is emitted then).
export function ruleControl(field, value, { id, rounds, bookKinds, emit, report }) {
  const control = field.control;
  const help = field.help ? h("span", { class: "hf-help", text: field.help }) : null;
  const wholeInput = (labelText, current, spec, onValue, extra = {}) => {
    const input = h("input", {
      ...WHOLE,
      ...extra,
      value: current === null || current === undefined ? "" : String(current),
      "aria-label": labelText,
      oninput: () => {
        const parsed = parseWhole(input.value, spec);
        if (parsed.error) report(parsed.error, input);
        else onValue(parsed.value, input);
      },
    });
    return input;
  };
  if (control.type === "whole") {
    const input = wholeInput(field.label, value, control, (v) => emit(v), { id });
    const empty = control.none ? h("span", { class: "hf-help", text: `Leave it empty for: ${control.none}.` }) : null;
    return h("div", { class: "hf-control" }, h("label", { for: id, text: field.label }), input, empty, help);
  }
  if (control.type === "score_ladder") {
    const text = (value ?? []).map(([from, minimum]) => `${from}: ${minimum}`).join(", ");
    const input = h("input", {
      id,
      type: "text",
      autocomplete: "off",
      value: text,
      oninput: () => {
        const trimmed = input.value.trim();
        if (!trimmed) return emit(null);
        const steps = trimmed.split(",").map((part) => part.split(":").map((n) => n.trim()));
        if (steps.some((step) => step.length !== 2 || step.some((n) => !/^\d+$/.test(n)))) {
          return report("Write score: minimum pairs, such as 0: 50, 2500: 90.", input);
        }
        emit(steps.map((step) => step.map(Number)));
      },
    });
    return h(
      "div",
      { class: "hf-control" },
      h("label", { for: id, text: field.label }),
      input,
      h("span", {
        class: "hf-help",
        text: "Score: minimum pairs, such as 0: 50, 2500: 90. Leave it empty to use the minimums per round.",
      }),
    );
  }
  if (control.type === "extra_books") {
    const books = Object.entries(value).map(([key, book]) => ({ key, ...book }));
    const send = () => {
      const out = {};
      for (const book of books) {
        const key = book.label
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "_")
          .replace(/^_+|_+$/g, "")
          .replace(/^(\d)/, "b$1")
          .slice(0, 30);
        if (!key || out[key]) return report("Give each house book a different name.", null);
        out[key] = { label: book.label, value: book.value };
      }
      emit(out);
    };
    const rows = books.map((book, index) =>
      h(
        "div",
        { class: "hf-extra-book" },
        h(
          "label",
          { class: "hf-round-input hf-round-input--wide" },
          h("span", { text: "Book name" }),
          h("input", {
            id: index === 0 ? id : `${id}-${index}`,
            type: "text",
            value: book.label,
            maxlength: "40",
            oninput: (event) => {
              book.label = event.target.value.trim();
              if (!book.label) return report("A house book needs a name.", event.target);
              send();
            },
          }),
        ),
        h(
          "label",
          { class: "hf-round-input" },
          h("span", { text: "Points" }),
          wholeInput(`Points for ${book.label}`, book.value, { min: 0, max: control.max }, (v) => {
            book.value = v;
            send();
          }),
        ),
        h("button", {
          type: "button",
          class: "md-button",
          text: "Remove",
          "aria-label": `Remove ${book.label}`,
          onclick: () => {
            books.splice(index, 1);
            send();
          },
        }),
      ),
    );
    return h(
      "fieldset",
      { class: "hf-control hf-control--extra" },
      h("legend", { text: field.label }),
      rows,
      h("button", {
        id: books.length ? `${id}-add` : id,
        type: "button",
        class: "md-button",
        text: "Add a house book",
        onclick: () => {
          books.push({ label: `House book ${books.length + 1}`, value: 0 });
          send();
        },
      }),
      help,
    );
  }
  if (control.type === "flag") {
    const input = h("input", { type: "checkbox", id, checked: Boolean(value), onchange: () => emit(input.checked) });
    return h("div", { class: "hf-control hf-control--check" }, input, h("label", { for: id, text: field.label }), help);
  }
  if (control.type === "choice") {
    const select = h(
      "select",
      { id, onchange: () => emit(select.value) },
      control.options.map(([key, words]) => h("option", { value: key, selected: key === value, text: words })),
    );
    return h("div", { class: "hf-control" }, h("label", { for: id, text: field.label }), select, help);
  }
  if (control.type === "several") {
    const chosen = new Set(value);
    const boxes = control.options.map(([key, words], index) => {
      const box = h("input", {
        type: "checkbox",
        id: `${id}-${index}`,
        checked: chosen.has(key),
        onchange: () => emit(control.options.map(([k]) => k).filter((k, i) => boxes[i].checked)),
      });
      return h("span", { class: "hf-control--check" }, box, h("label", { for: `${id}-${index}`, text: words }));
    });
    return h("fieldset", { class: "hf-control", id }, h("legend", { text: field.label }), boxes, help);
  }
  if (control.type === "per_round") {
    const values = Array.from({ length: rounds }, (_, r) => list(value)[Math.min(r, list(value).length - 1)]);
    const inputs = values.map((current, r) =>
      wholeInput(
        `${field.label}, round ${r + 1}`,
        current,
        control.item,
        (v) => {
          values[r] = v;
          emit(compact(values));
        },
        { id: r === 0 ? id : `${id}-${r}` },
      ),
    );
    return h(
      "fieldset",
      { class: "hf-control hf-control--rounds" },
      h("legend", { text: field.label }),
      inputs.map((input, r) => h("label", { class: "hf-round-input" }, h("span", { text: `Round ${r + 1}` }), input)),
      help,
    );
  }
  if (control.type === "book_counts") {
    const values = Array.from({ length: rounds }, (_, r) => ({ ...list(value)[Math.min(r, list(value).length - 1)] }));
    const spec = { min: 0, max: 20, none: "" };
    const rows = values.map((counts, r) =>
      h(
        "div",
        { class: "hf-book-row" },
        h("span", { class: "hf-book-row__round", text: `Round ${r + 1}` }),
        bookKinds.map((kind, k) =>
          h(
            "label",
            { class: "hf-round-input" },
            h("span", { text: bookWords(kind.id, bookKinds) }),
            wholeInput(
              `${field.label}, round ${r + 1}, ${kind.label} books`,
              counts[kind.id] ?? 0,
              spec,
              (v) => {
                if (v) values[r][kind.id] = v;
                else delete values[r][kind.id];
                emit(compact(values));
              },
              { id: r === 0 && k === 0 ? id : `${id}-${r}-${k}` },
            ),
          ),
        ),
      ),
    );
    return h("fieldset", { class: "hf-control hf-control--books" }, h("legend", { text: field.label }), rows, help);
  }
  return h(
    "div",
    { class: "hf-control" },
    h("span", { class: "hf-control__label", text: field.label }),
    h("span", { id, text: JSON.stringify(value) }),
    h("span", { class: "hf-help", text: "Change this one in the configurator." }),
  );
}
