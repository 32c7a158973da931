// The house books' control: a row for each book (its name, its points, what it counts as toward going out, Remove)
// and "Add a house book".
import { h } from "../dom.mjs";
import { wholeInput } from "./whole_number.mjs";

// `emit(books, {shown})` gets the whole set of books at each change, with `shown: false` when a book was added or
// removed (this control does not draw it: the caller draws the row again); `report(message, input)` gets a problem
// and `settle()` is called while a book's points are still being typed. `help` is the rule's help line, or null.
export function extraBooks(field, value, { id, describedBy, emit, report, settle, help }) {
  const control = field.control;
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
        h("span", { text: "Name of this kind of book" }),
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
        wholeInput({
          label: `Points for ${book.label}`,
          current: book.value,
          spec: control.value,
          describedBy,
          onValue: (v) => {
            book.value = v;
            send();
          },
          report,
          settle,
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
