// The score keeper: games typed in at the table, kept on this device, scored by handfoot in Pyodide.
//
// Whatever is redrawn, the field a person is typing in is moved into the new page as it is: its text, caret and
// focus stay. A rule that spans several fields is checked when the person leaves the team's fields.
import { capitalise, fill, formatPoints, h, readRuntime, siteUrl } from "../dom.mjs";
import { markRow, parseWhole, ruleRow } from "../controls.mjs";
import { getScorer } from "../scorer.mjs";
import { paintResults } from "./results.mjs";
import { scoreGame } from "./score.mjs";
import { shareSection } from "./share.mjs";
import { download, exportText } from "./io.mjs";
import {
  MAX_NAME,
  MAX_TEAMS,
  MIN_TEAMS,
  applyHouse,
  beforeEdit,
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
import { currentId, deleteGame, gameKey, loadAll, readGame, saveGame, setAside, setCurrent } from "./store.mjs";

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
  const state = {
    variants: null,
    spec: null,
    fields: [],
    game: null,
    games: [],
    scorer: null,
    notices: [],
    timer: 0,
    run: 0,
    houseChain: Promise.resolve(),
    houseWaiting: new Map(),
    unsaved: null,
    editing: null,
    redrawing: false,
    sessions: 0,
  };

  const status = h("p", { class: "hf-status", role: "status", text: "Getting the rules ready…" });
  const saveProblem = h("div", { class: "hf-save-problem", role: "alert" });
  const notices = h("div", { class: "hf-notices", role: "alert" });
  const body = h("div", { class: "hf-keeper__body" });
  fill(root, status, saveProblem, notices, body);

  const runtime = readRuntime();
  const fetchJson = (path) =>
    fetch(siteUrl(path)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${path}: ${r.status}`))));
  state.scorer = getScorer({ pyodideUrl: siteUrl(runtime.pyodide), zipUrl: siteUrl(runtime.handfoot_zip) });

  Promise.all([fetchJson(runtime.variants_json), fetchJson(runtime.spec_json)]).then(
    ([variants, spec]) => {
      state.variants = variants;
      state.spec = spec;
      state.fields = spec.flatMap((section) => section.fields);
      start();
    },
    (error) => {
      status.textContent = `The rules could not be loaded (${error.message}). Reload the page to try again.`;
    },
  );

  // Each visit to a field is one editing session: what is typed in it makes one undo step.
  root.addEventListener("focusin", (event) => {
    if (state.redrawing) return;
    state.sessions += 1;
    event.target.dataset.session = `${Date.now().toString(36)}.${state.sessions}`;
    const team = event.target.closest?.(".hf-team-round");
    if (team) state.editing = team.dataset.prefix;
  });
  root.addEventListener("focusout", (event) => {
    if (state.redrawing) return;
    const team = event.target.closest?.(".hf-team-round");
    const input = event.target;
    if (input.dataset?.stale !== undefined && input.dataset.stale === input.value) refreshField(input);
    if (team && !team.contains(event.relatedTarget)) {
      state.editing = null;
      paint();
    }
  });

  const defaultVariant = () => state.variants.variants[state.variants.default];

  function start() {
    const { games, problems } = loadAll(state.fields);
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
      state.game = current ?? newGame(defaultVariant());
    } else {
      state.game = current ?? newGame(defaultVariant());
    }
    openSafely();
    state.scorer.onState(showScorerState);
    window.addEventListener("storage", onStorage);
    const shared = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (shared !== null) {
      history.replaceState(null, "", location.pathname);
      openRuleset(shared);
    }
  }

  // Draws the open game; a game that cannot be drawn is set aside like an unreadable one, and a new game opens.
  function openSafely() {
    try {
      render();
    } catch (error) {
      console.error(error);
      const broken = state.game;
      state.games = state.games.filter((g) => g.id !== broken.id);
      notify(
        setAside(gameKey(broken.id), `A saved game could not be shown (${error.message}), so a new game was started.`),
      );
      state.game = newGame(defaultVariant());
      render();
    }
    persist();
  }

  async function openRuleset(encoded) {
    const paths = new Set(state.fields.map((f) => f.path));
    let mapping;
    try {
      const draft = decodeRuleset(encoded, { variants: state.variants.variants, paths });
      const rulesUrl = siteUrl(`configurator/#rules=${encoded}`);
      mapping = buildMapping(state.variants.variants[draft.base], draft, rulesUrl);
      status.textContent = "Checking the rules from the link…";
      await state.scorer.ready;
      await state.scorer.call("validate_variant", mapping);
      const previous = state.game;
      state.game = { ...newGame(mapping), rulesUrl };
      offerReturn(previous);
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
    paintNotices();
  }

  function paintNotices() {
    fill(notices, ...state.notices.map((notice) => (typeof notice === "string" ? h("p", { text: notice }) : notice)));
  }

  function scorerWords(scorerState) {
    if (scorerState === "loading") return "Loading the scorer… You can type now; totals show as soon as it is ready.";
    if (scorerState === "ready") return "Scorer ready.";
    return "The scorer could not start in this browser, so totals cannot be worked out now.";
  }

  function showScorerState(scorerState) {
    const saving = state.unsaved
      ? "Your changes are not being saved on this device: see the warning at the foot of the screen."
      : "Every change is saved on this device as you type.";
    status.textContent = `${scorerWords(scorerState)} ${scorerState === "loading" ? "" : saving}`.trim();
    status.classList.toggle("hf-status--failed", scorerState === "failed" || Boolean(state.unsaved));
    if (scorerState === "ready") rescore();
    else if (scorerState === "failed") paint();
  }

  // Saving: a refusal (a full storage) is said plainly, the entry stays on screen, and the game can be exported.
  function persist() {
    const saved = saveGame(state.game);
    if (saved.ok) setCurrent(state.game.id);
    state.games = [state.game, ...state.games.filter((g) => g.id !== state.game.id)];
    const was = state.unsaved;
    state.unsaved = saved.ok ? null : saved.problem;
    if (was !== state.unsaved) {
      paintSaveProblem();
      if (state.scorer) showScorerState(state.scorer.state);
    }
    return saved.ok;
  }

  function paintSaveProblem() {
    if (!state.unsaved) {
      fill(saveProblem);
      return;
    }
    fill(
      saveProblem,
      h("p", {
        class: "hf-error",
        text:
          `Not saved: ${state.unsaved}. Your last entry is still on screen, but it will be lost when this page ` +
          "closes. Export the game to a file to keep it, or delete old saved games to make room.",
      }),
      h("button", {
        type: "button",
        class: "md-button md-button--primary",
        text: "Export the game (JSON)",
        onclick: () =>
          download(
            `hand-and-foot-${new Date().toISOString().slice(0, 10)}.json`,
            exportText(state.game),
            "application/json",
          ),
      }),
    );
  }

  function commit(next, { reshape = false } = {}) {
    const shapeBefore = shapeKey(state.game);
    state.game = next;
    persist();
    if (reshape || shapeKey(next) !== shapeBefore) render();
    else paintChrome();
    scheduleRescore();
  }

  // What the page is drawn from, besides the values in its fields.
  function shapeKey(game) {
    const mapping = effective(game);
    return JSON.stringify([
      game.id,
      game.variantId,
      game.base.name,
      game.teams.length,
      roundCount(game, mapping),
      entryFields(mapping).map((f) => f.key),
    ]);
  }

  function onStorage(event) {
    if (!root.isConnected) {
      window.removeEventListener("storage", onStorage);
      return;
    }
    if (event.key !== gameKey(state.game.id) || event.newValue === null) return;
    const { game } = readGame(event.key, state.fields);
    if (!game) return;
    state.game = game;
    render();
    scheduleRescore();
  }

  // Rendering: the whole page when its shape changes or another tab changed the game, only results and buttons on
  // each keystroke.

  function render() {
    const active = document.activeElement;
    const keep = active && body.contains(active) && active.id && active.matches("input[type=text]") ? active : null;
    const caret = keep ? [keep.selectionStart, keep.selectionEnd, keep.selectionDirection] : null;
    const opened = new Set([...body.querySelectorAll("details[open][id]")].map((d) => d.id));
    const game = state.game;
    const mapping = effective(game);
    const rounds = roundCount(game, mapping);
    const sections = [
      gameSection(game, mapping),
      totalsSection(),
      ...Array.from({ length: rounds }, (_, r) => roundSection(game, mapping, r)),
      houseSection(game, mapping),
      savedSection(),
      shareSection({
        getGame: () => state.game,
        fields: state.fields,
        scorer: state.scorer,
        games: () => state.games,
        onImport: (imported) => {
          const previous = state.game;
          state.game = imported;
          persist();
          render();
          scheduleRescore();
          return previous;
        },
        onOpen: (id) => resume(state.games.find((g) => g.id === id)),
      }),
    ];
    for (const details of sections.flatMap((s) => [...s.querySelectorAll("details[id]"), s])) {
      if (details.tagName === "DETAILS" && opened.has(details.id)) details.open = true;
    }
    state.redrawing = true;
    try {
      if (keep) {
        const twin = sections.map((s) => s.querySelector(`#${CSS.escape(keep.id)}`)).find(Boolean);
        if (twin) {
          if (twin.value !== keep.value) keep.dataset.stale = keep.value;
          twin.replaceWith(keep);
        }
      }
      fill(body, ...sections);
      if (keep?.isConnected) {
        keep.focus({ preventScroll: true });
        keep.setSelectionRange(...caret);
      }
    } finally {
      state.redrawing = false;
    }
    paintChrome();
    paint();
  }

  // A field kept as it was through a redraw shows the game's value once the person leaves it without typing.
  function refreshField(input) {
    delete input.dataset.stale;
    const team = /^hf-team-(\d+)$/.exec(input.id);
    if (team) {
      input.value = state.game.teams[Number(team[1])] ?? input.value;
      return;
    }
    const [, r, t, key] = /^r(\d+)-t(\d+)-(.+)$/.exec(input.id) ?? [];
    if (key === undefined) return;
    const value = state.game.rounds[Number(r)]?.[Number(t)]?.[key];
    input.value = value === null || value === undefined ? "" : String(value);
  }

  function paint() {
    paintResults(state.game, state.scorer.state, { editing: state.editing });
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
          "aria-describedby": `hf-team-${t}-error`,
          oninput: (event) => renameTeam(t, event.target),
        }),
        h("span", { id: `hf-team-${t}-error`, class: "hf-error" }),
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
      h("h2", { id: "hf-game-title", tabindex: "-1", text: "This game" }),
      h(
        "p",
        {},
        "Rules: ",
        h("a", { href: game.rulesUrl ?? siteUrl(`rules/${game.variantId}/`), text: mapping.name }),
        h("strong", {
          id: "hf-house-flag",
          class: "hf-house-flag",
          text: " with house values",
          hidden: !Object.keys(game.house).length,
        }),
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
                change(state.game, (g) => g.teams.push(`${capitalise(teamWord(mapping))} ${g.teams.length + 1}`), {
                  what: `adding ${teamWord(mapping)} ${game.teams.length + 1}`,
                }),
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
                change(state.game, (g) => g.teams.pop(), {
                  what: `removing ${game.teams.at(-1)}`,
                }),
                { reshape: true },
              ),
          }),
        ),
        hasEntries ? h("p", { class: "hf-help", text: "Teams are fixed once a round has scores." }) : null,
      ),
      h(
        "div",
        { class: "hf-buttons hf-undo" },
        h("button", {
          type: "button",
          id: "hf-undo",
          class: "md-button md-button--primary",
          text: "Undo the last change",
          onclick: onUndo,
        }),
        h("p", { id: "hf-undo-message", class: "hf-help", role: "status" }),
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

  // One undo step for everything typed into `element` during one visit to it.
  function editOf(element, what) {
    return { session: `${element.id}@${element.dataset.session ?? "once"}`, what, focus: element.id };
  }

  function renameTeam(t, input) {
    const name = input.value;
    const error = document.getElementById(`hf-team-${t}-error`);
    error.classList.remove("hf-undone");
    if (!name.trim()) {
      input.setAttribute("aria-invalid", "true");
      error.textContent = "A name cannot be empty; the old name is kept.";
      return;
    }
    input.removeAttribute("aria-invalid");
    error.textContent = "";
    state.game = change(
      state.game,
      (g) => (g.teams[t] = name),
      editOf(input, `the name of ${teamWord(effective(state.game))} ${t + 1}`),
    );
    persist();
    for (const element of document.querySelectorAll(`[data-team-name="${t}"]`)) element.textContent = name;
    paintChrome();
  }

  // A new game is one tap, and one more tap goes back to the game that was open.
  function startGame(variantId, teams) {
    const previous = state.game;
    const variant = state.variants.variants[variantId];
    state.game = newGame(variant, teams && teams.length >= MIN_TEAMS ? teams : null);
    persist();
    offerReturn(previous);
    render();
    scheduleRescore();
    document.getElementById("hf-game-title")?.focus();
  }

  function offerReturn(previous) {
    if (!previous || !previous.rounds.some((round) => round.some(isEntered))) return;
    const started = state.game.id;
    const notice = h(
      "p",
      { class: "hf-notice--undo" },
      `A new game is open. The game you left (${label(previous)}) is kept under "Saved games". `,
      h("button", {
        type: "button",
        class: "md-button md-button--primary",
        text: "Back to the game you left",
        onclick: () => {
          dropNotice(notice);
          const fresh = state.game.id === started && !state.game.rounds.some((round) => round.some(isEntered));
          if (fresh) {
            deleteGame(started);
            state.games = state.games.filter((g) => g.id !== started);
          }
          resume(state.games.find((g) => g.id === previous.id) ?? previous);
        },
      }),
    );
    state.notices = state.notices.filter((n) => typeof n === "string" || !n.classList.contains("hf-notice--undo"));
    notify(notice);
  }

  function dropNotice(notice) {
    state.notices = state.notices.filter((n) => n !== notice);
    paintNotices();
  }

  function resume(game) {
    if (!game) return;
    state.game = game;
    persist();
    render();
    scheduleRescore();
    document.getElementById("hf-game-title")?.focus();
  }

  function onUndo() {
    const { game, step } = undo(state.game);
    state.game = game;
    persist();
    render();
    scheduleRescore();
    const message = document.getElementById("hf-undo-message");
    const target = step?.focus ? document.getElementById(step.focus) : null;
    if (target) {
      target.closest("details")?.setAttribute("open", "");
      const value = target.type === "checkbox" ? (target.checked ? "ticked" : "not ticked") : target.value || "blank";
      message.textContent = `Undone: ${step.what}, back to ${value}.`;
      const note = document.getElementById(`${step.focus}-error`);
      if (note && !note.textContent) {
        note.textContent = `Undone: back to ${value}.`;
        note.classList.add("hf-undone");
      }
      target.focus();
    } else {
      message.textContent = step?.what ? `Undone: ${step.what}.` : step ? "Undone." : "There is nothing to undo.";
      document.getElementById("hf-undo")?.focus();
    }
  }

  function totalsSection() {
    return h(
      "section",
      { class: "hf-totals", "aria-labelledby": "hf-totals-title" },
      h("h2", { id: "hf-totals-title", text: "Running totals" }),
      h("div", { id: "hf-totals-body", "aria-live": "polite" }),
    );
  }

  function roundRules(mapping, number) {
    const minimum = mapping.rules.opening.by_score
      ? "First meld set by each team's score"
      : `First meld at least ${formatPoints(perRound(mapping.rules.opening.minimums, number))}`;
    const books = perRound(mapping.rules.going_out.books, number);
    const booksText = bookFields(mapping)
      .filter((k) => books[k.kind])
      .map((k) => `${books[k.kind]} ${k.label.replace(/ books$/, "").toLowerCase()}`)
      .join(", ");
    return `${minimum} · To go out: ${booksText || "no books"}`;
  }

  function roundSection(game, mapping, r) {
    return h(
      "section",
      { class: "hf-round", "aria-labelledby": `hf-round-${r}` },
      h("h2", { id: `hf-round-${r}`, text: `Round ${r + 1}` }),
      h("p", { class: "hf-round__rules", id: `hf-round-${r}-rules`, text: roundRules(mapping, r + 1) }),
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
        oninput: () => {
          delete input.dataset.stale;
          onEntry(r, t, field, input);
        },
        onchange: () => {
          if (!state.redrawing) onLeaveEntry(field, input);
        },
      });
      return [
        h(
          "div",
          { class: "hf-field" },
          h("label", { for: id, text: field.label }),
          input,
          h("span", { id: `${id}-error`, class: "hf-error" }),
        ),
        field.counter ? counter(r, t, field.counter, input, field) : null,
      ];
    });
    const outId = `${prefix}-went_out`;
    const out = h("input", {
      id: outId,
      type: "checkbox",
      checked: Boolean(entry.went_out),
      onchange: () => {
        const team = state.game.teams[t];
        commit(
          setEntry(state.game, r, t, "went_out", out.checked, {
            session: `${outId}@${Date.now()}.${(state.sessions += 1)}`,
            what: `"Went out" for ${team} in round ${r + 1}`,
            focus: outId,
          }),
        );
        state.game.rounds[r].forEach((other, index) => {
          const box = document.getElementById(`r${r}-t${index}-went_out`);
          if (box) box.checked = other.went_out;
        });
      },
    });
    return h(
      "fieldset",
      { class: "hf-team-round", "data-prefix": prefix },
      h("legend", { "data-team-name": String(t), text: name }),
      mapping.rules.opening.by_score ? h("p", { id: `${prefix}-minimum`, class: "hf-help" }) : null,
      h("div", { class: "hf-fields" }, fields),
      h("div", { class: "hf-field hf-field--check" }, out, h("label", { for: outId, text: "Went out" })),
      h("div", { id: `${prefix}-result`, class: "hf-result", "aria-live": "polite" }),
    );
  }

  // What is on screen is saved only when it is a whole number; otherwise the entry goes back to what it was before
  // this visit to the field, and the message says so about what is on screen.
  function onEntry(r, t, field, input) {
    const error = document.getElementById(`${input.id}-error`);
    const parsed = parseWhole(input.value, ENTRY_SPEC);
    const edit = editOf(input, `${field.label} for ${state.game.teams[t]} in round ${r + 1}`);
    error.classList.remove("hf-undone");
    if (parsed.value !== undefined) {
      input.removeAttribute("aria-invalid");
      delete input.dataset.invalid;
      error.textContent = "";
      commit(setEntry(state.game, r, t, field.key, parsed.value, edit));
      return;
    }
    const before = beforeEdit(state.game, edit.session).rounds[r]?.[t]?.[field.key] ?? null;
    if ((state.game.rounds[r]?.[t]?.[field.key] ?? null) !== before) {
      commit(setEntry(state.game, r, t, field.key, before, edit));
    }
    if (parsed.unfinished) {
      input.removeAttribute("aria-invalid");
      error.textContent = "";
      return;
    }
    showEntryProblem(input, error, parsed.error);
  }

  function onLeaveEntry(field, input) {
    const parsed = parseWhole(input.value, ENTRY_SPEC);
    if (parsed.unfinished) showEntryProblem(input, document.getElementById(`${input.id}-error`), parsed.error);
  }

  function showEntryProblem(input, error, problem) {
    input.setAttribute("aria-invalid", "true");
    input.dataset.invalid = "typed";
    error.textContent = /^\s*[-\u2212]/.test(input.value)
      ? "Enter 0 or more: points left in hand are taken off for you. Not saved."
      : `${problem} Not saved.`;
  }

  function counter(r, t, kind, target, field) {
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
        if (parsed.value === undefined) {
          message.textContent = `${groups.find(([k]) => k === key)[1]}: ${parsed.error}`;
          return;
        }
        counts[key] = parsed.value;
      }
      if (state.scorer.state === "failed") {
        message.textContent =
          "The counter needs the scorer, which could not start in this browser. Add up the points by hand and type them in above.";
        return;
      }
      if (state.scorer.state !== "ready") {
        message.textContent = "The counter needs the scorer, which is still loading. Try again in a moment.";
        return;
      }
      try {
        const points = await state.scorer.call("card_points", effective(state.game), counts, kind === "left");
        message.textContent = `${formatPoints(points)} points.`;
        const input = document.getElementById(target.id) ?? target;
        input.value = String(points);
        input.dataset.session = `counter.${Date.now()}`;
        onEntry(r, t, field, input);
      } catch (error) {
        message.textContent = error.message;
      }
    };
    return h(
      "details",
      { class: "hf-counter", id: `${prefix}-details` },
      h("summary", { text: kind === "left" ? "Count the cards left" : "Count the melded cards" }),
      h("div", { class: "hf-counter__inputs" }, inputs),
      h("button", { type: "button", class: "md-button", text: "Use these counts", onclick: use }),
      message,
    );
  }

  function houseKinds(mapping) {
    return bookFields(mapping).map((field) => ({
      id: field.kind,
      label: field.label.replace(/ books$/, "").toLowerCase(),
    }));
  }

  function houseMarks(game, field) {
    const [section, key] = field.path.split(".");
    return { original: game.base.rules[section][key], originalName: game.base.name, changedWord: "House value" };
  }

  function houseSection(game, mapping) {
    const rounds = roundCount(game, mapping);
    const fields = state.fields.filter((f) => f.scoring && !UNEDITABLE.has(f.control.type));
    const controls = fields.map((field) => {
      const [section, key] = field.path.split(".");
      return ruleRow(field, mapping.rules[section][key], {
        id: `hf-house-${field.path.replace(".", "-")}`,
        rounds,
        bookKinds: houseKinds(mapping),
        ...houseMarks(game, field),
        onValue: (value, message, { shown }) => setHouse(field, value, message, shown),
      });
    });
    const count = Object.keys(game.house).length;
    return h(
      "details",
      { class: "hf-house-values", id: "hf-house-values", open: count > 0 },
      h("summary", { id: "hf-house-summary", text: houseSummary(count) }),
      h("p", {
        text: `Change any value the score depends on. Changed values are marked; ${game.base.name}'s values are one click away.`,
      }),
      h("button", {
        type: "button",
        id: "hf-house-reset",
        class: "md-button",
        text: `Reset to ${game.base.name}`,
        disabled: !count,
        onclick: () =>
          commit(
            change(state.game, (g) => (g.house = {}), { what: "the house values" }),
            { reshape: true },
          ),
      }),
      h("div", { class: "hf-house__list" }, controls),
    );
  }

  function houseSummary(count) {
    return count ? `House values (${count} changed)` : "House values";
  }

  // A house value is checked by handfoot, then applied to the house values as they are when its turn comes (one
  // after the other, so a late check never undoes a later value); its field is never redrawn while typed in.
  function setHouse(field, value, message, shown) {
    const input = document.activeElement;
    const edit = input?.id ? editOf(input, `the house value "${field.label}"`) : { what: `"${field.label}"` };
    state.houseWaiting.set(field.path, (state.houseWaiting.get(field.path) ?? 0) + 1);
    if (state.scorer.state !== "ready") {
      message.textContent = "Checking this value when the scorer has loaded…";
      message.dataset.owner = "house";
    }
    const gameId = state.game.id;
    state.houseChain = state.houseChain
      .then(async () => {
        const later = state.houseWaiting.get(field.path) - 1;
        state.houseWaiting.set(field.path, later);
        if (state.game.id !== gameId) return;
        const [section, key] = field.path.split(".");
        const house = { ...state.game.house, [field.path]: value };
        if (JSON.stringify(state.game.base.rules[section][key]) === JSON.stringify(value)) delete house[field.path];
        let problem = null;
        try {
          await state.scorer.ready;
          await state.scorer.call("validate_variant", applyHouse(state.game.base, house));
        } catch (error) {
          problem = error;
        }
        if (message.dataset.owner === "house") {
          message.textContent = "";
          delete message.dataset.owner;
        }
        if (problem) {
          if (later) return;
          const text = problem.problem ?? problem.message;
          message.dataset.owner = "house";
          message.textContent =
            problem.type === "VariantError"
              ? `${capitalise(text)}. Not applied.`
              : `This value cannot be checked now: ${text}`;
          return;
        }
        if (state.game.id !== gameId) return;
        commit(
          change(state.game, (g) => (g.house = house), edit),
          { reshape: !shown },
        );
        paintHouse();
      })
      .catch((error) => console.error(error));
  }

  // The house values' marks, count and the round lines, brought up to date without redrawing a field.
  function paintHouse() {
    const game = state.game;
    const mapping = effective(game);
    for (const field of state.fields) {
      const row = document.querySelector(`.hf-house-values [data-path="${field.path}"]`);
      if (!row) continue;
      const [section, key] = field.path.split(".");
      markRow(row, field, mapping.rules[section][key], houseMarks(game, field));
    }
    const count = Object.keys(game.house).length;
    const summary = document.getElementById("hf-house-summary");
    if (summary) summary.textContent = houseSummary(count);
    const reset = document.getElementById("hf-house-reset");
    if (reset) reset.disabled = !count;
    const flag = document.getElementById("hf-house-flag");
    if (flag) flag.hidden = !count;
    for (let r = 0; r < roundCount(game, mapping); r += 1) {
      const line = document.getElementById(`hf-round-${r}-rules`);
      if (line) line.textContent = roundRules(mapping, r + 1);
    }
  }

  function savedSection() {
    const items = state.games.map((game) =>
      h(
        "li",
        {},
        h("span", { class: "hf-saved__name", text: game.id === state.game.id ? `${label(game)} (open)` : label(game) }),
        h(
          "span",
          { class: "hf-buttons" },
          h("button", {
            type: "button",
            class: "md-button",
            text: "Resume",
            disabled: game.id === state.game.id,
            onclick: () => resume(game),
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
      { class: "hf-saved", id: "hf-saved" },
      h("summary", { text: `Saved games on this device (${state.games.length})` }),
      h("ul", { class: "hf-saved__list" }, items),
    );
  }

  function removeGame(game) {
    if (!window.confirm(`Delete the game ${label(game)}? This cannot be undone.`)) return;
    deleteGame(game.id);
    state.games = state.games.filter((g) => g.id !== game.id);
    if (game.id === state.game.id) {
      state.game = state.games[0] ?? newGame(defaultVariant());
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
      paint();
      return;
    }
    const run = ++state.run;
    try {
      const cache = await scoreGame(state.scorer, game);
      if (run !== state.run || state.game !== game) return;
      state.game = { ...game, cache };
      saveGame(state.game);
      paint();
    } catch (error) {
      if (run !== state.run) return;
      status.textContent = `The scorer hit a problem it did not expect: ${error.message}. Your entries are kept.`;
    }
  }
}
