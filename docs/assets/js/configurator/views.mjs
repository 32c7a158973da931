// The configurator's four views, one tab each: the rules to change, the rule page they make, the table sheet, and how
// they play in games played by bots.
// The page and the sheet are drawn by the shared templates from handfoot's description of the rules; a newer
// drawing stops an older one.
import { h } from "../dom.mjs";
import { renderInto } from "../preview.mjs";
import { tabList } from "../tabs.mjs";

export const RULES = "rules";
export const PAGE = "page";
export const SHEET = "sheet";
export const PLAYS = "plays";

export function views({ rulesPanel, playsPanel, onShow }) {
  const preview = h(
    "article",
    { id: "hf-preview", class: "hf-preview", tabindex: "0", "aria-label": "Preview of the rule page" },
    h("p", { text: "The preview appears when the rules engine has loaded." }),
  );
  const sheet = h("div", { id: "hf-sheet", class: "hf-sheet" });
  const help = h("p", { id: "hf-preview-help", class: "hf-help" });
  const panels = {
    [RULES]: h("section", { id: "hf-view-rules", class: "hf-config__view" }, rulesPanel),
    [PAGE]: h("section", { id: "hf-view-page", class: "hf-config__view hf-config__preview" }, help, preview),
    [SHEET]: h(
      "section",
      { id: "hf-view-sheet", class: "hf-config__view hf-config-sheet" },
      h(
        "p",
        { class: "hf-no-print hf-config__print" },
        h("button", {
          type: "button",
          class: "md-button md-button--primary",
          text: "Print this sheet",
          onclick: () => print(),
        }),
      ),
      sheet,
    ),
    [PLAYS]: h("section", { id: "hf-view-plays", class: "hf-config__view" }, playsPanel),
  };
  const tabs = tabList({
    id: "hf-tab",
    label: "Your rules, the rule page, the sheet and how they play",
    className: "hf-config__tabs",
    tabClass: "hf-config__tab",
    items: [
      { key: RULES, title: "Your rules", panel: panels[RULES] },
      { key: PAGE, title: "Rule page", panel: panels[PAGE] },
      { key: SHEET, title: "Sheet", panel: panels[SHEET] },
      { key: PLAYS, title: "How it plays", panel: panels[PLAYS] },
    ],
    onShow,
  });
  let drawing = 0;
  let target = null;

  function place(fallback = null) {
    const at =
      (target && preview.querySelector(`#${CSS.escape(target.replace(".", "-"))}`)?.parentElement) ??
      (target ? preview.querySelector(".hf-differs") : null);
    (at ?? fallback)?.scrollIntoView({ block: "center" });
  }

  return {
    tabs,
    panels: Object.values(panels),
    help,
    // Shows a view; on the rule page, at the place of rule `path` when there is one, and there again once a drawing
    // still under way has put the change in.
    show(key, path = null) {
      tabs.show(key);
      target = key === PAGE ? path : null;
      place(panels[key]);
    },
    // Draws the page and the sheet from handfoot's description (`describe()`), unless a newer drawing starts.
    async draw(runtime, describe) {
      const mine = ++drawing;
      const described = await describe();
      for (const [into, template] of [
        [preview, "rule_body"],
        [sheet, "sheet_body"],
      ]) {
        if (mine !== drawing) return;
        await renderInto(into, runtime, template, described, () => mine !== drawing);
      }
      if (mine === drawing && !panels[PAGE].hidden && target) place();
    },
    failed(message) {
      preview.replaceChildren(h("p", { class: "hf-error", text: `The preview could not be made: ${message}` }));
    },
  };
}
