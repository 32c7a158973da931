// The rule helper: the table's questions, answered by handfoot in Pyodide for a published version or for any
// house rule set. The page only gathers the question and shows handfoot's verdict; no rule is decided here.
import { fill, formatPoints, h, nextTask, siteUrl } from "../dom.mjs";
import { scorerMissing } from "../offline.mjs";
import { startApp } from "../startup.mjs";
import { tabList } from "../tabs.mjs";
import { RulesetProblem, decodeRuleset, encodeRuleset, getRule, houseRules, ruleInForce } from "../rulesets.mjs";
import { store } from "../storage.mjs";
import { ruleMarks } from "../provenance.mjs";
import { loadSets, setLabel } from "../configurator/sets.mjs";
import { QUESTIONS } from "./questions.mjs";
import { answerPeek } from "./peek.mjs";

const CHOICE_KEY = "handfoot.helper.rules";
// The questions as filled in, kept for this tab only: a reload (a phone's, of a tab left in the background) keeps them.
const ASKED_KEY = "handfoot.helper.asked";

export function mountHelper(root) {
  const { status, notices, scorer, data } = startApp();
  const body = h("div", { class: "hf-helper__body" });
  fill(root, status, notices, body);
  data.then((loaded) => start(loaded));

  function start(loaded) {
    const choices = ruleChoices(loaded);
    let current = choices.find((choice) => choice.key === chosenKey(loaded, choices)) ?? choices[0];
    let checked = null;
    const asks = new Map();
    const peeks = new Map();
    let asking = 0;

    const rules = () => current;
    const select = h(
      "select",
      { id: "hf-helper-rules", onchange: () => choose(select.value) },
      group(
        "Published versions",
        choices.filter((choice) => !choice.draft),
      ),
      group(
        "Your house rules",
        choices.filter((choice) => choice.draft && choice.kind === "set"),
      ),
      group(
        "From a link",
        choices.filter((choice) => choice.kind === "link"),
      ),
    );
    select.value = current.key;
    if (current.fromLink || current.fromAddress) store(CHOICE_KEY, JSON.stringify(current.remember));
    if (loaded.linkProblem)
      notices.append(
        h("p", { text: `The rules link is damaged or was changed (${loaded.linkProblem}), so it was not opened.` }),
      );
    const rulesProblem = h("p", { class: "hf-field-problem", id: "hf-helper-rules-problem", "aria-live": "polite" });

    const ctx = {
      rules,
      changed: () =>
        queueMicrotask(() => {
          remember();
          answerShown();
        }),
    };
    const tabs = QUESTIONS.map((question) => ({ ...question, form: question.build(ctx) }));
    const panels = tabs.map((tab) => {
      const answer = h("div", {
        class: "hf-answer",
        id: `hf-answer-${tab.key}`,
        role: "status",
        "aria-live": "polite",
        tabindex: "-1",
      });
      asks.set(tab.key, answer);
      // On a phone the answer's verdict stays in reach at the foot of the screen while the question is filled in.
      const peek = tab.verdicts === false ? null : answerPeek(answer);
      if (peek) peeks.set(tab.key, peek);
      return h(
        "section",
        {
          class: "hf-helper__panel",
          id: `hf-panel-${tab.key}`,
          hidden: true,
        },
        h("h2", { class: "hf-helper__question", text: tab.tab(ctx.rules().form.asking) }),
        tab.form.element,
        h("h3", { class: "hf-answer__title", text: tab.answers ?? "The answer" }),
        answer,
        peek?.element,
      );
    });
    const tabbed = tabList({
      id: "hf-tab",
      label: "Questions",
      className: "hf-helper__tabs",
      tabClass: "hf-helper__tab",
      items: tabs.map((tab, index) => ({
        key: tab.key,
        title: tab.tab(ctx.rules().form.asking),
        panel: panels[index],
      })),
      onShow: (key) => {
        const url = new URL(location.href);
        url.searchParams.set("ask", key);
        history.replaceState(history.state, "", url);
        answerShown();
      },
    });
    fill(
      body,
      h(
        "div",
        { class: "hf-helper__field hf-helper__rules" },
        h("label", { for: "hf-helper-rules", text: "Your rules" }),
        select,
        rulesProblem,
      ),
      tabbed.element,
      panels,
    );

    restoreAsked();
    const asked = new URLSearchParams(location.search);
    const round = Number(asked.get("round"));
    const books = booksAsked(asked.get("books"));
    for (const tab of tabs) if (Number.isInteger(round) && round > 0) tab.form.set?.({ round, books });
    remember();
    // What the address asked for is now in the questions, and kept with them: a reload keeps what is typed after.
    const url = new URL(location.href);
    for (const name of ["round", "books", "variant"]) url.searchParams.delete(name);
    history.replaceState(history.state, "", url);
    tabbed.show(tabs.some((tab) => tab.key === asked.get("ask")) ? asked.get("ask") : tabs[0].key);
    scorer.onState((state) => {
      status.textContent =
        state === "ready"
          ? "Ready: every answer comes from the rules engine."
          : state === "loading"
            ? "Loading the rules engine… You can fill in a question now."
            : `No answers here now: ${scorerMissing("the rules engine")} The rule pages have every rule.`;
      if (state !== "loading") refreshRules();
    });
    // The rules engine starts once the questions are on the page.
    nextTask().then(scorer.start);

    function remember() {
      const saved = Object.fromEntries(tabs.map((tab) => [tab.key, tab.form.save()]));
      try {
        sessionStorage.setItem(ASKED_KEY, JSON.stringify(saved));
      } catch {
        // Kept only while the page is open, then.
      }
    }

    function restoreAsked() {
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

    function choose(key) {
      current = choices.find((choice) => choice.key === key);
      const kept = store(CHOICE_KEY, JSON.stringify(current.remember));
      rulesProblem.textContent = kept.ok ? "" : `Your choice is used now but not remembered: ${kept.problem}.`;
      checked = null;
      for (const tab of tabs) tab.form.update();
      nameTabs();
      refreshRules();
      answerShown();
    }

    // House rules are checked by handfoot, which also gives their sheet form and pack.
    async function refreshRules() {
      const choice = current;
      if (!choice.draft || checked === choice || scorer.state !== "ready") return;
      checked = choice;
      try {
        await scorer.call("validate_variant", choice.mapping);
        const [form, cards] = await Promise.all([
          scorer.call("sheet_form", choice.mapping),
          scorer.call("card_choices", choice.mapping),
        ]);
        Object.assign(choice, { form, cards, problem: null });
      } catch (error) {
        if (error.type === "failed") return;
        choice.problem = error.problem ?? error.message;
      }
      if (current !== choice) return;
      for (const tab of tabs) tab.form.update();
      nameTabs();
      answerShown();
    }

    // A tab's question is worded for the side asking: "Can we go out?" for a team, "Can I go out?" alone.
    function nameTabs() {
      tabs.forEach((tab, index) => {
        const text = tab.tab(ctx.rules().form.asking);
        tabbed.buttons[index].textContent = text;
        panels[index].querySelector(".hf-helper__question").textContent = text;
      });
    }

    function openTab() {
      return tabs.find((tab) => tab.key === tabbed.shown());
    }

    async function answerShown() {
      const tab = openTab();
      if (!tab) return;
      const answer = asks.get(tab.key);
      const peek = peeks.get(tab.key);
      // The answer, and its verdict (or none) at the foot of a phone's screen.
      const put = (content, verdict = null) => {
        fill(answer, content);
        peek?.show(verdict);
      };
      const say = (text) => put(h("p", { class: "hf-answer__waiting", text }));
      const ask = ++asking;
      const choice = current;
      const question = tab.form.ask();
      if (choice.problem) return say(`These house rules cannot be used: ${choice.problem}`);
      if (question.missing) return say(question.missing);
      if (question.shown) return put(question.shown);
      if (scorer.state === "failed")
        return say(`No answer: ${scorerMissing("the rules engine")} The rule pages have every rule.`);
      if (scorer.state === "loading")
        say("Your question is ready. The answer comes as soon as the rules engine has loaded…");
      try {
        const [name, ...args] = question.call;
        const verdict = await scorer.call(name, ...args);
        if (ask !== asking || choice !== current) return;
        put(verdictView(verdict, choice, loaded), verdict);
      } catch (error) {
        if (ask !== asking) return;
        say(error.type === "failed" ? `No answer: ${scorerMissing("the rules engine")}` : error.message);
      }
    }
  }
}

// The keeper's books for "Can we go out?": "clean:2,dirty:1" read as {clean: 2, dirty: 1}; the form checks each count.
function booksAsked(text) {
  if (!text) return null;
  const pair = /^([a-z][a-z0-9_]*):(\d+)$/;
  const pairs = text.split(",").map((item) => pair.exec(item));
  return Object.fromEntries(pairs.filter(Boolean).map(([, kind, count]) => [kind, Number(count)]));
}

function group(label, choices) {
  if (!choices.length) return null;
  return h(
    "optgroup",
    { label },
    choices.map((choice) => h("option", { value: choice.key, text: choice.label })),
  );
}

// Every rule set the helper offers: the published versions, the configurator's sets kept on this device that change
// something, and the rules of a share link this page was opened with.
function ruleChoices(loaded) {
  const { variants, sheets, cards, most } = loaded;
  const published = Object.values(variants).map((mapping) => ({
    key: `version:${mapping.id}`,
    kind: "version",
    label: mapping.name,
    mapping,
    rule: (path) => getRule(mapping, path),
    draft: null,
    form: sheets[mapping.id],
    cards: cards[mapping.id],
    remember: { kind: "version", id: mapping.id },
  }));
  const house = (draft, kind, label, remember) => {
    const base = variants[draft.base];
    const encoded = encodeRuleset(draft);
    return {
      key: `${kind}:${kind === "set" ? draft.id : encoded}`,
      kind,
      label,
      draft,
      encoded,
      // handfoot puts the table's changes on the base (Variant.with_changes) for every question.
      mapping: houseRules(base, draft, siteUrl(`configurator/#rules=${encoded}`)),
      // A rule's value, to decide which questions to ask: the table's own where it changed it.
      rule: (path) => ruleInForce(base, draft.changes, path),
      // Until handfoot has checked the house rules, the base version's form and pack stand in.
      form: sheets[draft.base],
      cards: cards[draft.base],
      remember,
    };
  };
  const paths = new Set(loaded.fields.map((field) => field.path));
  const known = { variants, paths, most };
  const { sets } = loadSets({ ...known, base: loaded.default, rescue: false });
  const kept = sets
    .filter((set) => set.name.trim() || Object.keys(set.changes).length)
    .map((set) => house(set, "set", setLabel(set, variants), { kind: "set", id: set.id }));
  const links = [];
  for (const [encoded, fromLink] of [
    [linkedRules(), true],
    [rememberedLink(), false],
  ]) {
    if (!encoded || links.some((link) => link.encoded === encoded)) continue;
    try {
      const draft = decodeRuleset(encoded, known);
      const name = draft.name.trim() || `${variants[draft.base].name} with house rules`;
      links.push({ ...house(draft, "link", name, { kind: "link", encoded }), fromLink });
    } catch (error) {
      if (!(error instanceof RulesetProblem)) throw error;
      if (fromLink) loaded.linkProblem = error.message;
    }
  }
  return [...published, ...kept, ...links];
}

function linkedRules() {
  const hash = new URLSearchParams(location.hash.slice(1)).get("rules");
  if (hash !== null) history.replaceState(history.state, "", location.pathname + location.search);
  return hash;
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(CHOICE_KEY));
  } catch {
    return null;
  }
}

