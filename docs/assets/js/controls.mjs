// Form controls generated from the rule spec (handfoot.spec_to_json): one per rule, whatever the rule's type.
import { fill, formatPoints, h, selectOnTap } from "./dom.mjs";
import { isRedrawing } from "./redraw.mjs";

const WHOLE = { type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: false };
// A thousands separator as people type it: a comma, a space, or the no-break spaces a copied number carries.
const SEPARATOR = "[,\u00a0\u202f ]";
const GROUPED = new RegExp(`^\\d{1,3}(${SEPARATOR}\\d{3})+$`);
const UNFINISHED = new RegExp(`^\\d{1,3}(${SEPARATOR}\\d{3})*${SEPARATOR}\\d{0,2}$`);

// What the field takes: handfoot's words for a rule or a score sheet field (`enter`); for a field of a page's own
// (the helper's count of cards), its bounds.
function rangeWords({ min, max, none, enter }) {
  return (
    enter ?? `a whole number from ${formatPoints(min)} to ${formatPoints(max)}${none ? ", or leave it empty" : ""}`
  );
}

// What a person typed, read as a whole number: {value} when it is one in range, {error} when it cannot become one,
// and {unfinished, error} while it may still become one ("", "-", "1,2"): nothing is applied then, and the error is
// for when the person leaves the field.
export function parseWhole(text, spec) {
  const { min, max, none } = spec;
  const trimmed = text.trim().replace(/^[\u2212\u2013]/, "-");
  if (trimmed === "" && none) return { value: null };
  const negative = trimmed.startsWith("-");
  const body = negative ? trimmed.slice(1) : trimmed;
  if (body === "" || UNFINISHED.test(body)) {
    return { unfinished: true, error: `Enter ${rangeWords(spec)}.` };
  }
  if (!/^\d+$/.test(body) && !GROUPED.test(body)) return { error: `Enter ${rangeWords(spec)}.` };
  const digits = Number(body.replace(/\D/g, ""));
  const value = negative ? -digits : digits;
  if (value > max) return { error: `${formatPoints(value)} is more than ${formatPoints(max)}, the most allowed here.` };
  if (value < min)
    return { error: `${formatPoints(value)} is less than ${formatPoints(min)}, the least allowed here.` };
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

function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// One rule's control with its message, marked when it differs from `original`. `onValue(value, message, {shown})`
// gets each complete value typed or chosen; `shown` is false when the control does not show that value yet (a house
// book added or removed), so the caller draws the row again. The row is never drawn again by the control itself.
export function ruleRow(field, value, { id, rounds, bookKinds, onValue, ...was }) {
  const message = h("span", { class: "hf-error", id: `${id}-error` });
  const control = ruleControl(field, value, {
    id,
    rounds,
    bookKinds,
    describedBy: message.id,
    emit: (typed, { shown = true } = {}) => {
      message.textContent = "";
      onValue(typed, message, { shown });
    },
    report: (text, input) => {
      input?.setAttribute("aria-invalid", "true");
      message.textContent = text;
    },
    settle: () => {
      message.textContent = "";
    },
  });
  const row = h(
    "div",
    { class: "hf-house", "data-path": field.path },
    control,
    h("span", { class: "hf-house__was" }),
    message,
  );
  markRow(row, field, value, was);
  return row;
}

// Marks a row as changed from `original` (or not) in place, without touching its control. `originalWords` is
// handfoot's wording of the original value (rule_words), or null until it has come.
export function markRow(row, field, value, { original, originalWords, originalName, changedWord }) {
  const changed = !sameJson(value, original);
  row.classList.toggle("hf-house--edited", changed);
  const was = row.querySelector(":scope > .hf-house__was");
  was.hidden = !changed;
  const words = originalWords ? `; ${originalName}: ${originalWords}.` : ` from ${originalName}'s rule.`;
  was.textContent = changed ? `${changedWord}${words}` : "";
}

// Returns the control's element. `emit(value)` is called with a complete new value, `report(message, input)` with a
// problem in what was typed (nothing is emitted then), and `settle()` while a number is still being typed.
export function ruleControl(field, value, { id, rounds, bookKinds, describedBy, emit, report, settle }) {
  const control = field.control;
  const help = field.help ? h("span", { class: "hf-help", text: field.help }) : null;
  // A number field. While what is on screen is not a number in range, the rule keeps the value it had when the
  // person came to the field: a number is never applied cut short ("10000" on the way to "100000").
  const wholeInput = (labelText, current, spec, onValue, extra = {}) => {
    let applied = current ?? null;
    let start = applied;
    const pass = (value) => {
      if (sameJson(value, applied)) return;
      applied = value;
      onValue(value, input);
    };
    const input = h("input", {
      ...WHOLE,
      ...extra,
      value: current === null || current === undefined ? "" : String(current),
      "aria-label": labelText,
      "aria-describedby": describedBy,
      onfocus: () => {
        start = applied;
        if (!isRedrawing()) selectOnTap(input);
      },
      oninput: () => {
        const parsed = parseWhole(input.value, spec);
        if (parsed.value !== undefined) {
          input.removeAttribute("aria-invalid");
          delete input.dataset.unsettled;
          settle();
          return pass(parsed.value);
        }
        // What is on screen is not the rule's value: a link or a file made now says so (data-unsettled).
        input.dataset.unsettled = "";
        pass(start);
        if (parsed.unfinished) {
          input.removeAttribute("aria-invalid");
          return settle();
        }
        report(parsed.error, input);
      },
      onchange: () => {
        const parsed = parseWhole(input.value, spec);
        if (parsed.unfinished) report(parsed.error, input);
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
    // "score: minimum" pairs; while the last pair is still being typed ("0: 50, 25"), nothing is reported.
    const read = () => {
      const trimmed = input.value.trim();
      if (!trimmed) return { value: null };
      const parts = trimmed.split(",");
      const steps = parts.map((part) => /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part));
      if (steps.every(Boolean)) return { value: steps.map(([, from, minimum]) => [Number(from), Number(minimum)]) };
      const unfinished = steps.slice(0, -1).every(Boolean) && /^\s*(\d+\s*(:\s*)?)?$/.test(parts.at(-1));
      return { unfinished, error: control.problem };
    };
    const input = h("input", {
      id,
      type: "text",
      autocomplete: "off",
      value: text,
      "aria-describedby": describedBy,
      oninput: () => {
        const parsed = read();
        input.toggleAttribute("data-unsettled", parsed.value === undefined);
        if (parsed.unfinished) return settle();
        if (parsed.error) return report(parsed.error, input);
        input.removeAttribute("aria-invalid");
        emit(parsed.value);
      },
      onchange: () => {
        const parsed = read();
        if (parsed.unfinished) report(parsed.error, input);
      },
    });
    return h(
      "div",
      { class: "hf-control" },
      h("label", { for: id, text: field.label }),
      input,
      h("span", { class: "hf-help", text: control.help }),
    );
  }
  if (control.type === "extra_books") {
    const books = Object.entries(value).map(([key, book]) => ({ key, ...book }));
    const send = (how) => {
      const out = {};
      for (const book of books) {
        const key = book.label
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "_")
          .replace(/^_+|_+$/g, "")
          .replace(/^(\d)/, "b$1")
          .slice(0, control.id_most);
        if (!key || out[key]) return report("Give each house book a different name.", null);
        out[key] = { label: book.label, value: book.value, ...(book.counts_as ? { counts_as: book.counts_as } : {}) };
      }
      emit(out, how);
    };
    const rows = books.map((book, index) =>
      h(
        "div",
        { class: "hf-extra-book" },
        h(
          "label",
          { class: "hf-round-input hf-round-input--wide" },
          h("span", { text: "Kind of book, such as sevens" }),
          h("input", {
            id: index === 0 ? id : `${id}-${index}`,
            type: "text",
            value: book.label,
            maxlength: String(control.label_most),
            "aria-describedby": describedBy,
            oninput: (event) => {
              book.label = event.target.value.trim();
              event.target.toggleAttribute("data-unsettled", !book.label);
              if (!book.label) return report("A house book needs a name.", event.target);
              send();
            },
          }),
        ),
        h(
          "label",
          { class: "hf-round-input" },
          h("span", { text: "Points" }),
          wholeInput(`Points for ${book.label}`, book.value, control.value, (v) => {
            book.value = v;
            send();
          }),
        ),
        h(
          "label",
          { class: "hf-round-input hf-round-input--wide" },
          h("span", { text: "Toward going out it counts" }),
          h(
            "select",
            {
              onchange: (event) => {
                book.counts_as = event.target.value;
                send();
              },
            },
            control.counts_as.map(([key, words]) =>
              h("option", { value: key, selected: key === (book.counts_as ?? ""), text: words }),
            ),
          ),
        ),
        h("button", {
          type: "button",
          class: "md-button",
          text: "Remove",
          "aria-label": `Remove ${book.label}`,
          onclick: () => {
            books.splice(index, 1);
            send({ shown: false });
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
          // A label names the kind, as "clean" does: pages add the word "book" ("1 extra book").
          books.push({ label: books.length ? `extra ${books.length + 1}` : "extra", value: 0 });
          send({ shown: false });
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
    const one = (current, { label, r, onValue }) =>
      wholeInput(label, current, control.item, onValue, { id: r === 0 ? id : `${id}-${r}` });
    return byRound({ field, id, values, one, emit, help, kind: "rounds" });
  }
  if (control.type === "book_counts") {
    const values = Array.from({ length: rounds }, (_, r) => ({ ...list(value)[Math.min(r, list(value).length - 1)] }));
    const one = (counts, { label, r, onValue }) =>
      h(
        "div",
        { class: "hf-book-row" },
        bookKinds.map((kind, k) =>
          h(
            "label",
            { class: "hf-round-input" },
            h("span", { text: bookWords(kind.id, bookKinds) }),
            wholeInput(
              `${label}, ${kind.label} books`,
              counts[kind.id] ?? 0,
              control.item,
              (v) => {
                const next = { ...counts };
                if (v) next[kind.id] = v;
                else delete next[kind.id];
                counts = next;
                onValue(next);
              },
              { id: r === 0 && k === 0 ? id : `${id}-${r}-${k}` },
            ),
          ),
        ),
      );
    return byRound({ field, id, values, one, emit, help, kind: "books" });
  }
  return h(
    "div",
    { class: "hf-control" },
    h("span", { class: "hf-control__label", text: field.label }),
    h("span", { id, text: JSON.stringify(value) }),
    h("span", { class: "hf-help", text: "Change this one in the configurator." }),
  );
}

// A value for each round, edited as one while every round has the same ("The same every round"), and round by round
// once that box is cleared. `one(value, {label, r, onValue})` draws the fields of round `r`'s value (0 for all).
function byRound({ field, id, values, one, emit, help, kind }) {
  const rounds = values.length;
  const sameBox = h("input", {
    type: "checkbox",
    id: `${id}-same`,
    checked: values.every((v) => sameJson(v, values[0])),
  });
  const fields = h("div", { class: "hf-by-round__fields" });
  const draw = () => {
    if (sameBox.checked || rounds === 1) {
      const onValue = (v) => {
        values.fill(v);
        emit(v);
      };
      const label = rounds === 1 ? field.label : `${field.label}, every round`;
      fill(fields, one(values[0], { label, r: 0, onValue }));
      return;
    }
    fill(
      fields,
      values.map((current, r) =>
        h(
          "div",
          { class: "hf-by-round__round" },
          h("span", { class: "hf-by-round__name", text: `Round ${r + 1}` }),
          one(current, {
            label: `${field.label}, round ${r + 1}`,
            r,
            onValue: (v) => {
              values[r] = v;
              emit(compact(values));
            },
          }),
        ),
      ),
    );
  };
  sameBox.addEventListener("change", () => {
    if (sameBox.checked && !values.every((v) => sameJson(v, values[0]))) {
      values.fill(values[0]);
      emit(values[0]);
    }
    draw();
    document.getElementById(id)?.focus();
  });
  draw();
  return h(
    "fieldset",
    { class: `hf-control hf-by-round hf-by-round--${kind}` },
    h("legend", { text: field.label }),
    rounds > 1
      ? h(
          "span",
          { class: "hf-control--check hf-by-round__same" },
          sameBox,
          h("label", { for: sameBox.id, text: "The same every round" }),
        )
      : null,
    fields,
    help,
  );
}
