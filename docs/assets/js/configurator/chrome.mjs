// The views around the rules: the status line (the rules engine), the notices, and the warning when the sets could
// not be saved. Each draws its part of the state when that part changes.
import { h } from "../dom.mjs";
import { engineStatusView } from "../engine_status.mjs";
import { setLabel } from "./sets.mjs";

export function statusView(status) {
  return engineStatusView(status, {
    meanwhile: "You can change rules now.",
    ready: "Ready. Every change is checked, saved here and previewed.",
    cannot: "Changes cannot be checked or previewed now",
    still: "Your choices are still saved.",
  });
}

// The notices in `target`, each drawn once and kept until it goes: {text}, or {deleted: set} with a button that
// brings the set back (`onBringBack(notice)`).
export function noticesView(target, { variants, onBringBack }) {
  const drawn = new Map();
  const line = (notice) => {
    if (!notice.deleted) return h("p", { text: notice.text });
    return h(
      "p",
      {},
      `Deleted the rule set "${setLabel(notice.deleted, variants)}". `,
      h("button", { type: "button", class: "md-button", text: "Bring it back", onclick: () => onBringBack(notice) }),
    );
  };
  return (state, previous) => {
    if (state.notices === previous?.notices) return;
    for (const [notice, element] of drawn) {
      if (state.notices.includes(notice)) continue;
      element.remove();
      drawn.delete(notice);
    }
    for (const notice of state.notices) {
      if (drawn.has(notice)) continue;
      drawn.set(notice, line(notice));
      target.append(drawn.get(notice));
    }
  };
}

// A refused save is said at the rules: they stay on screen, and the share link and the file can keep them.
export function saveProblemView(target) {
  return (state, previous) => {
    if (state.unsaved === previous?.unsaved) return;
    target.hidden = !state.unsaved;
    target.textContent = state.unsaved
      ? `Not saved: ${state.unsaved}. Your rules are still on screen; copy the share link or download the YAML to keep them.`
      : "";
  };
}
