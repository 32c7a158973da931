// The views above the game: the quiet status line (the rules engine, and whether the game is saved), the warning when a
// save was refused, and the notices. Each draws its part of the state when that part changes.
import { dateStamp, download, fill, h } from "../dom.mjs";
import { engineWords } from "../engine_status.mjs";
import { exportText } from "./saved_games.mjs";
import { label } from "./model.mjs";

// While a game's rules are being checked, no field can be typed in yet. What holds when the engine failed, whether
// the game is saved, follows on the same line (statusWords).
const engineSays = (state) => ({
  meanwhile: state.checking ? "" : "You can type now.",
  ready: "Rules engine ready.",
  cannot: "Totals cannot be worked out now",
  still: "",
});

function statusWords(state) {
  if (state.trouble)
    return `The rules engine hit a problem it did not expect: ${state.trouble}. Your entries are kept.`;
  const saving = state.unsaved
    ? "Your changes are not being saved on this device: see the warning below."
    : state.engine === "failed"
      ? "What you type is saved on this device."
      : "Saved on this device.";
  return `${engineWords(state.engine, engineSays(state))} ${state.engine === "loading" ? "" : saving}`.trim();
}

export function statusView(status) {
  return (state) => {
    const words = statusWords(state);
    if (status.textContent !== words) status.textContent = words;
    status.classList.toggle("hf-status--failed", state.engine === "failed" || Boolean(state.unsaved));
  };
}

// A refused save is said plainly: the entry stays on screen, and the game can be exported.
export function saveProblemView(target, store) {
  return (state, previous) => {
    if (state.unsaved === previous?.unsaved) return;
    if (!state.unsaved) {
      fill(target);
      return;
    }
    fill(
      target,
      h("p", {
        class: "hf-error",
        text:
          `Not saved: ${state.unsaved}. Your last entry is still on screen, but it will be lost when this page ` +
          "closes. Export the game to a file to keep it, or delete old saved games to make room.",
      }),
      h("button", {
        type: "button",
        class: "md-button md-button--primary",
        text: "Export the game (JSON)",
        onclick: () => download(`hand-and-foot-${dateStamp()}.json`, exportText(store.get().game), "application/json"),
      }),
    );
  };
}

// The notices: problems (strings) in `target`, an alert; news in `news`, a status: what became of a game handed over
// ({news}), the way back to the game left for a new one ({left, started}), and a game another tab opened
// ({elsewhere, fresh}). `onBack(notice)` and
// `onOpen(notice)` are their buttons.
export function noticesView(target, news, { onBack, onOpen }) {
  return (state, previous) => {
    if (state.notices === previous?.notices) return;
    fill(
      target,
      state.notices.filter((notice) => typeof notice === "string").map((notice) => h("p", { text: notice })),
    );
    fill(
      news,
      state.notices
        .filter((notice) => typeof notice !== "string")
        .map((notice) => newsLine(notice, { onBack, onOpen })),
    );
  };
}

function newsLine(notice, { onBack, onOpen }) {
  if (notice.news) return h("p", { class: "hf-notice--news", text: notice.news });
  if (notice.elsewhere) {
    const what = notice.fresh ? "started a new game" : "opened another saved game";
    return h(
      "p",
      { class: "hf-notice--elsewhere" },
      `Another tab ${what} (${label(notice.elsewhere)}). This tab still shows the game it showed; both are kept. `,
      h("button", {
        type: "button",
        class: "md-button md-button--primary",
        text: notice.fresh ? "Open the new game" : "Open that game",
        onclick: () => onOpen(notice),
      }),
    );
  }
  return h(
    "p",
    { class: "hf-notice--undo" },
    `A new game is open. The game you left (${label(notice.left)}) is kept under "Saved games". `,
    h("button", {
      type: "button",
      class: "md-button md-button--primary",
      text: "Back to the game you left",
      onclick: () => onBack(notice),
    }),
  );
}
