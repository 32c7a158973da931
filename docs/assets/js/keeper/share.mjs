// Keeping and sharing games: a summary for a group chat, CSV, and JSON export and import of one game or of all.
import { dateStamp, download, h } from "../dom.mjs";
import { exportText } from "./saved_games.mjs";
import { csv, summaryText } from "./model.mjs";

// `getGames()` gives every game saved here, the open one as it is; `onFile({games, whole})` takes a file's games.
export function shareSection({ getGame, getGames, known, onFile }) {
  const message = h("p", { class: "hf-share__message", role: "status" });
  const file = h("input", {
    id: "hf-import",
    type: "file",
    accept: "application/json,.json",
    onchange: () => importFile(file, message, { known, onFile }),
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
      h("button", {
        type: "button",
        class: "md-button",
        text: "Export all saved games (JSON)",
        onclick: async () => {
          const code = await files(message);
          if (code)
            download(
              `hand-and-foot-saved-games-${dateStamp()}.json`,
              code.exportAllText(getGames()),
              "application/json",
            );
        },
      }),
    ),
    h("label", { for: "hf-import", class: "hf-import", text: "Import games (JSON file)" }),
    file,
    message,
  );
}

// A message under "Share, export and import", which is opened to show it (the keeper may have been drawn anew).
export function sayInShare(text) {
  const message = document.querySelector(".hf-share__message");
  if (!message) return;
  message.closest("details")?.setAttribute("open", "");
  message.textContent = text;
}

// The file is read and its shape checked here; `onFile` then checks the rules of its games and keeps them
// (game_opening.mjs for one game, which opens it; games_import.mjs for a file of a device's saved games).
async function importFile(input, message, { known, onFile }) {
  const chosen = input.files[0];
  input.value = "";
  if (!chosen) return;
  const code = await files(message);
  if (!code) return;
  const { ImportProblem, MAX_FILE_BYTES, MAX_FILE_KIB, readImport } = code;
  if (chosen.size > MAX_FILE_BYTES) {
    message.textContent = `This file is larger than ${MAX_FILE_KIB} KB, more than a browser keeps for a site. Nothing was imported.`;
    return;
  }
  try {
    onFile(readImport(await chosen.text(), known));
  } catch (error) {
    if (!(error instanceof ImportProblem)) throw error;
    message.textContent = `${error.message} Nothing was imported.`;
  }
}

// The code of games in files, loaded when a file is chosen or written. Should it not load (offline before this device
// kept the site), the player is told, nothing changes, and this gives null.
async function files(message) {
  try {
    return await import("./game_files.mjs");
  } catch {
    message.textContent = "Files of games cannot be read or written in this browser now: reload the page to try again.";
    return null;
  }
}
