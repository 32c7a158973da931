// On a phone the whole answer is read in place, after the question. While its verdict is not all on screen, a bar at
// the foot of the screen keeps it in view as cards are tapped: "Yes · 60 of 50", the reason in two lines, and a
// button to the whole answer. Its room at the foot of the question is kept whether it shows or not (helper_answer.css), so
// it never moves the page and the last cards always scroll clear of it.
// The answer is the live region a screen reader hears; the bar's words are a copy for the eyes (aria-hidden), so each
// verdict is said once.
import { fill, formatPoints, h } from "../dom.mjs";

const STILL_MS = 300;

export function answerPeek(answer) {
  const line = h("p", { class: "hf-peek__line", "aria-hidden": "true" });
  const reason = h("p", { class: "hf-peek__reason", "aria-hidden": "true" });
  const element = h(
    "div",
    { class: "hf-peek" },
    line,
    h("button", { type: "button", class: "hf-peek__why", text: "See why", onclick: seeWhy }),
    reason,
  );
  let shown = false;
  // The bar appears only once the screen has been still a moment, so it never slides under a finger mid-tap (a tap
  // on the Clear button landed on it); it goes at once. While its button holds the focus it stays, so the focus is
  // not lost.
  let appearing = 0;
  // The answer's verdict is out of view while the end of its reason is below the screen.
  const below = () => {
    const last = answer.querySelector(".hf-answer__reason") ?? answer;
    return last.getBoundingClientRect().bottom > innerHeight;
  };
  const wanted = () => shown && (below() || element.contains(document.activeElement));
  const showing = () => element.hasAttribute("data-showing");
  const set = (on) => element.toggleAttribute("data-showing", on);
  const place = () => {
    clearTimeout(appearing);
    if (!wanted()) return set(false);
    if (!showing()) appearing = setTimeout(() => set(wanted()), STILL_MS);
  };
  element.addEventListener("focusout", () => queueMicrotask(place));
  // The answer moves on the screen when the page scrolls or the screen turns, and when the question above it grows.
  addEventListener("scroll", place, { passive: true });
  addEventListener("resize", place);
  new ResizeObserver(place).observe(document.body);

  function seeWhy() {
    answer.scrollIntoView({ block: "nearest" });
    answer.focus({ preventScroll: true });
  }

  return {
    element,
    // The verdict shown in the answer, or null while the answer has none (a question not yet put, a wait).
    show(verdict) {
      shown = Boolean(verdict);
      if (verdict) {
        const word = verdict.ok ? "Yes" : "No";
        const points =
          verdict.points === null || verdict.points === undefined
            ? null
            : ` · ${formatPoints(verdict.points)} of ${formatPoints(verdict.minimum)}`;
        fill(line, h("span", { class: `hf-verdict--${verdict.ok ? "yes" : "no"}`, text: word }), points);
        reason.textContent = verdict.reason;
      }
      place();
    },
  };
}
