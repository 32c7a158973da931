// Building DOM from data without ever parsing data as HTML.

export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else if (key.startsWith("on")) element.addEventListener(key.replace(/^on/, ""), value);
    else if (key in element && typeof value !== "string") element[key] = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  element.append(
    ...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false),
  );
  return element;
}

// Resolves in a later task, so the browser can draw and answer input first.
export function nextTask() {
  return globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

// Resolves in a task after the browser has drawn a frame, so that work done in steps is styled and laid out step by
// step, not all in one frame. A page in a hidden tab draws no frames: there it is the next task.
export function nextFrame() {
  if (document.hidden) return nextTask();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Points are whole numbers, grouped by thousands here: the page's first Intl formatter would cost a phone tens of
// milliseconds of blocked page.
export function formatPoints(value) {
  const number = Number(value);
  const digits = Number.isSafeInteger(number)
    ? String(Math.abs(number)).replace(/\B(?=(\d{3})+$)/g, ",")
    : String(Math.abs(number));
  return number < 0 ? `\u2212${digits}` : digits;
}

export function readRuntime() {
  const text = document.querySelector('meta[name="hf-runtime"]')?.content;
  return text ? JSON.parse(text) : null;
}

const SITE_ROOT = new URL("../../", import.meta.url);

export function siteUrl(path) {
  return new URL(path, SITE_ROOT).href;
}

export function fill(element, ...children) {
  element.replaceChildren(
    ...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false),
  );
  return element;
}

// How long a downloaded file's address stays valid: the browser has begun the download well before.
const REVOKE_DELAY_MS = 1000;

// Offers `text` to the person as a file called `filename`.
export function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

// Today's date as a file name takes it: 2026-12-01.
export function dateStamp() {
  return new Date().toISOString().split("T")[0];
}

// Selects a field's text once the tap or click that focused it is over (the browser places the caret on release), so
// what is typed next replaces it.
export function selectOnTap(input) {
  input.select();
  input.addEventListener("pointerup", () => input.select(), { once: true });
}
