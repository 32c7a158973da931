// The light and dark switch in the header, in place of Material's palette component, which re-styles the whole page
// twice as it starts (issue 13). The choice is kept where Material keeps it (`__palette`), so Material's early script
// and the site's (partials/javascripts/palette.html) set it on every page before the first paint.
const KEYS = ["media", "scheme", "primary", "accent"];

export function mountPalette(form) {
  const inputs = [...form.querySelectorAll("input.md-option")];
  // Each radio's label switches to the next scheme; the label after the radio of the scheme on show is the one shown.
  const showSwitch = (index) => {
    inputs.forEach((input, i) => {
      const label = input.nextElementSibling;
      if (label?.tagName === "LABEL") label.hidden = i !== index;
    });
  };
  const choose = (index) => {
    const input = inputs[index];
    const color = Object.fromEntries(KEYS.map((key) => [key, input.getAttribute(`data-md-color-${key}`)]));
    // Material's stylesheet turns transitions off while this attribute is there: the scheme changes at once.
    document.body.setAttribute("data-md-color-switching", "");
    for (const [key, value] of Object.entries(color)) document.body.setAttribute(`data-md-color-${key}`, value);
    showSwitch(index);
    window.__md_set?.("__palette", { index, color });
    requestAnimationFrame(() => requestAnimationFrame(() => document.body.removeAttribute("data-md-color-switching")));
  };
  const shown = inputs.findIndex((input) => input.checked);
  showSwitch(shown < 0 ? 0 : shown);
  form.addEventListener("change", (event) => {
    const index = inputs.indexOf(event.target);
    if (index >= 0) choose(index);
  });
  // Enter on the focused switch switches, and the focus moves to the switch back, as Material's did.
  form.addEventListener("keydown", (event) => {
    const index = inputs.indexOf(event.target);
    if (event.key !== "Enter" || index < 0) return;
    event.preventDefault();
    const next = inputs[(index + 1) % inputs.length];
    next.click();
    next.focus();
  });
}
