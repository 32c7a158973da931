// Redrawing an app without disturbing the person: the field being typed in is moved into the new page as it is
// (the same element, so its text, caret and focus stay), and the sections that were open stay open.
import { fill } from "./dom.mjs";

let redrawing = false;

// True while a redraw moves elements about: focus events then are the redraw's, not the person's.
export function isRedrawing() {
  return redrawing;
}

export function redraw(body, sections) {
  const active = document.activeElement;
  const keep = active && body.contains(active) && active.id && active.matches("input[type=text]") ? active : null;
  const caret = keep ? [keep.selectionStart, keep.selectionEnd, keep.selectionDirection] : null;
  const opened = new Set([...body.querySelectorAll("details[open][id]")].map((details) => details.id));
  for (const section of sections) {
    for (const details of [section, ...section.querySelectorAll("details[id]")]) {
      if (details.tagName === "DETAILS" && opened.has(details.id)) details.open = true;
    }
  }
  redrawing = true;
  try {
    const twin = keep && sections.map((section) => section.querySelector(`#${CSS.escape(keep.id)}`)).find(Boolean);
    if (twin) {
      // The game may hold another value for this field now (another tab typed in it): it shows when the person leaves.
      if (twin.value !== keep.value) keep.dataset.stale = keep.value;
      twin.replaceWith(keep);
    }
    fill(body, ...sections);
    if (keep?.isConnected) {
      keep.focus({ preventScroll: true });
      keep.setSelectionRange(...caret);
    }
  } finally {
    redrawing = false;
  }
}