function rememberedLink() {
  const choice = remembered();
  return choice?.kind === "link" && typeof choice.encoded === "string" ? choice.encoded : null;
}

// The rules to open with: a link's, then ?variant=, then the choice remembered on this device, then the default.
function chosenKey(loaded, choices) {
  const link = choices.find((choice) => choice.kind === "link" && choice.fromLink);
  if (link) return link.key;
  const variant = new URLSearchParams(location.search).get("variant");
  if (variant && loaded.variants[variant]) {
    choices.find((choice) => choice.key === `version:${variant}`).fromAddress = true;
    return `version:${variant}`;
  }
  const choice = remembered();
  if (choice?.kind === "version") return `version:${choice.id}`;
  if (choice?.kind === "set") return `set:${choice.id}`;
  if (choice?.kind === "link") return choices.find((c) => c.kind === "link" && c.encoded === choice.encoded)?.key;
  return `version:${loaded.default}`;
}

function verdictView(verdict, choice, loaded) {
  const field = loaded.fields.find((f) => f.path === verdict.rule);
  const section = loaded.spec.find((s) => s.key === field?.section);
  const anchor = verdict.rule.replace(".", "-");
  const changed = choice.draft && Object.hasOwn(choice.draft.changes, verdict.rule);
  const base = choice.draft ? choice.draft.base : choice.mapping.id;
  const href = changed ? siteUrl(`configurator/#rules=${choice.encoded}`) : siteUrl(`rules/${base}/#${anchor}`);
  const where = changed ? "your house rule" : `${loaded.variants[base].name} rules`;
  return [
    h("p", { class: `hf-verdict hf-verdict--${verdict.ok ? "yes" : "no"}`, text: verdict.ok ? "Yes" : "No" }),
    verdict.points !== null && verdict.points !== undefined
      ? h("p", {
          class: "hf-answer__tally",
          text: `${formatPoints(verdict.points)} of ${formatPoints(verdict.minimum)}: ${verdict.ok ? "enough" : "not enough"}`,
        })
      : null,
    h("p", { class: "hf-answer__reason", text: verdict.reason }),
    field
      ? h(
          "p",
          { class: "hf-answer__rule" },
          "The rule: ",
          h("a", { href, "data-rule": verdict.rule, text: `${section.title}: ${field.label}` }),
          ` (${where})`,
        )
      : null,
    changed ? null : ruleMarks(choice.form, verdict.rule),
  ];
}
