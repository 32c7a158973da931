// The controls of values by round, a number (per_round) or a count of each kind of book (book_counts): edited as one
// while every round has the same ("The same every round"), and round by round once that box is cleared.
import { fill, h } from "../dom.mjs";
import { sameValue } from "../rulesets.mjs";
import { wholeInput } from "./whole_number.mjs";

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

// A number for each of the game's `rounds`. `emit(value)` gets each new value (one number while every round has the
// same), `report(message, input)` a problem and `settle()` is called while a number is still being typed.
export function perRound(field, value, { id, rounds, describedBy, emit, report, settle, help }) {
  const control = field.control;
  const values = Array.from({ length: rounds }, (_, r) => list(value)[Math.min(r, list(value).length - 1)]);
  const one = (current, { label, r, onValue }) =>
    wholeInput({
      label,
      current,
      spec: control.item,
      attributes: { id: r === 0 ? id : `${id}-${r}` },
      describedBy,
      onValue,
      report,
      settle,
    });
  return byRound({ field, id, values, one, emit, help, kind: "rounds" });
}

// The books of each kind in `bookKinds` ({id, label}) a round needs, for each of the game's `rounds`; the arguments
// are perRound's.
export function bookCounts(field, value, { id, rounds, bookKinds, describedBy, emit, report, settle, help }) {
  const control = field.control;
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
          wholeInput({
            label: `${label}, ${kind.label} books`,
            current: counts[kind.id] ?? 0,
            spec: control.item,
            attributes: { id: r === 0 && k === 0 ? id : `${id}-${r}-${k}` },
            describedBy,
            onValue: (v) => {
              const next = { ...counts };
              if (v) next[kind.id] = v;
              else delete next[kind.id];
              counts = next;
              onValue(next);
            },
            report,
            settle,
          }),
        ),
      ),
    );
  return byRound({ field, id, values, one, emit, help, kind: "books" });
}

// `one(value, {label, r, onValue})` draws the fields of round `r`'s value (0 for all).
function byRound({ field, id, values, one, emit, help, kind }) {
  const rounds = values.length;
  const sameBox = h("input", {
    type: "checkbox",
    id: `${id}-same`,
    checked: values.every((v) => sameValue(v, values[0])),
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
    if (sameBox.checked && !values.every((v) => sameValue(v, values[0]))) {
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
