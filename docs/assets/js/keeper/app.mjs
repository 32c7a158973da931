// The score keeper: games typed in at the table, kept on this device, scored by handfoot in Pyodide.
import { fill, formatPoints, h, readRuntime, siteUrl } from "../dom.mjs";
import { parseWhole, ruleRow } from "../controls.mjs";
import { getScorer } from "../scorer.mjs";
import { paintResults } from "./results.mjs";
import { scoreGame } from "./score.mjs";
import { shareSection } from "./share.mjs";
import {
  MAX_NAME,
  MAX_TEAMS,
  MIN_TEAMS,
  applyHouse,
  bookFields,
  change,
  effective,
  entryFields,
  inputsKey,
  isEntered,
  label,
  newGame,
  perRound,
  roundCount,
  setEntry,
  undo,
} from "./model.mjs";
import { RulesetProblem, buildMapping, decodeRuleset } from "../rulesets.mjs";
import { currentId, deleteGame, gameKey, loadAll, readGame, saveGame, setCurrent } from "./store.mjs";

const ENTRY_SPEC = { min: 0, max: 99999, none: "empty" };
const MAX_CARD_COUNT = 999;
const COUNT_GROUPS = [
  ["jokers", "Jokers"],
  ["twos", "Twos"],
  ["aces", "Aces"],
  ["high", "Eight to king"],
  ["low", "Four to seven"],
  ["black_threes", "Black threes"],
];
const UNEDITABLE = new Set(["extra_books", "score_ladder"]);

