// What a run of "How these rules play" shows: the rules it plays (its house changes, in the words the configurator's
// list of changes uses) and, once its games are played, handfoot's figures beside the base version's same games.
import { h } from "../dom.mjs";
import { changeWords } from "./change_words.mjs";

// `run` is {changes, shown}: `shown` is handfoot's figures (bridge.how_it_plays), null while the games are played.
// `base` is the version the rules start from.
export function runResults({ changes, shown }, base) {
  const count = changes.length;
  const rules = count
    ? `${base.name} with ${count} ${count === 1 ? "change" : "changes"}:`
    : `${base.name}, unchanged.`;
  return [
    h(
      "p",
      { class: "hf-plays__played" },
      h("strong", { text: shown ? "Rules played: " : "Rules being played: " }),
      rules,
    ),
    count > 0 &&
      h(
        "ul",
        { class: "hf-changes__list hf-plays__changes" },
        changes.map((line) =>
          h("li", { class: "hf-changes__item", "data-change": line.path }, changeWords(line, base.name)),
        ),
      ),
    shown && figures(shown, base),
  ];
}

function figures(shown, base) {
  const withBase = shown.rows.some((row) => row.base);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", text: "Figure" }),
    h("th", { scope: "col", text: "Your rules" }),
    withBase && h("th", { scope: "col", text: base.short_name }),
  );
  const rows = shown.rows.map((row) =>
    h(
      "tr",
      { "data-figure": row.name, class: row.part ? "hf-plays__part" : null },
      h("th", { scope: "row", text: row.label }),
      cell(row.yours, row.differs),
      withBase && cell(row.base, ""),
    ),
  );
  return [
    h("p", { class: "hf-plays-caveat" }, h("strong", { text: shown.caveat })),
    h("p", {
      text: withBase
        ? `Your rules: ${shown.games} games. ${base.name}: ${shown.base_games} games from the same seeds. ${shown.ranges}`
        : `Your rules: ${shown.games} games. ${shown.ranges}`,
    }),
    shown.marks && h("p", { text: shown.marks }),
    h(
      "div",
      { class: "hf-plays-scroll", tabindex: "0", role: "region", "aria-label": "How these rules play" },
      h("table", { class: "hf-compare hf-plays" }, h("thead", {}, head), h("tbody", {}, rows)),
    ),
    !withBase && h("p", { text: `${base.name}'s figures are not in this build, so nothing is set beside yours.` }),
  ];
}

// A figure, its likely range under it and, where handfoot marks it, its direction: read out as "3,000 higher, likely
// between 2,900 and 3,100", the range in the compare page's words.
function cell(figure, differs) {
  const { text, range } = figure;
  return h(
    "td",
    { class: differs ? "hf-differs" : null },
    text,
    range && h("span", { class: "hf-plays__margin", "aria-hidden": "true", text: range.text }),
    differs && h("span", { class: "hf-plays__direction", text: ` ${differs}` }),
    range && h("span", { class: "hf-visually-hidden", text: `, ${range.spoken}` }),
  );
}
