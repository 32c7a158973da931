// The games kept on this device: resume one, or delete one (after asking: a deleted game cannot come back); and the
// players' records worked out from them, drawn (by records_view.mjs, loaded then) once a player opens them, and again
// as the saved games change.
import { fill, h } from "../dom.mjs";
import { label } from "./model.mjs";

// `open` is the open game's id; `onResume(game)` and `onRemove(game)` do what their buttons say.
export function savedSection(games, open, { onResume, onRemove }) {
  const items = games.map((game) => {
    const name = label(game);
    return h(
      "li",
      {},
      h("span", { class: "hf-saved__name", text: game.id === open ? `${name} (open)` : name }),
      h(
        "span",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          class: "md-button",
          text: "Resume",
          disabled: game.id === open,
          onclick: () => onResume(game),
        }),
        h("button", {
          type: "button",
          class: "md-button",
          text: "Delete",
          "aria-label": `Delete ${name}`,
          onclick: () => {
            if (window.confirm(`Delete the game ${name}? This cannot be undone.`)) onRemove(game);
          },
        }),
      ),
    );
  });
  return h(
    "details",
    { class: "hf-saved", id: "hf-saved" },
    h("summary", { text: `Saved games on this device (${games.length})` }),
    h("ul", { class: "hf-saved__list" }, items),
  );
}

const RECORDS_ID = "hf-records";
let view = null;

export function recordsSection(store, engine) {
  const body = h("div", { class: "hf-records__body" });
  const details = h(
    "details",
    { class: "hf-records", id: RECORDS_ID },
    h("summary", { text: "Players' records" }),
    body,
  );
  details.addEventListener("toggle", async () => {
    if (!details.open) return;
    if (!body.firstChild) fill(body, h("p", { class: "hf-help", text: "Working out the records…" }));
    try {
      view ??= await import("./records_view.mjs");
    } catch {
      const words = "The records cannot be shown in this browser now: reload the page to try again.";
      fill(body, h("p", { class: "hf-error", text: words }));
      return;
    }
    view.showRecords(store, engine);
  });
  return details;
}

// The open section's records, for the saved games as they are now.
export function paintRecords(store, engine) {
  if (view && document.getElementById(RECORDS_ID)?.open) view.showRecords(store, engine);
}

export function recordsBody() {
  return document.querySelector(`#${RECORDS_ID} .hf-records__body`);
}
