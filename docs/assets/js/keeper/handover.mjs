// Handing the open game to another phone: one tap shows a QR code of the game's link, for the other phone's camera,
// and the link itself, to copy or send. The code is drawn on this device, offline, by the qr library (assets/vendor),
// which the page loads only when it is asked for, as it does the code that makes the link. The link follows the game
// while the section is open.
import { fill, h, readRuntime, siteUrl } from "../dom.mjs";
import { inputsKey } from "./model.mjs";

const SVG = "http://www.w3.org/2000/svg";
// The blank margin around a QR code that cameras need, in modules (the QR standard's quiet zone).
const QUIET_ZONE_MODULES = 4;
const SECTION_ID = "hf-handover";
// The name of the address's part that holds a game handed over (handover_link.mjs makes and reads it; the page's head
// looks for it too: HANDED_GAME, sitebuild/runtime_manifest.py).
export const HANDOVER_KEY = "game";

// The game link's text in an address's hash, or null when the address holds none.
export function handoverInHash(hash) {
  return new URLSearchParams(hash.replace(/^#/, "")).get(HANDOVER_KEY);
}

// `getGame()` gives the open game; `variants` are the published versions, whose rule values a link leaves out.
export function handoverSection({ getGame, variants }) {
  const body = h("div", { class: "hf-handover__body" });
  const details = h(
    "details",
    { class: "hf-handover", id: SECTION_ID },
    h("summary", { text: "Hand this game to another phone" }),
    body,
  );
  details.addEventListener("toggle", () => {
    if (details.open) showLink(body, getGame(), variants);
  });
  return details;
}

// The open section's link and code, made again when the game has changed since they were made.
export function paintHandover(game, variants) {
  const details = document.getElementById(SECTION_ID);
  const body = details?.querySelector(".hf-handover__body");
  if (details?.open && body && body.dataset.game !== gameKey(game)) showLink(body, game, variants);
}

function gameKey(game) {
  return JSON.stringify([game.id, game.teams, inputsKey(game)]);
}

async function showLink(body, game, variants) {
  const key = gameKey(game);
  body.dataset.game = key;
  if (!body.firstChild) fill(body, h("p", { class: "hf-help", text: "Making this game's link…" }));
  let link;
  try {
    const { handoverLink } = await import("./handover_link.mjs");
    link = await handoverLink(game, variants, siteUrl("keeper/"));
  } catch {
    // Offline before the page was kept, or a browser without CompressionStream: the game stays here, and is said so.
    if (body.dataset.game !== key) return;
    const words = "This game's link cannot be made in this browser now. Export the game to a file instead.";
    fill(body, h("p", { class: "hf-error", text: words }));
    return;
  }
  const code = await qrCode(link).catch(() => null);
  if (body.dataset.game !== key) return;
  const message = h("p", { class: "hf-handover__message", role: "status" });
  const field = h("input", {
    id: "hf-handover-link",
    class: "hf-handover__link",
    type: "text",
    readonly: true,
    value: link,
    onfocus: (event) => event.target.select(),
  });
  fill(
    body,
    h("p", {
      text:
        "On the other phone, point the camera at this code and open the link it shows. The game opens there with " +
        "every round typed so far, and is kept on that phone.",
    }),
    code ?? h("p", { class: "hf-error", text: "The code could not be drawn here. Send the link instead." }),
    h("label", { for: field.id, text: "This game's link" }),
    field,
    h(
      "div",
      { class: "hf-buttons" },
      h("button", {
        type: "button",
        class: "md-button",
        text: "Copy the link",
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
            message.textContent = "Link copied. Send it to the other phone, then open it there.";
          } catch {
            field.focus();
            message.textContent = "This browser did not allow copying: the link is selected, to copy by hand.";
          }
        },
      }),
    ),
    message,
  );
}

// The link as a QR code: an SVG of dark modules on a light ground, in either colour scheme, named for a screen reader.
async function qrCode(link) {
  const { encodeQR } = await import(siteUrl(readRuntime().vendor.qr));
  const rows = encodeQR(link, "raw", { ecc: "medium", border: QUIET_ZONE_MODULES });
  const size = rows.length;
  const modules = rows.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "hf-handover__code");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR code of this game's link");
  svg.setAttribute("shape-rendering", "crispEdges");
  const ground = document.createElementNS(SVG, "rect");
  ground.setAttribute("width", String(size));
  ground.setAttribute("height", String(size));
  ground.setAttribute("class", "hf-handover__ground");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", modules);
  path.setAttribute("class", "hf-handover__modules");
  svg.append(ground, path);
  return svg;
}
