// The players' records, folded with the keeper's rarer parts: the section is drawn with the page, and what it shows is
// worked out (records_view.mjs, loaded then) once a player opens it, and again as the saved games change.
import { fill, h } from "../dom.mjs";

const SECTION_ID = "hf-records";
let view = null;

export function recordsSection(store, engine) {
  const body = h("div", { class: "hf-records__body" });
  const details = h(
    "details",
    { class: "hf-records", id: SECTION_ID },
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
  if (view && document.getElementById(SECTION_ID)?.open) view.showRecords(store, engine);
}

export function recordsBody() {
  return document.querySelector(`#${SECTION_ID} .hf-records__body`);
}
