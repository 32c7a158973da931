// The card counter beside card points: counts of cards by group, turned into points by handfoot.
import { formatPoints, h } from "../dom.mjs";
import { parseWhole } from "../controls/whole_number.mjs";
import { effective } from "./model.mjs";
import { newSession } from "./typing.mjs";

// Counts of cards by group, turned into points by handfoot: the groups and their words come with the sheet form.
// `onCount(input)`: the points are in `input`, to be taken as typed.
export function counter(store, engine, r, t, field, target, onCount) {
  const { title, groups } = store.get().game.form.count_groups[field.counter];
  const prefix = `r${r}-t${t}-${field.counter}-count`;
  const inputs = groups.map((group) =>
    h(
      "label",
      { class: "hf-count" },
      h("span", { text: group.label }),
      h("input", { id: `${prefix}-${group.key}`, type: "text", inputmode: "numeric", autocomplete: "off", value: "" }),
    ),
  );
  const message = h("span", { class: "hf-error", role: "status" });
  const use = async () => {
    const counts = {};
    for (const group of groups) {
      const text = document.getElementById(`${prefix}-${group.key}`).value;
      const parsed = parseWhole(text || "0", group);
      if (parsed.value === undefined) {
        message.textContent = `${group.label}: ${parsed.error}`;
        return;
      }
      counts[group.key] = parsed.value;
    }
    if (engine.state === "failed") {
      message.textContent =
        "The counter needs the rules engine, which could not start in this browser. Add up the points by hand and type them in above.";
      return;
    }
    if (engine.state !== "ready") {
      message.textContent = "The counter needs the rules engine, which is still loading. Try again in a moment.";
      return;
    }
    try {
      const points = await engine.call("card_points", effective(store.get().game), counts, field.counter === "left");
      message.textContent = `${formatPoints(points)} points.`;
      const input = document.getElementById(target.id) ?? target;
      input.value = String(points);
      input.dataset.session = `counter.${newSession()}`;
      onCount(input);
    } catch (error) {
      message.textContent = error.message;
    }
  };
  return h(
    "details",
    { class: "hf-counter", id: `${prefix}-details` },
    h("summary", {}, "Count cards", h("span", { class: "hf-visually-hidden", text: `: ${field.label}` })),
    h("p", { class: "hf-counter__title", text: title }),
    h("div", { class: "hf-counter__inputs" }, inputs),
    h("button", { type: "button", class: "md-button", text: "Use these counts", onclick: use }),
    message,
  );
}
