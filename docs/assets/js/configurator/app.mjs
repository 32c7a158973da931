// The house-rules configurator: start from a published variant, change any rule, see the rule page and the sheet,
// then print, share, score or download them. handfoot in Pyodide checks and describes; the shared templates word.
//
// A control a person is typing in is never drawn again: each change is shown at once, checked in order by handfoot
// (changes.mjs), and only the rows whose shape or value changed from elsewhere are rebuilt.
import { capitalise, download, fill, h, nextFrame, nextTask, siteUrl } from "../dom.mjs";
import { markRow, ruleRow } from "../controls.mjs";
import { renderInto } from "../preview.mjs";
import { scorerMissing } from "../offline.mjs";
import { startApp } from "../startup.mjs";
import {
  RulesetProblem,
  decodeRuleset,
  encodeRuleset,
  getRule,
  houseRules,
  ruleInForce,
  sameValue,
} from "../rulesets.mjs";
import { changeQueue } from "./changes.mjs";
import { RULE_SETS_KEPT, blankSet, isBlank, loadSets, sameRules, saveSets, setLabel } from "./sets.mjs";

export function mountConfigurator(root) {
  const { runtime, status, notices, scorer, data } = startApp();
  const state = {
    variants: null,
    sheets: null,
    words: null,
    spec: null,
    fields: [],
    default: null,
    most: null,
    scorer,
    sets: [],
    current: null,
    queue: null,
    form: null,
    rows: new Map(),
    problems: new Map(),
    previews: 0,
    drawings: 0,
    unsaved: null,
  };
  const body = h("div", { class: "hf-config" });
  fill(root, status, notices, body);
  // A key typed may leave a value on screen that is not a rule's value yet: the share link says so at once.
  body.addEventListener("input", () => queueMicrotask(paintLink));
  data.then((loaded) => {
    Object.assign(state, {
      variants: loaded.variants,
      sheets: loaded.sheets,
      words: loaded.words,
      default: loaded.default,
      most: loaded.most,
      spec: loaded.spec,
      fields: loaded.fields,
    });
    start();
  });

  const shown = () => state.queue.shown();
  const accepted = () => state.queue.accepted;
  const baseOf = (draft) => state.variants[draft.base];
  const shareUrl = (draft) => `${siteUrl("configurator/")}#rules=${encodeRuleset(draft)}`;
  // The rules as handfoot takes them, which it puts together and checks; and one rule's value in force, to show.
  const rulesOf = (draft) => houseRules(baseOf(draft), draft, shareUrl(draft));
  const valueOf = (draft, path) => ruleInForce(baseOf(draft), draft.changes, path);
  const currentSet = () => state.sets.find((set) => set.id === state.current);
  const byId = (id) => document.getElementById(id);

  function notify(...parts) {
    notices.append(h("p", {}, ...parts));
  }

  // handfoot's check of a whole rule set, which gives the sheet form its rules make (the rounds and kinds of book
  // the controls list). With no rules checker (it failed to start) a change is kept unchecked.
  async function check(draft) {
    try {
      await state.scorer.ready;
      const rules = rulesOf(draft);
      await state.scorer.call("validate_variant", rules);
      return await state.scorer.call("sheet_form", rules);
    } catch (error) {
      if (error.type !== "failed") throw error;
      return null;
    }
  }

  function start() {
    const paths = new Set(state.fields.map((field) => field.path));
    const loaded = loadSets({ variants: state.variants, paths, most: state.most, base: state.default });
    state.sets = loaded.sets;
    state.current = loaded.current;
    for (const problem of loaded.problems) notify(problem);
    state.scorer.onState(showScorerState);
    const before = state.current;
    const adopted = linkedRules();
    open(state.current, adopted ? (problem) => refuseLink(problem, adopted, before) : null);
  }

  // The rules in this page's #rules= link, adopted as a rule set (see adopt), or null when there is none.
  function linkedRules() {
    const hash = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (hash === null) return null;
    history.replaceState(null, "", location.pathname + location.search);
    try {
      const paths = new Set(state.fields.map((field) => field.path));
      return adopt(decodeRuleset(hash, { variants: state.variants, paths, most: state.most }));
    } catch (error) {
      if (!(error instanceof RulesetProblem)) throw error;
      notify(
        `This rules link is damaged or was changed (${error.message}), so it was not opened. Your own rules are shown instead.`,
      );
      return null;
    }
  }

  function showScorerState(scorerState) {
    if (scorerState === "ready") status.textContent = "Ready. Every change is checked, saved here and previewed.";
    else if (scorerState === "loading") status.textContent = "Loading the rules checker… You can change rules now.";
    else
      status.textContent = `Changes cannot be checked or previewed now: ${scorerMissing("the rules checker")} Your choices are still saved.`;
  }

  // A shared link's rules open as a rule set of their own, or as the identical one already here; no set is replaced
  // except an untouched one.
  function adopt(linked) {
    let set = state.sets.find((other) => sameRules(other, linked));
    const added = !set;
    if (added && state.sets.length >= RULE_SETS_KEPT) {
      notify(`You keep ${RULE_SETS_KEPT} rule sets on this device already. Delete one, then open the link again.`);
      return null;
    }
    if (added) {
      const open = currentSet();
      if (open && isBlank(open, state.variants)) state.sets = state.sets.filter((other) => other !== open);
      set = { ...blankSet(linked.base), ...linked };
      state.sets = [...state.sets, set];
    }
    state.current = set.id;
    if (state.sets.some((other) => other !== set && !isBlank(other, state.variants))) {
      notify(
        `The shared rules "${setLabel(set, state.variants)}" are open as a rule set of their own. ` +
          `Your other rule sets are kept: choose one under "Rule set".`,
      );
    }
    return { set, added };
  }

  function refuseLink(problem, { set, added }, before) {
    notify(`The rules in this link are not possible (${problem.problem ?? problem.message}). They were not kept.`);
    if (!added) return;
    state.sets = state.sets.filter((other) => other !== set);
    if (!state.sets.length) state.sets.push(blankSet(state.default));
    open(state.sets.some((other) => other.id === before) ? before : state.sets[0].id);
  }

  // Opens a rule set: everything is drawn anew and the set is checked; `onProblem` handles a set handfoot refuses.
  function open(id, onProblem = null) {
    state.current = id;
    const set = currentSet();
    const draft = { base: set.base, name: set.name, changes: set.changes };
    if (state.queue) state.queue.reset(draft);
    else state.queue = changeQueue(draft, check);
    state.form = null;
    state.problems.clear();
    render();
    propose((d) => d, { onProblem });
  }

  function persist() {
    Object.assign(currentSet(), shown());
    const saved = saveSets(state.sets, state.current);
    const line = byId("hf-save-problem");
    if (saved.ok) {
      state.unsaved = null;
      if (line) line.hidden = true;
      return;
    }
    state.unsaved = saved.problem;
    if (line) {
      line.hidden = false;
      line.textContent = `Not saved: ${saved.problem}. Your rules are still on screen; copy the share link or download the YAML to keep them.`;
    }
  }

  // A change: shown at once, applied when handfoot has checked it against the rules as they then stand.
  function propose(transform, { path = null, message = null, force = false, onProblem = null } = {}) {
    const done = state.queue.propose(transform, path);
    paint({ force });
    persist();
    done.then((result) => settled(result, { path, message, onProblem }));
  }

  function settled(result, { path, message, onProblem }) {
    if (result.stale) return;
    const { problem } = result;
    if (problem) {
      if (path && state.queue.waiting(path)) return;
      if (problem.type === "VariantError" && onProblem) return onProblem(problem);
      showProblem(problem, path, message);
      paint();
      persist();
      return;
    }
    clearProblems(path);
    if (result.answer) state.form = result.answer;
    paint();
    refresh();
  }

  function fieldOf(path) {
    return state.fields.find((field) => field.path === String(path).split("[")[0]);
  }

  function showProblem(problem, path, message) {
    const explained = fieldOf(problem.field);
    const target = (explained && byId(`${controlId(explained.path)}-error`)) ?? message;
    const words = problem.problem ?? problem.message;
    const texts = [];
    if (target) {
      const outcome = path ? " Not applied." : "";
      target.textContent =
        problem.type === "VariantError" ? `${capitalise(words)}.${outcome}` : `This cannot be checked now: ${words}`;
      texts.push(target);
    }
    if (message && target !== message) {
      message.textContent = `Not applied: it clashes with "${explained.label}" (see there).`;
      texts.push(message);
    }
    if (path) {
      state.problems.set(path, texts);
      const row = state.rows.get(path);
      if (row) row.refused = true;
    } else {
      notify(`These rules have a problem: ${words}. Change the rule marked below to fix it.`);
    }
  }

  function clearProblems(path) {
    if (!path) return;
    for (const element of state.problems.get(path) ?? []) element.textContent = "";
    state.problems.delete(path);
    const row = state.rows.get(path);
    if (row) row.refused = false;
  }

  function controlId(path) {
    return `hf-rule-${path.replace(".", "-")}`;
  }

  // Drawing: the whole form when a rule set is opened, then only what changed.

  function render() {
    const draft = shown();
    const setSelect = h("select", {
      id: "hf-set",
      onchange: () => {
        open(setSelect.value);
        byId("hf-set")?.focus();
      },
    });
    const baseSelect = h(
      "select",
      { id: "hf-base", onchange: () => changeBase(baseSelect.value) },
      Object.values(state.variants).map((v) =>
        h("option", { value: v.id, selected: v.id === draft.base, text: v.name }),
      ),
    );
    const nameInput = h("input", {
      id: "hf-name",
      type: "text",
      maxlength: String(state.most.name),
      autocomplete: "off",
      value: draft.name,
      placeholder: "Grandma's rules",
      oninput: () => propose((d) => ({ ...d, name: nameInput.value })),
    });
    state.rows.clear();
    const sections = state.spec.map((section) =>
      h("fieldset", { class: "hf-config__section" }, h("legend", { text: section.title })),
    );
    fill(
      body,
      h(
        "section",
        { class: "hf-config__rules", "aria-labelledby": "hf-config-rules" },
        h("h2", { id: "hf-config-rules", text: "Your rules" }),
        h(
          "div",
          { class: "hf-sets" },
          h("div", { class: "hf-control" }, h("label", { for: "hf-set", text: "Rule set" }), setSelect),
          h(
            "div",
            { class: "hf-buttons" },
            h("button", { type: "button", class: "md-button", text: "New rule set", onclick: newSet }),
            h("button", {
              type: "button",
              id: "hf-delete-set",
              class: "md-button",
              text: "Delete this rule set",
              onclick: deleteSet,
            }),
          ),
        ),
        h("div", { class: "hf-control" }, h("label", { for: "hf-base", text: "Start from" }), baseSelect),
        h("div", { class: "hf-control" }, h("label", { for: "hf-name", text: "Name your rules" }), nameInput),
        h("p", { id: "hf-change-count" }),
        h("button", { type: "button", id: "hf-start-again", class: "md-button", onclick: startAgain }),
        h("p", { id: "hf-save-problem", class: "hf-error", role: "alert", hidden: true }),
        h("div", { id: "hf-actions" }),
        sections,
      ),
      h(
        "section",
        { class: "hf-config__preview", "aria-labelledby": "hf-preview-title" },
        h("h2", { id: "hf-preview-title", text: "Preview of the rule page" }),
        h("p", { id: "hf-preview-help", class: "hf-help" }),
        h(
          "article",
          { id: "hf-preview", class: "hf-preview", tabindex: "0", "aria-labelledby": "hf-preview-title" },
          h("p", { text: "The preview appears when the rules checker has loaded." }),
        ),
      ),
      h(
        "section",
        { class: "hf-config-sheet", "aria-labelledby": "hf-sheet-title" },
        h("h2", { id: "hf-sheet-title", class: "hf-no-print", text: "The table sheet" }),
        h("div", { id: "hf-sheet", class: "hf-sheet" }),
      ),
    );
    paint();
    paintActions();
    fillSections(sections);
  }

  // The rule controls, one section per frame, so that the page answers between them and no frame styles and lays out
  // the whole form: the first at once, the rest from the rules as they stand when their turn comes. A newer drawing
  // of the form stops an older one. The rules checker starts once the form is drawn.
  async function fillSections(fieldsets) {
    const drawing = ++state.drawings;
    for (const [index, section] of state.spec.entries()) {
      if (index) await nextFrame();
      if (drawing !== state.drawings) return;
      const draft = shown();
      fieldsets[index].append(...section.fields.map((field) => buildRow(field, draft)));
    }
    await nextTask();
    state.scorer.start();
  }

  // Brings everything on screen in line with the rules as shown, without touching a field being typed in.
  function paint({ force = false } = {}) {
    const draft = shown();
    const base = baseOf(draft);
    const typingIn = document.activeElement;
    const baseSelect = byId("hf-base");
    if (baseSelect && baseSelect !== typingIn) baseSelect.value = draft.base;
    const nameInput = byId("hf-name");
    if (nameInput && nameInput !== typingIn && nameInput.value !== draft.name) nameInput.value = draft.name;
    paintSets(draft);
    const count = Object.keys(draft.changes).length;
    const countLine = byId("hf-change-count");
    if (countLine)
      countLine.textContent = count
        ? `${count} ${count === 1 ? "rule differs" : "rules differ"} from ${base.name}.`
        : `Same as ${base.name} so far.`;
    paintLink();
    const again = byId("hf-start-again");
    if (again) {
      again.textContent = `Start again from ${base.name}`;
      again.disabled = !count;
    }
    const help = byId("hf-preview-help");
    if (help) help.textContent = `Rules that differ from ${base.name} are marked with a bar in the margin.`;
    for (const field of state.fields) {
      const row = state.rows.get(field.path);
      if (!row) continue;
      const value = valueOf(draft, field.path);
      const shape = rowShape(field);
      const typing = row.element.contains(typingIn) && typingIn.matches("input[type=text]");
      const rebuild =
        shape !== row.shape || (force && !typing) || (!typing && !row.refused && !sameValue(row.value, value));
      if (rebuild) {
        const had = row.element.contains(typingIn) ? typingIn.id : null;
        row.element.replaceWith(buildRow(field, draft));
        if (had) byId(had)?.focus();
      } else {
        markRow(row.element, field, value, marks(field, base));
      }
    }
  }

  function paintSets(draft) {
    const select = byId("hf-set");
    if (!select) return;
    const open = currentSet();
    const labels = state.sets.map((set) => setLabel(set === open ? { ...set, ...draft } : set, state.variants));
    const options = [...select.options];
    if (options.length !== state.sets.length || options.some((option, i) => option.value !== state.sets[i].id)) {
      fill(
        select,
        state.sets.map((set, i) => h("option", { value: set.id, selected: set.id === state.current, text: labels[i] })),
      );
    } else {
      options.forEach((option, i) => {
        if (option.textContent !== labels[i]) option.textContent = labels[i];
      });
    }
    select.value = state.current;
    byId("hf-delete-set").disabled = state.sets.length === 1 && isBlank({ ...open, ...draft }, state.variants);
  }

  function marks(field, base) {
    return {
      original: getRule(base, field.path),
      originalWords: state.words[base.id]?.[field.path],
      originalName: base.name,
      changedWord: "Changed",
    };
  }

  // The rounds and the kinds of book the controls list come from handfoot's sheet form of the rules last checked
  // (the base's own form until the checker has answered).
  function form() {
    return state.form ?? state.sheets[accepted().base];
  }

  // What, besides its value, a row is drawn from: the rounds and the kinds of book, for the rules that list them.
  function rowShape(field) {
    const type = field.control.type;
    if (type === "per_round") return String(form().rounds.listed);
    if (type === "book_counts") return JSON.stringify([form().rounds.listed, form().book_kinds]);
    return "";
  }

  function buildRow(field, draft) {
    const value = valueOf(draft, field.path);
    const entry = { value, shape: rowShape(field), refused: false, element: null };
    entry.element = ruleRow(field, value, {
      id: controlId(field.path),
      rounds: form().rounds.listed,
      bookKinds: form().book_kinds,
      ...marks(field, baseOf(shown())),
      onValue: (typed, message, { shown: displayed }) => {
        if (displayed) entry.value = typed;
        entry.refused = false;
        setRule(field, typed, message, !displayed);
      },
    });
    state.rows.set(field.path, entry);
    return entry.element;
  }

  function setRule(field, value, message, force) {
    clearProblems(field.path);
    propose(
      (draft) => {
        const changes = { ...draft.changes, [field.path]: value };
        if (sameValue(getRule(baseOf(draft), field.path), value)) delete changes[field.path];
        return { ...draft, changes };
      },
      { path: field.path, message, force },
    );
  }

  function changeBase(id) {
    propose(
      (draft) => {
        const variant = state.variants[id];
        const changes = Object.fromEntries(
          Object.entries(draft.changes).filter(([path, value]) => !sameValue(getRule(variant, path), value)),
        );
        return { ...draft, base: id, changes };
      },
      { force: true },
    );
  }

  function startAgain() {
    propose((draft) => ({ ...draft, changes: {} }), { force: true });
  }

  function newSet() {
    const set = blankSet(state.default);
    state.sets = [...state.sets, set];
    open(set.id);
    persist();
    byId("hf-name")?.focus();
  }

  function deleteSet() {
    const set = currentSet();
    const index = state.sets.indexOf(set);
    const gone = { ...set, ...shown() };
    state.sets = state.sets.filter((other) => other !== set);
    if (!state.sets.length) state.sets.push(blankSet(state.default));
    open(state.sets[Math.min(index, state.sets.length - 1)].id);
    persist();
    const back = h("button", {
      type: "button",
      class: "md-button",
      text: "Bring it back",
      onclick: () => {
        back.closest("p")?.remove();
        state.sets = [...state.sets, gone];
        open(gone.id);
        persist();
      },
    });
    notify(`Deleted the rule set "${setLabel(gone, state.variants)}". `, back);
    byId("hf-set")?.focus();
  }

  // Why the rules on screen cannot go into a link or a file yet, or null: a value typed that is not one yet, or a
  // change handfoot refused. Changes still waiting for handfoot's check go in; the page the link opens checks them.
  function notCarried() {
    const typed = body.querySelector(".hf-config__rules [data-unsettled]");
    if (typed) {
      const field = fieldOf(typed.closest("[data-path]").dataset.path);
      const shown = typed.value.trim() ? `shows "${typed.value}", which is not a value yet` : "is empty";
      return `"${field.label}" ${shown}: finish it first.`;
    }
    const refused = [...state.rows.entries()].find(([, row]) => row.refused);
    if (refused) return `"${fieldOf(refused[0]).label}" shows a choice that was not applied: change it first.`;
    return null;
  }

  // The share link of the rules on screen, with why it leaves something out.
  function paintLink() {
    const input = byId("hf-share-link");
    if (!input) return;
    const draft = shown();
    const link = shareUrl(draft);
    if (input.value !== link) input.value = link;
    // For a link opened otherwise than by a tap (a long press, a middle click).
    for (const follow of body.querySelectorAll("a[data-page]")) {
      follow.href = siteUrl(`${follow.dataset.page}#rules=${encodeRuleset(draft)}`);
    }
    const why = notCarried();
    const note = byId("hf-share-note");
    note.textContent = why ? `This link leaves out what is not applied: ${why}` : "";
    note.hidden = !why;
  }

  // A link or a file of the rules as they are on screen at the tap; when they cannot go in yet, the reason instead.
  function carry(message, use) {
    const why = notCarried();
    message.textContent = why ? `Not yet: ${why}` : "";
    if (!why) use(shown());
    return !why;
  }

  function paintActions() {
    const target = byId("hf-actions");
    if (!target) return;
    const message = h("p", { id: "hf-actions-message", class: "hf-share__message", role: "status" });
    const follow = (page, text) =>
      h("a", {
        class: "md-button",
        href: siteUrl(page),
        "data-page": page,
        text,
        onclick: (event) => {
          const link = event.currentTarget;
          if (!carry(message, (draft) => (link.href = siteUrl(`${page}#rules=${encodeRuleset(draft)}`)))) {
            event.preventDefault();
          }
        },
      });
    const linkInput = h("input", { id: "hf-share-link", type: "text", readonly: true, value: "" });
    fill(
      target,
      h("h3", { text: "Use your rules" }),
      h(
        "div",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          class: "md-button md-button--primary",
          text: "Print the sheet",
          onclick: () => window.print(),
        }),
        follow("keeper/", "Score with these rules"),
        follow("helper/", "Ask the rule helper"),
        h("button", {
          type: "button",
          class: "md-button",
          text: "Download as YAML",
          onclick: () => carry(message, (draft) => downloadYaml(draft, message)),
        }),
      ),
      message,
      h("label", { for: "hf-share-link", text: "Share link (opens these rules exactly)" }),
      linkInput,
      h("p", { id: "hf-share-note", class: "hf-error", hidden: true }),
      h("button", {
        type: "button",
        class: "md-button",
        text: "Copy the link",
        onclick: () =>
          carry(message, async (draft) => {
            const link = shareUrl(draft);
            try {
              await navigator.clipboard.writeText(link);
              message.textContent = "Link copied.";
            } catch {
              linkInput.select();
              message.textContent = "Select the link above and copy it.";
            }
          }),
      }),
    );
    paintLink();
  }

  // handfoot writes the file (variant_file), as the build reads it.
  async function downloadYaml(draft, message) {
    try {
      await state.scorer.ready;
      const file = await state.scorer.call("variant_file", rulesOf(draft));
      download(file.file_name, file.text, "application/yaml");
    } catch (error) {
      if (error.type !== "failed") throw error;
      message.textContent = `The file cannot be written now: ${scorerMissing("the rules checker")} Copy the share link to keep these rules.`;
    }
  }

  async function refresh() {
    if (state.scorer.state === "failed") return;
    const preview = ++state.previews;
    const draft = accepted();
    try {
      await state.scorer.ready;
      const described = await state.scorer.call("describe_variant", rulesOf(draft), baseOf(draft));
      for (const [id, template] of [
        ["hf-preview", "rule_body"],
        ["hf-sheet", "sheet_body"],
      ]) {
        if (preview !== state.previews) return;
        const target = byId(id);
        if (target) await renderInto(target, runtime, template, described, () => preview !== state.previews);
      }
    } catch (error) {
      if (error.type === "failed") return;
      console.error(error);
      byId("hf-preview")?.replaceChildren(
        h("p", { class: "hf-error", text: `The preview could not be made: ${error.message}` }),
      );
    }
  }
}
