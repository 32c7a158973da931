// Tabs as the ARIA pattern has them: one tab in the Tab order, arrow keys, Home and End move between them, and each
// tab shows its own panel and hides the others. `items` are {key, title, panel}, the first shown at the start;
// `onShow(key)` runs after each `show`.
import { h } from "./dom.mjs";

export function tabList({ id, label, items, className, tabClass, onShow = () => {} }) {
  const buttons = items.map((item, index) =>
    h("button", {
      type: "button",
      role: "tab",
      id: `${id}-${item.key}`,
      class: tabClass,
      "aria-controls": item.panel.id,
      text: item.title,
      onclick: () => show(item.key),
      onkeydown: (event) => move(event, index),
    }),
  );
  for (const [index, item] of items.entries()) {
    item.panel.setAttribute("role", "tabpanel");
    item.panel.setAttribute("aria-labelledby", buttons[index].id);
  }
  const element = h("div", { class: className, role: "tablist", "aria-label": label }, buttons);
  let shown = items[0].key;

  function select(key) {
    shown = key;
    items.forEach((item, index) => {
      const on = item.key === key;
      buttons[index].setAttribute("aria-selected", String(on));
      buttons[index].tabIndex = on ? 0 : -1;
      item.panel.hidden = !on;
    });
  }

  function show(key, { focus = false } = {}) {
    select(key);
    if (focus) buttons[items.findIndex((item) => item.key === key)].focus();
    onShow(key);
  }

  function move(event, index) {
    const last = items.length - 1;
    const to = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(items[(to + items.length) % items.length].key, { focus: true });
  }

  select(shown);
  return { element, buttons, show, shown: () => shown };
}
