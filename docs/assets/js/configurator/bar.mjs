// What you changed, always in reach: a bar at the foot of the screen with the count of changes and the ways out (the
// rule page, the sheet, the score keeper, the rule helper, a share link). Opened, it lists every change in handfoot's
// words, each with a way to it and an undo, then the link, the file and "Start again".
import { fill, h, siteUrl } from "../dom.mjs";
import { encodeRuleset } from "../rulesets.mjs";
import { changeLines, changeWords } from "./change_words.mjs";

// `rules()` is {draft, base, fields, wordsNow, wordsOf}: the rules as shown, and handfoot's words of the rules in
// force and of each published version. `carry(use)` runs `use(draft)` when the rules on screen can leave the page,
// and gives why not otherwise (null when they went).
export function changesBar({ rules, carry, shareUrl, actions }) {
  const count = h("span", { class: "hf-bar__count" });
  const word = h("span", { text: "Changes" });
  const toggle = h(
    "button",
    {
      type: "button",
      id: "hf-bar-changes",
      class: "hf-bar__button hf-bar__changes",
      "aria-expanded": "false",
      "aria-controls": "hf-changes",
      onclick: () => setOpen(!isOpen()),
    },
    // Its name is what it shows ("2 Changes"), as speech input expects; aria-expanded says it opens the list.
    count,
    " ",
    word,
  );
  const message = h("p", { id: "hf-actions-message", class: "hf-bar__message", role: "status" });
  const follow = (page, text, label) =>
    h("a", {
      class: "hf-bar__button",
      href: siteUrl(page),
      "data-page": page,
      text,
      "aria-label": label,
      onclick: (event) => {
        const link = event.currentTarget;
        if (!go((draft) => (link.href = siteUrl(`${page}#rules=${encodeRuleset(draft)}`)))) event.preventDefault();
      },
    });
  const button = (text, onclick, id, label) =>
    h("button", { type: "button", class: "hf-bar__button", id, text, onclick, "aria-label": label });
  const list = h("ul", { class: "hf-changes__list" });
  const linkInput = h("input", { id: "hf-share-link", type: "text", readonly: true, value: "" });
  const linkNote = h("p", { id: "hf-share-note", class: "hf-error", hidden: true });
  const again = h("button", { type: "button", id: "hf-start-again", class: "md-button", onclick: actions.startAgain });
  const panel = h(
    "section",
    { id: "hf-changes", class: "hf-changes", hidden: true, "aria-labelledby": "hf-changes-title", tabindex: "-1" },
    h("h2", { id: "hf-changes-title", text: "Your changes" }),
    h("p", { id: "hf-change-count" }),
    list,
    again,
    h("label", { for: "hf-share-link", text: "Share link (opens these rules exactly)" }),
    linkInput,
    linkNote,
    h(
      "div",
      { class: "hf-buttons" },
      h("button", { type: "button", class: "md-button", text: "Copy the link", onclick: () => share(false) }),
      h("button", {
        type: "button",
        class: "md-button",
        text: "Download as YAML",
        onclick: () => go((draft) => actions.download(draft, message)),
      }),
    ),
  );
  const element = h(
    "div",
    { class: "hf-bar", id: "hf-actions" },
    panel,
    message,
    h(
      "div",
      { class: "hf-bar__buttons" },
      toggle,
      button("Rule page", () => actions.view("page"), "hf-bar-page", "See the rule page"),
      button("Sheet", () => actions.view("sheet"), "hf-bar-sheet", "Sheet to print"),
      follow("keeper/", "Score", "Score with these rules"),
      follow("helper/", "Ask", "Ask the rule helper"),
      button("Share", () => share(true), "hf-bar-share", "Share these rules"),
    ),
  );
  const isOpen = () => !panel.hidden;

  function setOpen(open) {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) panel.focus({ preventScroll: true });
  }

  function go(use) {
    const why = carry(use);
    message.textContent = why ? `Not yet: ${why}` : "";
    return !why;
  }

  // A phone shares the link its own way; elsewhere, or when that is turned down, the link is copied.
  function share(native) {
    go(async (draft) => {
      const link = shareUrl(draft);
      const { base } = rules();
      if (native && navigator.share) {
        try {
          await navigator.share({ title: draft.name || `${base.name} with house rules`, url: link });
          return;
        } catch (error) {
          if (error.name === "AbortError") return;
        }
      }
      try {
        await navigator.clipboard.writeText(link);
        message.textContent = "Link copied.";
      } catch {
        setOpen(true);
        linkInput.select();
        message.textContent = "Select the link under Changes and copy it.";
      }
    });
  }

  function paint(why) {
    const { draft, base, fields, wordsNow, wordsOf } = rules();
    const changed = changeLines({ draft, fields, words: wordsNow(), baseWords: wordsOf(base.id) });
    count.textContent = String(changed.length);
    word.textContent = changed.length === 1 ? "Change" : "Changes";
    document.getElementById("hf-change-count").textContent = changed.length
      ? `${changed.length} ${changed.length === 1 ? "rule differs" : "rules differ"} from ${base.name}.`
      : `Same as ${base.name} so far.`;
    fill(
      list,
      changed.map((field) =>
        h(
          "li",
          { class: "hf-changes__item", "data-change": field.path },
          changeWords(field, base.name),
          h(
            "span",
            { class: "hf-buttons" },
            h("button", {
              type: "button",
              class: "md-button",
              text: "Show",
              "aria-label": `Show ${field.label}`,
              onclick: () => {
                setOpen(false);
                actions.showRule(field.path);
              },
            }),
            h("button", {
              type: "button",
              class: "md-button",
              text: "Undo",
              "aria-label": `Undo ${field.label}`,
              onclick: () => actions.undo(field.path),
            }),
          ),
        ),
      ),
    );
    again.textContent = `Start again from ${base.name}`;
    again.disabled = !changed.length;
    const link = shareUrl(draft);
    if (linkInput.value !== link) linkInput.value = link;
    // For a link opened otherwise than by a tap (a long press, a middle click).
    for (const anchor of element.querySelectorAll("a[data-page]")) {
      anchor.href = siteUrl(`${anchor.dataset.page}#rules=${encodeRuleset(draft)}`);
    }
    linkNote.textContent = why ? `This link leaves out what is not applied: ${why}` : "";
    linkNote.hidden = !why;
  }

  return { element, paint, setOpen, message };
}
