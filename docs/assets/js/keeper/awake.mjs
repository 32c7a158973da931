// Keeping the phone's screen on while a game is open (Screen Wake Lock API): a switch, on unless turned off, and
// nothing at all where the browser has no wake lock.
import { h } from "../dom.mjs";

const AWAKE_KEY = "handfoot.keeper.awake";
let sentinel = null;
let holder = null;

export function canKeepAwake() {
  return "wakeLock" in navigator;
}

function wanted() {
  try {
    return localStorage.getItem(AWAKE_KEY) !== "off";
  } catch {
    return true;
  }
}

// Holds the screen on while `root` is on the page and the switch is on; the browser lets go when the tab is hidden.
export async function keepAwake(root) {
  holder = root;
  if (!canKeepAwake() || !wanted() || document.visibilityState !== "visible" || (sentinel && !sentinel.released)) {
    return;
  }
  try {
    sentinel = await navigator.wakeLock.request("screen");
  } catch {
    sentinel = null;
  }
}

async function letGo() {
  const held = sentinel;
  sentinel = null;
  await held?.release().catch(() => {});
}

document.addEventListener("visibilitychange", () => {
  if (!holder?.isConnected) {
    letGo();
    return;
  }
  if (document.visibilityState === "visible") keepAwake(holder);
});

export function awakeSwitch(root) {
  if (!canKeepAwake()) return null;
  const box = h("input", {
    id: "hf-awake",
    type: "checkbox",
    checked: wanted(),
    onchange: () => {
      try {
        localStorage.setItem(AWAKE_KEY, box.checked ? "on" : "off");
      } catch {
        // A full storage keeps the choice for this visit only.
      }
      if (box.checked) keepAwake(root);
      else letGo();
    },
  });
  return h(
    "div",
    { class: "hf-field hf-field--check hf-awake" },
    box,
    h("label", { for: "hf-awake", text: "Keep the screen on" }),
  );
}
