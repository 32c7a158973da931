// The rule helper's questions as tabs (tabs.mjs): each panel holds the question worded for the side asking, its form,
// its answer and, on a phone, the answer's verdict at the foot of the screen (peek.mjs). The address names the tab.
import { h } from "../dom.mjs";
import { tabList } from "../tabs.mjs";
import { answerPeek } from "./peek.mjs";

// `tabs` are the questions (questions.mjs) with their built `form`; `titles` are handfoot's titles of the questions
// by key, worded for the side asking (the sheet form's `helper.tabs`); `onShow(key)` runs once a tab is shown.
export function questionTabs(tabs, titles, onShow) {
  const opened = tabs.map((tab) => {
    const answer = h("div", {
      class: "hf-answer",
      id: `hf-answer-${tab.key}`,
      role: "status",
      "aria-live": "polite",
      tabindex: "-1",
    });
    // On a phone the answer's verdict stays in reach at the foot of the screen while the question is filled in.
    const peek = tab.verdicts === false ? null : answerPeek(answer);
    const panel = h(
      "section",
      {
        class: "hf-helper__panel",
        id: `hf-panel-${tab.key}`,
        hidden: true,
      },
      h("h2", { class: "hf-helper__question", text: titles[tab.key] }),
      tab.form.element,
      h("h3", { class: "hf-answer__title", text: tab.answers ?? "The answer" }),
      answer,
      peek?.element,
    );
    return { tab, answer, peek, panel };
  });
  const panels = opened.map((item) => item.panel);
  const tabbed = tabList({
    id: "hf-tab",
    label: "Questions",
    className: "hf-helper__tabs",
    tabClass: "hf-helper__tab",
    items: tabs.map((tab, index) => ({
      key: tab.key,
      title: titles[tab.key],
      panel: panels[index],
    })),
    onShow: (key) => {
      const url = new URL(location.href);
      url.searchParams.set("ask", key);
      history.replaceState(history.state, "", url);
      onShow(key);
    },
  });
  return {
    element: tabbed.element,
    panels,
    show: tabbed.show,
    // The tab of question `key`: {tab, answer, peek}, the peek null where the question has no verdict.
    item: (key) => opened.find((item) => item.tab.key === key),
    // A tab's question is worded for the side asking (a team, or a player alone): handfoot's `titles` by key.
    name(named) {
      tabs.forEach((tab, index) => {
        const text = named[tab.key];
        tabbed.buttons[index].textContent = text;
        panels[index].querySelector(".hf-helper__question").textContent = text;
      });
    },
  };
}
