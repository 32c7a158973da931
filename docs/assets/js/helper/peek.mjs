// On a phone the whole answer is read in place, after the question. Meanwhile one line at the foot of the screen keeps
// its verdict in reach ("Yes · 60 of 50") with a button to the answer, and hides while the answer itself is on screen
// or scrolled past. The line takes no more room than a button; the page's CSS keeps a focused field clear of it.
import { fill, formatPoints, h } from "../dom.mjs";

const STILL_MS = 300;

export function answerPeek(answer) {
  const line = h("p", { class: "hf-peek__line" });
  const element = h(
    "div",
    { class: "hf-peek", hidden: true },
    line,
    h("button", { type: "button", class: "hf-peek__why", text: "See why", onclick: seeWhy }),
  );
  let shown = false;
  let below = false;
  // Focus moved onto the button scrolls the page if the button lies in the page's bottom scroll padding, which may
  // bring the answer on screen: the line stays while it holds the focus, so the focus is not lost.
  // The line appears only once the screen has been still a moment, so it never slides under a finger mid-tap (a
  // tap on the Clear button landed on it); it goes at once.
  let appearing = 0;
  const hide = () => !shown || (!below && !element.contains(document.activeElement));
  const place = () => {
    clearTimeout(appearing);
    if (hide() || !element.hidden) {
      element.hidden = hide();
      return;
    }
    appearing = setTimeout(() => {
      element.hidden = hide();
    }, STILL_MS);
  };
  element.addEventListener("focusout", () => queueMicrotask(place));
  // The answer is below the screen while it is out of sight and its top is lower than the screen's.
  new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    below = !entry.isIntersecting && entry.boundingClientRect.top > 0;
    place();
  }).observe(answer);

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
      }
      place();
    },
  };
}
