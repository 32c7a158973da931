// The house-rules configurator: start from a published variant, change any rule, see the rule page and the sheet,
// then print, share, score or download them. handfoot in Pyodide validates and describes; the shared templates word.
import { fill, h, readRuntime, siteUrl } from "../dom.mjs";
import { ruleRow } from "../controls.mjs";
import { getScorer } from "../scorer.mjs";
import { renderInto } from "../preview.mjs";
import {
  RulesetProblem,
  buildMapping,
  decodeRuleset,
  encodeRuleset,
  getRule,
  sameValue,
  slug,
  toYaml,
} from "../rulesets.mjs";

const DRAFT = "handfoot.configurator.draft";

export function mountConfigurator(root) {
  const runtime = readRuntime();
  const state = { variants: null, spec: null, draft: null, scorer: null, checks: 0, previews: 0 };
  const status = h("p", { class: "hf-status", role: "status", text: "Getting the rules ready…" });
  const notices = h("div", { class: "hf-notices", role: "alert" });
  const body = h("div", { class: "hf-config" });
  fill(root, status, notices, body);
  state.scorer = getScorer({ pyodideUrl: siteUrl(runtime.pyodide), zipUrl: siteUrl(runtime.handfoot_zip) });
  const fetchJson = (path) =>
    fetch(siteUrl(path)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${path}: ${r.status}`))));
  Promise.all([fetchJson(runtime.variants_json), fetchJson(runtime.spec_json)]).then(
    ([variants, spec]) => {
      state.variants = variants.variants;
      state.spec = spec;
      state.default = variants.default;
      start();
    },
    (error) => {
      status.textContent = `The rules could not be loaded (${error.message}). Reload the page to try again.`;
    },
  );

  const paths = () => new Set(state.spec.flatMap((section) => section.fields.map((f) => f.path)));
  const base = () => state.variants[state.draft.base];
  const shareUrl = (draft = state.draft) => `${siteUrl("configurator/")}#rules=${encodeRuleset(draft)}`;
  const mapping = (draft = state.draft) => buildMapping(state.variants[draft.base], draft, shareUrl(draft));

  function notify(text) {
    notices.append(h("p", { text }));
  }

  function saved() {
    try {
      const draft = JSON.parse(localStorage.getItem(DRAFT));
      return decodeRuleset(encodeRuleset(draft), { variants: state.variants, paths: paths() });
    } catch {
      return null;
    }
  }

  async function start() {
    const fallback = saved() ?? { base: state.default, name: "", changes: {} };
    state.draft = fallback;
    const hash = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (hash !== null) {
      try {
        state.draft = decodeRuleset(hash, { variants: state.variants, paths: paths() });
      } catch (error) {
        if (!(error instanceof RulesetProblem)) throw error;
        notify(
          `This rules link is damaged or was changed (${error.message}), so it was not opened. Your saved rules are shown instead.`,
        );
      }
      history.replaceState(null, "", location.pathname);
    }
    render();
    state.scorer.onState((scorerState) => {
      if (scorerState === "ready")
        status.textContent = "Ready. Every change is checked, saved on this device and shown in the preview.";
      else if (scorerState === "loading")
        status.textContent =
          "Loading the rules checker… You can change rules now; the preview follows when it is ready.";
      else
        status.textContent =
          "The rules checker could not start in this browser, so changes cannot be checked or previewed. Your choices are still saved.";
    });
    try {
      await state.scorer.ready;
      await state.scorer.call("validate_variant", mapping());
    } catch (error) {
      if (error.type === "VariantError" && state.draft !== fallback) {
        notify(`The rules in this link are not possible (${error.message}). Your saved rules are shown instead.`);
        state.draft = fallback;
        render();
      } else if (error.type !== "failed") {
        notify(`These rules could not be checked: ${error.message}`);
      }
    }
    save();
    refresh();
  }

  function save() {
    localStorage.setItem(DRAFT, JSON.stringify(state.draft));
  }

  function render() {
    const focused = document.activeElement?.id;
    const current = mapping();
    const count = Object.keys(state.draft.changes).length;
    const rounds =
      current.rules.rounds.count ??
      (Array.isArray(current.rules.opening.minimums) ? current.rules.opening.minimums.length : 4);
    const kinds = [
      ["clean", "clean"],
      ["dirty", "dirty"],
      ...(current.rules.books.wild === null ? [] : [["wild", "wild"]]),
    ]
      .concat(Object.entries(current.rules.books.extra).map(([id, book]) => [id, book.label]))
      .map(([id, label]) => ({ id, label }));
    const baseSelect = h(
      "select",
      { id: "hf-base", onchange: () => changeBase(baseSelect.value) },
      Object.values(state.variants).map((v) =>
        h("option", { value: v.id, selected: v.id === state.draft.base, text: v.name }),
      ),
    );
    const nameInput = h("input", {
      id: "hf-name",
      type: "text",
      maxlength: "60",
      autocomplete: "off",
      value: state.draft.name,
      placeholder: "Grandma's rules",
      oninput: () => {
        state.draft = { ...state.draft, name: nameInput.value };
        save();
        paintActions();
        refresh();
      },
    });
    const sections = state.spec.map((section) =>
      h(
        "fieldset",
        { class: "hf-config__section" },
        h("legend", { text: section.title }),
        section.fields.map((field) => fieldControl(field, current, rounds, kinds)),
      ),
    );
    fill(
      body,
      h(
        "section",
        { class: "hf-config__rules", "aria-labelledby": "hf-config-rules" },
        h("h2", { id: "hf-config-rules", text: "Your rules" }),
        h("div", { class: "hf-control" }, h("label", { for: "hf-base", text: "Start from" }), baseSelect),
        h("div", { class: "hf-control" }, h("label", { for: "hf-name", text: "Name your rules" }), nameInput),
        h("p", { id: "hf-change-count", text: changesText(count) }),
        h("button", {
          type: "button",
          class: "md-button",
          text: `Start again from ${base().name}`,
          disabled: !count,
          onclick: () => {
            state.draft = { ...state.draft, changes: {} };
            save();
            render();
            refresh();
          },
        }),
        h("div", { id: "hf-actions" }),
        sections,
      ),
      h(
        "section",
        { class: "hf-config__preview", "aria-labelledby": "hf-preview-title" },
        h("h2", { id: "hf-preview-title", text: "Preview of the rule page" }),
        h("p", {
          class: "hf-help",
          text: `Rules that differ from ${base().name} are marked with a bar in the margin.`,
        }),
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
    paintActions();
    if (focused) document.getElementById(focused)?.focus();
  }

  function changesText(count) {
    return count
      ? `${count} ${count === 1 ? "rule differs" : "rules differ"} from ${base().name}.`
      : `Same as ${base().name} so far.`;
  }

  function fieldControl(field, current, rounds, kinds) {
    return ruleRow(field, getRule(current, field.path), {
      id: `hf-rule-${field.path.replace(".", "-")}`,
      rounds,
      bookKinds: kinds,
      original: getRule(base(), field.path),
      originalName: base().name,
      changedWord: "Changed",
      onValue: (value, message) => setRule(field, value, message),
    });
  }

  async function changeBase(id) {
    const variant = state.variants[id];
    const changes = Object.fromEntries(
      Object.entries(state.draft.changes).filter(([path, value]) => !sameValue(getRule(variant, path), value)),
    );
    await apply({ ...state.draft, base: id, changes }, null);
  }

  async function setRule(field, value, message) {
    const changes = { ...state.draft.changes, [field.path]: value };
    if (sameValue(getRule(base(), field.path), value)) delete changes[field.path];
    await apply({ ...state.draft, changes }, message);
  }

  async function apply(draft, message) {
    if (message)
      message.textContent = state.scorer.state === "ready" ? "" : "Checking when the rules checker has loaded…";
    const check = ++state.checks;
    try {
      await state.scorer.ready;
      await state.scorer.call("validate_variant", mapping(draft));
    } catch (error) {
      if (check !== state.checks) return;
      const problem = String(error.message).replace(/^[^:]*: [a-z_]+\.[a-z_]+(\[\d+\])?: /, "");
      const target =
        document.getElementById(`hf-rule-${String(error.field).split("[")[0].replace(".", "-")}-error`) ?? message;
      if (target)
        target.textContent =
          error.type === "VariantError" ? `${problem}. Not applied.` : `This cannot be checked now: ${problem}`;
      if (message && target !== message)
        message.textContent = `Not applied: it clashes with ${labelOf(error.field)} (see there).`;
      return;
    }
    if (check !== state.checks) return;
    for (const error of document.querySelectorAll(".hf-config .hf-error")) error.textContent = "";
    state.draft = draft;
    save();
    render();
    refresh();
  }

  function labelOf(path) {
    const field = state.spec.flatMap((s) => s.fields).find((f) => f.path === String(path).split("[")[0]);
    return field ? `"${field.label}"` : "another rule";
  }

  function paintActions() {
    const target = document.getElementById("hf-actions");
    if (!target) return;
    const current = mapping();
    const link = shareUrl();
    const linkInput = h("input", { id: "hf-share-link", type: "text", readonly: true, value: link });
    const message = h("p", { class: "hf-share__message", role: "status" });
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
        h("a", {
          class: "md-button",
          href: siteUrl(`keeper/#rules=${encodeRuleset(state.draft)}`),
          text: "Score with these rules",
        }),
        h("button", {
          type: "button",
          class: "md-button",
          text: "Download as YAML",
          onclick: () => downloadYaml(current),
        }),
      ),
      h("label", { for: "hf-share-link", text: "Share link (opens these rules exactly)" }),
      linkInput,
      h("button", {
        type: "button",
        class: "md-button",
        text: "Copy the link",
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
            message.textContent = "Link copied.";
          } catch {
            linkInput.select();
            message.textContent = "Select the link above and copy it.";
          }
        },
      }),
      message,
    );
  }

  function downloadYaml(current) {
    const url = URL.createObjectURL(new Blob([toYaml(current)], { type: "application/yaml" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `${slug(current.name)}.yaml` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function refresh() {
    if (state.scorer.state === "failed") return;
    const preview = ++state.previews;
    try {
      await state.scorer.ready;
      const described = await state.scorer.call("describe_variant", mapping(), base());
      if (preview !== state.previews) return;
      await renderInto(document.getElementById("hf-preview"), runtime, "rule_body", described);
      await renderInto(document.getElementById("hf-sheet"), runtime, "sheet_body", described);
    } catch (error) {
      if (error.type === "failed") return;
      console.error(error);
      document
        .getElementById("hf-preview")
        ?.replaceChildren(h("p", { class: "hf-error", text: `The preview could not be made: ${error.message}` }));
    }
  }
}
