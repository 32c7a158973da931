// Keeping and sharing a game: a summary for a group chat, CSV, and JSON export and import.
import { h } from "../dom.mjs";
import { ImportProblem, MAX_IMPORT_BYTES, download, exportText, readImport } from "./io.mjs";
import { applyHouse, csv, effective, summaryText } from "./model.mjs";

export function shareSection({ getGame, spec, scorer, onImport }) {
  const message = h("p", { class: "hf-share__message", role: "status" });
  const file = h("input", {
    id: "hf-import",
    type: "file",
    accept: "application/json,.json",
    onchange: () => importFile(file, message, { spec, scorer, onImport }),
  });
  const stamp = () => new Date().toISOString().slice(0, 10);
  return h(
    "section",
    { class: "hf-share", "aria-labelledby": "hf-share-title" },
    h("h2", { id: "hf-share-title", text: "Share and keep" }),
    h(
      "div",
      { class: "hf-buttons" },
      h("button", {
        type: "button",
        class: "md-button",
        text: "Copy a summary",
        onclick: async () => {
          const text = summaryText(getGame(), effective(getGame()));
          try {
            await navigator.clipboard.writeText(text);
            message.textContent = "Summary copied. Paste it into your group chat.";
          } catch {
            message.textContent = text;
          }
        },
      }),
      h("button", {
        type: "button",
        class: "md-button",
        text: "Download CSV",
        onclick: () => download(`hand-and-foot-${stamp()}.csv`, csv(getGame(), effective(getGame())), "text/csv"),
      }),
      h("button", {
        type: "button",
        class: "md-button",
        text: "Export the game (JSON)",
        onclick: () => download(`hand-and-foot-${stamp()}.json`, exportText(getGame()), "application/json"),
      }),
    ),
    h("label", { for: "hf-import", class: "hf-import", text: "Import a game (JSON file)" }),
    file,
    message,
  );
}

async function importFile(input, message, { spec, scorer, onImport }) {
  const chosen = input.files[0];
  input.value = "";
  if (!chosen) return;
  if (chosen.size > MAX_IMPORT_BYTES) {
    message.textContent = `That file is larger than ${MAX_IMPORT_BYTES / 1024} KB; a game file is much smaller. Nothing was imported.`;
    return;
  }
  try {
    const paths = new Set(spec.flatMap((section) => section.fields.map((f) => f.path)));
    const game = readImport(await chosen.text(), paths);
    message.textContent = "Checking the imported rules…";
    await scorer.ready;
    const validated = await scorer.call("validate_variant", applyHouse(game.base, game.house));
    onImport(game);
    document.querySelector(".hf-share__message").textContent =
      `Imported a game of ${validated.name} between ${game.teams.join(", ")}.`;
  } catch (error) {
    const reason = error instanceof ImportProblem ? error.message : `The rules in it are not valid: ${error.message}`;
    message.textContent = `${reason} Nothing was imported.`;
  }
}
