// Keeping and sharing a game: a summary for a group chat, CSV, and JSON export and import.
import { dateStamp, download, h } from "../dom.mjs";
import { ImportProblem, MAX_IMPORT_BYTES, MAX_IMPORT_KIB, exportText, readImport, sameGame } from "./io.mjs";
import { applyHouse, csv, newId, summaryText } from "./model.mjs";
import { entriesProblem } from "./shape.mjs";

export function shareSection({ getGame, known, scorer, games, onImport, onOpen }) {
  const message = h("p", { class: "hf-share__message", role: "status" });
  const file = h("input", {
    id: "hf-import",
    type: "file",
    accept: "application/json,.json",
    onchange: () => importFile(file, message, { known, scorer, games, onImport, onOpen }),
  });
  return h(
    "details",
    { class: "hf-share", id: "hf-share" },
    h("summary", { text: "Share, export and import" }),
    h(
      "div",
      { class: "hf-buttons" },
      h("button", {
        type: "button",
        class: "md-button",
        text: "Copy a summary",
        onclick: async () => {
          const text = summaryText(getGame());
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
        onclick: () => download(`hand-and-foot-${dateStamp()}.csv`, csv(getGame()), "text/csv"),
      }),
      h("button", {
        type: "button",
        class: "md-button",
        text: "Export the game (JSON)",
        onclick: () => download(`hand-and-foot-${dateStamp()}.json`, exportText(getGame()), "application/json"),
      }),
    ),
    h("label", { for: "hf-import", class: "hf-import", text: "Import a game (JSON file)" }),
    file,
    message,
  );
}

function say(text) {
  const message = document.querySelector(".hf-share__message");
  if (message) message.textContent = text;
}

async function importFile(input, message, { known, scorer, games, onImport, onOpen }) {
  const chosen = input.files[0];
  input.value = "";
  if (!chosen) return;
  if (chosen.size > MAX_IMPORT_BYTES) {
    message.textContent = `This file is larger than ${MAX_IMPORT_KIB} KB, and a saved game is much smaller. Nothing was imported.`;
    return;
  }
  let game;
  try {
    game = readImport(await chosen.text(), known);
  } catch (error) {
    if (!(error instanceof ImportProblem)) throw error;
    message.textContent = `${error.message} Nothing was imported.`;
    return;
  }
  const here = games().find((other) => other.id === game.id);
  if (here && sameGame(here, game)) {
    onOpen(here.id);
    say(`This game is already on this device, so it was not imported again. It is open now.`);
    return;
  }
  message.textContent = "Checking the rules in the file…";
  let validated;
  let form;
  try {
    await scorer.ready;
    const mapping = applyHouse(game.base, game.house);
    validated = await scorer.call("validate_variant", mapping);
    form = await scorer.call("sheet_form", mapping);
  } catch (error) {
    message.textContent =
      error.type === "failed"
        ? "The rules in this file cannot be checked, because the scorer could not start in this browser. Nothing was imported."
        : `The rules in this file are not possible (${error.problem ?? error.message}). Nothing was imported.`;
    return;
  }
  const misfit = entriesProblem(game, form);
  if (misfit) {
    message.textContent = `This file is not a Hand and Foot game saved by this site: ${misfit}. Nothing was imported.`;
    return;
  }
  const copy = { ...game, form, ...(here ? { id: newId() } : {}) };
  onImport(copy);
  say(
    here
      ? `Imported a game of ${validated.name} between ${copy.teams.join(", ")}. A different copy of this game is on this device too; both are kept under "Saved games".`
      : `Imported a game of ${validated.name} between ${copy.teams.join(", ")}.`,
  );
}
