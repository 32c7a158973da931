// The questions as filled in, kept for this tab only (sessionStorage), so a reload (a phone's, of a tab left in the
// background) keeps them; and the round and books the keeper's link to the going-out question asks (?round=, ?books=).
const ASKED_KEY = "handfoot.helper.asked";

// `tabs` are the questions (questions.mjs) with their built `form`.
export function rememberAsked(tabs) {
  const saved = Object.fromEntries(tabs.map((tab) => [tab.key, tab.form.save()]));
  try {
    sessionStorage.setItem(ASKED_KEY, JSON.stringify(saved));
  } catch {
    // Kept only while the page is open, then.
  }
}

// Puts back the questions kept for this tab, then what the address asks, and keeps them all. Returns the question
// the address names (?ask=), or null.
export function askedAtStart(tabs) {
  restoreAsked(tabs);
  const asked = new URLSearchParams(location.search);
  const round = Number(asked.get("round"));
  const books = booksAsked(asked.get("books"));
  for (const tab of tabs) if (Number.isInteger(round) && round > 0) tab.form.set?.({ round, books });
  rememberAsked(tabs);
  // What the address asked for is now in the questions, and kept with them: a reload keeps what is typed after.
  const url = new URL(location.href);
  for (const name of ["round", "books", "variant"]) url.searchParams.delete(name);
  history.replaceState(history.state, "", url);
  return asked.get("ask");
}

function restoreAsked(tabs) {
  let saved;
  try {
    saved = JSON.parse(sessionStorage.getItem(ASKED_KEY));
  } catch {
    return;
  }
  if (!saved || typeof saved !== "object") return;
  for (const tab of tabs) {
    const kept = saved[tab.key];
    if (kept && typeof kept === "object" && !Array.isArray(kept)) tab.form.restore(kept);
  }
}

// The keeper's books for the going-out question: "clean:2,dirty:1" read as {clean: 2, dirty: 1}; the form checks each count.
function booksAsked(text) {
  if (!text) return null;
  const pair = /^([a-z][a-z0-9_]*):(\d+)$/;
  const pairs = text.split(",").map((item) => pair.exec(item));
  return Object.fromEntries(pairs.filter(Boolean).map(([, kind, count]) => [kind, Number(count)]));
}