export function mountKeeper(root) {
  const state = { variants: null, spec: null, game: null, games: [], scorer: null, notices: [], timer: 0, run: 0 };

  const status = h("p", { class: "hf-status", role: "status", text: "Getting the rules ready…" });
  const notices = h("div", { class: "hf-notices", role: "alert" });
  const body = h("div", { class: "hf-keeper__body" });
  fill(root, status, notices, body);

  const runtime = readRuntime();
  const fetchJson = (path) =>
    fetch(siteUrl(path)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${path}: ${r.status}`))));
  state.scorer = getScorer({ pyodideUrl: siteUrl(runtime.pyodide), zipUrl: siteUrl(runtime.handfoot_zip) });

  Promise.all([fetchJson(runtime.variants_json), fetchJson(runtime.spec_json)]).then(
    ([variants, spec]) => {
      state.variants = variants;
      state.spec = spec;
      start();
    },
    (error) => {
      status.textContent = `The rules could not be loaded (${error.message}). Reload the page to try again.`;
    },
  );

  function start() {
    const { games, problems } = loadAll();
    state.games = games;
    notify(...problems);
    const wanted = new URLSearchParams(location.search).get("variant");
    const current = games.find((g) => g.id === currentId()) ?? games[0];
    if (wanted && state.variants.variants[wanted]) {
      const unused = current && !current.rounds.some((round) => round.some(isEntered)) && current.variantId === wanted;
      state.game = unused ? current : newGame(state.variants.variants[wanted]);
      history.replaceState(null, "", location.pathname);
    } else if (wanted) {
      notify(`There are no rules called "${wanted}"; your saved game is open instead.`);
      state.game = current ?? newGame(state.variants.variants[state.variants.default]);
    } else {
      state.game = current ?? newGame(state.variants.variants[state.variants.default]);
    }
    persist();
    render();
    state.scorer.onState(showScorerState);
    window.addEventListener("storage", onStorage);
    const shared = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (shared !== null) {
      history.replaceState(null, "", location.pathname);
      openRuleset(shared);
    }
  }

  async function openRuleset(encoded) {
    const paths = new Set(state.spec.flatMap((section) => section.fields.map((f) => f.path)));
    let mapping;
    try {
      const draft = decodeRuleset(encoded, { variants: state.variants.variants, paths });
      const rulesUrl = siteUrl(`configurator/#rules=${encoded}`);
      mapping = buildMapping(state.variants.variants[draft.base], draft, rulesUrl);
      status.textContent = "Checking the rules from the link…";
      await state.scorer.ready;
      await state.scorer.call("validate_variant", mapping);
      state.game = { ...newGame(mapping), rulesUrl };
    } catch (error) {
      const why = error instanceof RulesetProblem ? error.message : (error.message ?? String(error));
      notify(`The rules link could not be used (${why}). Your saved game is open instead.`);
      showScorerState(state.scorer.state);
      return;
    }
    persist();
    render();
    showScorerState(state.scorer.state);
    scheduleRescore();
  }

  function notify(...messages) {
    state.notices.push(...messages);
    fill(notices, ...state.notices.map((text) => h("p", { text })));
  }

  function showScorerState(scorerState) {
    if (scorerState === "loading") {
      status.textContent = "Loading the scorer… You can type now; totals show as soon as it is ready.";
    } else if (scorerState === "ready") {
      status.textContent = "Scorer ready. Every change is saved on this device as you type.";
      rescore();
    } else {
      status.textContent =
        "The scorer could not start in this browser, so totals cannot be worked out now. Everything you type is still saved on this device.";
      status.classList.add("hf-status--failed");
      paintResults(state.game, state.scorer.state);
    }
  }

  function persist() {
    saveGame(state.game);
    setCurrent(state.game.id);
    state.games = [state.game, ...state.games.filter((g) => g.id !== state.game.id)];
  }

  function commit(next, { reshape = false } = {}) {
    state.game = next;
    persist();
    if (reshape) render();
    else paintChrome();
    scheduleRescore();
  }

  function onStorage(event) {
    if (!root.isConnected) {
      window.removeEventListener("storage", onStorage);
      return;
    }
    if (event.key !== gameKey(state.game.id) || event.newValue === null) return;
    const { game } = readGame(event.key);
    if (!game) return;
    const focused = document.activeElement?.id;
    state.game = game;
    render();
    if (focused) document.getElementById(focused)?.focus();
  }

  // Rendering: the whole page when its shape changes, only results and buttons on each keystroke.

  function render() {
    const game = state.game;
    const mapping = effective(game);
    const rounds = roundCount(game, mapping);
    fill(
      body,
      gameSection(game, mapping),
      totalsSection(game),
      ...Array.from({ length: rounds }, (_, r) => roundSection(game, mapping, r)),
      houseSection(game, mapping),
      savedSection(),
      shareSection({
        getGame: () => state.game,
        spec: state.spec,
        scorer: state.scorer,
        onImport: (imported) => {
          state.game = imported;
          persist();
          render();
          scheduleRescore();
        },
      }),
    );
    paintChrome();
    paintResults(state.game, state.scorer.state);
  }

  function paintChrome() {
    const undoButton = document.getElementById("hf-undo");
    if (undoButton) undoButton.disabled = !state.game.history.length;
  }

  function gameSection(game, mapping) {
    const hasEntries = game.rounds.some((round) => round.some(isEntered));
    const names = game.teams.map((name, t) =>
      h(
        "label",
        { class: "hf-team-name" },
        h("span", { text: `Name of ${teamWord(mapping)} ${t + 1}` }),
        h("input", {
          id: `hf-team-${t}`,
          type: "text",
          value: name,
          maxlength: String(MAX_NAME),
          autocomplete: "off",
          oninput: (event) => renameTeam(t, event.target),
        }),
      ),
    );
    const variantSelect = h(
      "select",
      { id: "hf-new-variant" },
      Object.values(state.variants.variants).map((v) =>
        h("option", { value: v.id, selected: v.id === game.variantId, text: v.name }),
      ),
    );
    return h(
      "section",
      { class: "hf-game", "aria-labelledby": "hf-game-title" },
      h("h2", { id: "hf-game-title", text: "This game" }),
      h(
        "p",
        {},
        "Rules: ",
        h("a", { href: game.rulesUrl ?? siteUrl(`rules/${game.variantId}/`), text: mapping.name }),
        Object.keys(game.house).length ? h("strong", { class: "hf-house-flag", text: " with house values" }) : null,
      ),
      h(
        "fieldset",
        { class: "hf-teams-setup" },
        h("legend", { text: mapping.rules.players.team_size > 1 ? "Teams" : "Players" }),
        names,
        h(
          "div",
          { class: "hf-buttons" },
          h("button", {
            type: "button",
            class: "md-button",
            text: `Add a ${teamWord(mapping)}`,
            disabled: hasEntries || game.teams.length >= MAX_TEAMS,
            onclick: () =>
              commit(
                change(state.game, (g) => g.teams.push(`${capital(teamWord(mapping))} ${g.teams.length + 1}`)),
                { reshape: true },
              ),
          }),
          h("button", {
            type: "button",
            class: "md-button",
            text: `Remove the last ${teamWord(mapping)}`,
            disabled: hasEntries || game.teams.length <= MIN_TEAMS,
            onclick: () =>
              commit(
                change(state.game, (g) => g.teams.pop()),
                { reshape: true },
              ),
          }),
        ),
        hasEntries ? h("p", { class: "hf-help", text: "Teams are fixed once a round has scores." }) : null,
      ),
      h(
        "div",
        { class: "hf-buttons" },
        h("button", {
          type: "button",
          id: "hf-undo",
          class: "md-button md-button--primary",
          text: "Undo the last change",
          onclick: onUndo,
        }),
      ),
      h(
        "div",
        { class: "hf-new-game" },
        h("label", { for: "hf-new-variant", text: "Rules for a new game" }),
        variantSelect,
        h(
          "div",
          { class: "hf-buttons" },
          h("button", {
            type: "button",
            class: "md-button",
            text: "New game",
            onclick: () => startGame(variantSelect.value, null),
          }),
          h("button", {
            type: "button",
            class: "md-button",
            text: "New game, same teams",
            onclick: () => startGame(variantSelect.value, [...state.game.teams]),
          }),
        ),
      ),
    );
  }

  function teamWord(mapping) {
    return mapping.rules.players.team_size > 1 ? "team" : "player";
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function renameTeam(t, input) {
    const name = input.value;
    const error = document.getElementById(`hf-team-${t}-error`);
    error?.remove();
    if (!name.trim()) {
      input.setAttribute("aria-invalid", "true");
      input.after(
        h("span", {
          id: `hf-team-${t}-error`,
          class: "hf-error",
          text: "A name cannot be empty; the old name is kept.",
        }),
      );
      return;
    }
    input.removeAttribute("aria-invalid");
    state.game = change(state.game, (g) => (g.teams[t] = name));
    persist();
    for (const element of document.querySelectorAll(`[data-team-name="${t}"]`)) element.textContent = name;
    paintChrome();
  }

  function startGame(variantId, teams) {
    const variant = state.variants.variants[variantId];
    const game = newGame(variant, teams && teams.length >= MIN_TEAMS ? teams : null);
    state.game = game;
    persist();
    render();
    scheduleRescore();
    document.getElementById("hf-game-title")?.focus();
  }

  function onUndo() {
    state.game = undo(state.game);
    persist();
    render();
    scheduleRescore();
    document.getElementById("hf-undo")?.focus();
  }

  function totalsSection(game) {
    return h(
      "section",
      { class: "hf-totals", "aria-labelledby": "hf-totals-title" },
      h("h2", { id: "hf-totals-title", text: "Running totals" }),
      h("div", { id: "hf-totals-body", "aria-live": "polite" }),
    );
  }

  function roundSection(game, mapping, r) {
    const number = r + 1;
    const minimum = mapping.rules.opening.by_score
      ? "First meld set by each team's score"
      : `First meld at least ${formatPoints(perRound(mapping.rules.opening.minimums, number))}`;
    const books = perRound(mapping.rules.going_out.books, number);
    const kinds = bookFields(mapping);
    const booksText = kinds
      .filter((k) => books[k.kind])
      .map((k) => `${books[k.kind]} ${k.label.replace(/ books$/, "").toLowerCase()}`)
      .join(", ");
    return h(
      "section",
      { class: "hf-round", "aria-labelledby": `hf-round-${r}` },
      h("h2", { id: `hf-round-${r}`, text: `Round ${number}` }),
      h("p", { class: "hf-round__rules", text: `${minimum} · To go out: ${booksText || "no books"}` }),
      h(
        "div",
        { class: "hf-round__teams" },
        game.teams.map((name, t) => teamFieldset(game, mapping, r, t, name)),
      ),
    );
  }

  function teamFieldset(game, mapping, r, t, name) {
    const entry = game.rounds[r]?.[t] ?? {};
    const prefix = `r${r}-t${t}`;
    const fields = entryFields(mapping).map((field) => {
      const id = `${prefix}-${field.key}`;
      const input = h("input", {
        id,
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        value: entry[field.key] === null || entry[field.key] === undefined ? "" : String(entry[field.key]),
        "aria-describedby": `${id}-error`,
        oninput: () => onEntry(r, t, field.key, input),
      });
      return [
        h(
          "div",
          { class: "hf-field" },
          h("label", { for: id, text: field.label }),
          input,
          h("span", { id: `${id}-error`, class: "hf-error" }),
        ),
        field.counter ? counter(r, t, field.counter, input) : null,
      ];
    });
    const outId = `${prefix}-went_out`;
    const out = h("input", {
      id: outId,
      type: "checkbox",
      checked: Boolean(entry.went_out),
      onchange: () => {
        commit(setEntry(state.game, r, t, "went_out", out.checked));
        state.game.rounds[r].forEach((other, index) => {
          const box = document.getElementById(`r${r}-t${index}-went_out`);
          if (box) box.checked = other.went_out;
        });
      },
    });
    return h(
      "fieldset",
      { class: "hf-team-round" },
      h("legend", { "data-team-name": String(t), text: name }),
      mapping.rules.opening.by_score ? h("p", { id: `${prefix}-minimum`, class: "hf-help" }) : null,
      h("div", { class: "hf-fields" }, fields),
      h("div", { class: "hf-field hf-field--check" }, out, h("label", { for: outId, text: "Went out" })),
      h("div", { id: `${prefix}-result`, class: "hf-result", "aria-live": "polite" }),
    );
  }

  function onEntry(r, t, key, input) {
    const error = document.getElementById(`${input.id}-error`);
    const parsed = parseWhole(input.value, ENTRY_SPEC);
    if (parsed.error) {
      input.setAttribute("aria-invalid", "true");
      error.textContent = input.value.trim().startsWith("-")
        ? "Enter 0 or more; points left in hand are taken off for you."
        : "Enter a whole number, like 3. This entry is not saved until it is one.";
      return;
    }
    input.removeAttribute("aria-invalid");
    error.textContent = "";
    commit(setEntry(state.game, r, t, key, parsed.value));
  }

  function counter(r, t, kind, target) {
    const groups = COUNT_GROUPS.filter(([key]) => kind === "left" || key !== "black_threes");
    const prefix = `r${r}-t${t}-${kind}-count`;
    const inputs = groups.map(([key, words]) =>
      h(
        "label",
        { class: "hf-count" },
        h("span", { text: words }),
        h("input", { id: `${prefix}-${key}`, type: "text", inputmode: "numeric", autocomplete: "off", value: "" }),
      ),
    );
    const message = h("span", { class: "hf-error", role: "status" });
    const use = async () => {
      const counts = {};
      for (const [key] of groups) {
        const text = document.getElementById(`${prefix}-${key}`).value;
        const parsed = parseWhole(text || "0", { min: 0, max: MAX_CARD_COUNT });
        if (parsed.error) {
          message.textContent = `${groups.find(([k]) => k === key)[1]}: ${parsed.error}`;
          return;
        }
        counts[key] = parsed.value;
      }
      if (state.scorer.state !== "ready") {
        message.textContent = "The counter needs the scorer, which is still loading.";
        return;
      }
      try {
        const points = await state.scorer.call("card_points", effective(state.game), counts, kind === "left");
        message.textContent = `${formatPoints(points)} points.`;
        target.value = String(points);
        onEntry(r, t, kind, target);
      } catch (error) {
        message.textContent = error.message;
      }
    };
    return h(
      "details",
      { class: "hf-counter" },
      h("summary", { text: kind === "left" ? "Count the cards left" : "Count the melded cards" }),
      h("div", { class: "hf-counter__inputs" }, inputs),
      h("button", { type: "button", class: "md-button", text: "Use these counts", onclick: use }),
      message,
    );
  }

  function houseSection(game, mapping) {
    const rounds = roundCount(game, mapping);
    const kinds = bookFields(mapping).map((field) => ({
      id: field.kind,
      label: field.label.replace(/ books$/, "").toLowerCase(),
    }));
    const fields = state.spec
      .flatMap((section) => section.fields)
      .filter((f) => f.scoring && !UNEDITABLE.has(f.control.type));
    const controls = fields.map((field) => {
      const [section, key] = field.path.split(".");
      return ruleRow(field, mapping.rules[section][key], {
        id: `hf-house-${field.path.replace(".", "-")}`,
        rounds,
        bookKinds: kinds,
        original: game.base.rules[section][key],
        originalName: game.base.name,
        changedWord: "House value",
        onValue: (value, message) => setHouse(field, value, message),
      });
    });
    const count = Object.keys(game.house).length;
    return h(
      "details",
      { class: "hf-house-values", open: count > 0 },
      h("summary", { text: count ? `House values (${count} changed)` : "House values" }),
      h("p", {
        text: `Change any value the score depends on. Changed values are marked; ${game.base.name}'s values are one click away.`,
      }),
      h("button", {
        type: "button",
        class: "md-button",
        text: `Reset to ${game.base.name}`,
        disabled: !count,
        onclick: () =>
          commit(
            change(state.game, (g) => (g.house = {})),
            { reshape: true },
          ),
      }),
      h("div", { class: "hf-house__list" }, controls),
    );
  }

  async function setHouse(field, value, message) {
    const [section, key] = field.path.split(".");
    const house = { ...state.game.house, [field.path]: value };
    if (JSON.stringify(state.game.base.rules[section][key]) === JSON.stringify(value)) delete house[field.path];
    message.textContent = state.scorer.state === "ready" ? "" : "Checking this value when the scorer has loaded…";
    try {
      await state.scorer.ready;
      await state.scorer.call("validate_variant", applyHouse(state.game.base, house));
    } catch (error) {
      const text = String(error.message).replace(/^[^:]*: [a-z_]+\.[a-z_]+(\[\d+\])?: /, "");
      message.textContent =
        error.type === "VariantError" ? `${text}. Not applied.` : `This value cannot be checked now: ${text}`;
      return;
    }
    const focused = document.activeElement?.id;
    commit(
      change(state.game, (g) => (g.house = house)),
      { reshape: true },
    );
    if (focused) document.getElementById(focused)?.focus();
  }

  function savedSection() {
    const items = state.games.map((game) =>
      h(
        "li",
        {},
        h("span", { text: game.id === state.game.id ? `${label(game)} (open)` : label(game) }),
        h(
          "span",
          { class: "hf-buttons" },
          h("button", {
            type: "button",
            class: "md-button",
            text: "Resume",
            disabled: game.id === state.game.id,
            onclick: () => {
              state.game = game;
              persist();
              render();
              scheduleRescore();
            },
          }),
          h("button", {
            type: "button",
            class: "md-button",
            text: "Delete",
            "aria-label": `Delete ${label(game)}`,
            onclick: () => removeGame(game),
          }),
        ),
      ),
    );
    return h(
      "details",
      { class: "hf-saved" },
      h("summary", { text: `Saved games on this device (${state.games.length})` }),
      h("ul", { class: "hf-saved__list" }, items),
    );
  }

  function removeGame(game) {
    if (!window.confirm(`Delete the game ${label(game)}? This cannot be undone.`)) return;
    deleteGame(game.id);
    state.games = state.games.filter((g) => g.id !== game.id);
    if (game.id === state.game.id) {
      state.game = state.games[0] ?? newGame(state.variants.variants[state.variants.default]);
      persist();
    }
    render();
    scheduleRescore();
  }

  // Scoring runs in the worker; the page only paints what it returns.

  function scheduleRescore() {
    clearTimeout(state.timer);
    state.timer = setTimeout(rescore, 120);
  }

  async function rescore() {
    const game = state.game;
    if (state.scorer.state !== "ready" || game.cache?.key === inputsKey(game)) {
      paintResults(game, state.scorer.state);
      return;
    }
    const run = ++state.run;
    try {
      const cache = await scoreGame(state.scorer, game);
      if (run !== state.run || state.game !== game) return;
      state.game = { ...game, cache };
      saveGame(state.game);
      paintResults(state.game, state.scorer.state);
    } catch (error) {
      if (run !== state.run) return;
      status.textContent = `The scorer hit a problem it did not expect: ${error.message}. Your entries are saved.`;
    }
  }
}
