// The games kept on this device: resume one, or delete one (after asking: a deleted game cannot come back).
import { h } from "../dom.mjs";
import { label } from "./model.mjs";

// `open` is the open game's id; `onResume(game)` and `onRemove(game)` do what their buttons say.
export function savedSection(games, open, { onResume, onRemove }) {
  const items = games.map((game) =>
    h(
      "li",
      {},
      h("span", { class: "hf-saved__name", text: game.id === open ? `${label(game)} (open)` : label(game) }),
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
          "aria-label": `Delete ${label(game)}`,
          onclick: () => {
            if (window.confirm(`Delete the game ${label(game)}? This cannot be undone.`)) onRemove(game);
          },
        }),
      ),
    ),
  );
  return h(
    "details",
    { class: "hf-saved", id: "hf-saved" },
    h("summary", { text: `Saved games on this device (${games.length})` }),
    h("ul", { class: "hf-saved__list" }, items),
  );
}
