// The score keeper: games typed in at the table, kept on this device, scored by handfoot in Pyodide.
//
// This module wires the parts together: it holds the open game and the round open for entry, saves every change,
// follows other tabs and asks handfoot for scores. The parts draw: sheet (the score sheet on top), rounds (the open
// round's entries), round_actions (game end, undo, next round, the screen switch), game_section (rules, teams, new
// game), house (house values), results (scores), saved (games on this device) and share (summary, CSV, files).
import { download, dateStamp, fill, h, nextFrame, nextTask, siteUrl } from "../dom.mjs";
import { startApp } from "../startup.mjs";
import { RulesetProblem, buildMapping, decodeRuleset, sameValue } from "../rulesets.mjs";
import { gameSetup, rulesLine } from "./game_section.mjs";
import { houseQueue, houseSection } from "./house.mjs";
import { exportText } from "./io.mjs";
import { keepAwake } from "./awake.mjs";
import { effective, entryKeys, inputsKey, isEntered, label, newGame, roundCount, undo } from "./model.mjs";
import { isRedrawing, redraw } from "./redraw.mjs";
import { paintResults } from "./results.mjs";
import { pressWaiter } from "./press.mjs";
import { roundActions } from "./round_actions.mjs";
import { roundInSteps, roundSection } from "./rounds.mjs";
import { savedSection } from "./saved.mjs";
import { scoreGame } from "./score.mjs";
import { shareSection } from "./share.mjs";
import { sheetSection } from "./sheet.mjs";
import {
  currentId,
  deleteGame,
  gameKey,
  loadAll,
  readGame,
  saveGame,
  saveScores,
  setAside,
  setCurrent,
} from "./store.mjs";

const RESCORE_DELAY_MS = 120;

export function mountKeeper(root) {
  const { status, notices, scorer, data } = startApp();
  const saveProblem = h("div", { class: "hf-save-problem", role: "alert" });
  const body = h("div", { class: "hf-keeper__body" });
  // Outside the redrawn body, so a screen reader hears each change it is told of (a − or + tap, for one).
  const said = h("p", { id: "hf-said", class: "hf-visually-hidden", role: "status" });
  fill(root, status, saveProblem, notices, said, body);

  const state = {
    game: null,
    games: [],
    notices: [],
    timer: 0,
    run: 0,
    unsaved: null,
    editing: null,
    sessions: 0,
    round: null,
    drawn: false,
    renders: 0,
  };
  const ctx = {
    scorer,
    data: null,
    houseQueue: houseQueue(),
    get game() {
      return state.game;
    },
    get games() {
      return state.games;
    },
    commit,
    editOf,
    newSession,
    openRound,
    publishedForm,
    say: (text) => (said.textContent = text),
    resume,
    removeGame,
    startGame,
    undo: onUndo,
  };

  data.then((loaded) => {
    ctx.data = loaded;
    start();
  });

  const afterPress = pressWaiter(root);

  // Each visit to a field is one editing session: what is typed in it makes one undo step.
  root.addEventListener("focusin", (event) => {
    if (isRedrawing()) return;
    event.target.dataset.session = newSession();
    const team = event.target.closest?.(".hf-team-round");
    if (team) state.editing = team.dataset.prefix;
  });
  root.addEventListener("focusout", (event) => {
    if (isRedrawing()) return;
    const input = event.target;
    if (input.dataset?.stale !== undefined && input.dataset.stale === input.value) refreshField(input);
    const team = input.closest?.(".hf-team-round");
    if (team && !team.contains(event.relatedTarget)) {
      state.editing = null;
      afterPress(paint);
    }
  });

  function newSession() {
    state.sessions += 1;
    return `${Date.now()}.${state.sessions}`;
  }

  // One undo step for everything typed into `element` during one visit to it.
  function editOf(element, what) {
    return { session: `${element.id}@${element.dataset.session ?? "once"}`, what, focus: element.id };
  }

  // The sheet form of a published variant, for a game played by exactly those rules; null otherwise.
  function publishedForm(game) {
    const published = ctx.data.variants[game.variantId];
    const plain = published && !Object.keys(game.house).length && sameValue(published, game.base);
    return plain ? ctx.data.sheets[game.variantId] : null;
  }

  function known() {
    return { fields: ctx.data.fields, limits: ctx.data.sheets[ctx.data.default].limits };
  }

  function newGameOf(variantId, teams = null) {
    const variant = ctx.data.variants[variantId];
    const form = ctx.data.sheets[variantId];
    return newGame(variant, form, teams && teams.length >= form.limits.teams_min ? teams : null);
  }

  function start() {
    const { games, problems } = loadAll(known());
    state.games = games;
    notify(...problems);
    const wanted = new URLSearchParams(location.search).get("variant");
    const current = games.find((g) => g.id === currentId()) ?? games[0];
    if (wanted && ctx.data.variants[wanted]) {
      const unused = current && !current.rounds.some((round) => round.some(isEntered)) && current.variantId === wanted;
      state.game = unused ? current : newGameOf(wanted);
      history.replaceState(null, "", location.pathname);
    } else if (wanted) {
      notify(`There are no rules called "${wanted}"; your saved game is open instead.`);
      state.game = current ?? newGameOf(ctx.data.default);
    } else {
      state.game = current ?? newGameOf(ctx.data.default);
    }
    openSafely();
    // The scorer starts once the game is on the page (startup.mjs).
    nextTask().then(scorer.start);
    scorer.onState(showScorerState);
    window.addEventListener("storage", onStorage);
    const shared = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (shared !== null) {
      history.replaceState(null, "", location.pathname);
      openRuleset(shared);
    }
  }

  // Draws the open game; a game that cannot be drawn is set aside like an unreadable one, and a new game opens.
  function openSafely() {
    state.game.form ??= publishedForm(state.game);
    try {
      render();
    } catch (error) {
      setAsideUndrawable(error);
    }
    persist();
  }

  function setAsideUndrawable(error) {
    console.error(error);
    const broken = state.game;
    state.games = state.games.filter((g) => g.id !== broken.id);
    const why = `A saved game could not be shown (${error.message}), so a new game was started.`;
    notify(setAside(gameKey(broken.id), why));
    state.game = newGameOf(ctx.data.default);
    render();
  }

  // A game kept from before sheet forms were kept with it: handfoot gives its form once Python has started.
  async function fetchForm() {
    const game = state.game;
    if (state.fetching === game) return;
    state.fetching = game;
    try {
      await scorer.ready;
      const form = await scorer.call("sheet_form", effective(game));
      if (state.game !== game) return;
      state.game = { ...game, form };
      persist();
      render();
      scheduleRescore();
    } catch (error) {
      const waiting = body.querySelector(".hf-status");
      if (error.type === "failed" && waiting) {
        waiting.textContent =
          "This game was saved by an older version of this site, and showing it needs the scorer, which could not start in this browser.";
      } else if (error.type !== "failed") {
        notify(`This game's rules could not be read: ${error.problem ?? error.message}`);
      }
    }
  }

  async function openRuleset(encoded) {
    const paths = new Set(ctx.data.fields.map((f) => f.path));
    try {
      const draft = decodeRuleset(encoded, { variants: ctx.data.variants, paths, most: ctx.data.most });
      const rulesUrl = siteUrl(`configurator/#rules=${encoded}`);
      const mapping = buildMapping(ctx.data.variants[draft.base], draft, rulesUrl, ctx.data.most);
      status.textContent = "Checking the rules from the link…";
      await scorer.ready;
      await scorer.call("validate_variant", mapping);
      const form = await scorer.call("sheet_form", mapping);
      const previous = state.game;
      state.round = null;
      state.game = { ...newGame(mapping, form), rulesUrl };
      offerReturn(previous);
    } catch (error) {
      const why = error instanceof RulesetProblem ? error.message : (error.problem ?? error.message ?? String(error));
      notify(`The rules link could not be used (${why}). Your saved game is open instead.`);
      showScorerState(scorer.state);
      return;
    }
    persist();
    render();
    showScorerState(scorer.state);
    scheduleRescore();
  }

  function notify(...messages) {
    state.notices.push(...messages);
    paintNotices();
  }

  function paintNotices() {
    fill(notices, ...state.notices.map((notice) => (typeof notice === "string" ? h("p", { text: notice }) : notice)));
  }

  function dropNotice(notice) {
    state.notices = state.notices.filter((n) => n !== notice);
    paintNotices();
  }

  function scorerWords(scorerState) {
    if (scorerState === "loading") return "Loading the scorer… You can type now.";
    if (scorerState === "ready") return "Scorer ready.";
    return "The scorer could not start in this browser, so totals cannot be worked out now.";
  }

  function showScorerState(scorerState) {
    const saving = state.unsaved
      ? "Your changes are not being saved on this device: see the warning below."
      : "Saved on this device.";
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
      showScorerState(scorer.state);
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
        onclick: () => download(`hand-and-foot-${dateStamp()}.json`, exportText(state.game), "application/json"),
      }),
    );
  }

  function commit(next, { reshape = false } = {}) {
    const before = shapeKey(state.game);
    state.game = next;
    persist();
    if (reshape || shapeKey(next) !== before) render();
    else paintChrome();
    scheduleRescore();
  }

  // What the page is drawn from, besides the values in its fields.
  function shapeKey(game) {
    if (!game.form) return JSON.stringify([game.id, null]);
    return JSON.stringify([
      game.id,
      game.teams.length,
      roundCount(game),
      entryKeys(game),
      game.form.rounds.rules,
      shownRound(game),
    ]);
  }

  function onStorage(event) {
    if (!root.isConnected) {
      window.removeEventListener("storage", onStorage);
      return;
    }
    if (event.key !== gameKey(state.game.id) || event.newValue === null) return;
    const { game } = readGame(event.key, known());
    if (!game) return;
    game.form ??= state.game.form;
    state.game = game;
    render();
    scheduleRescore();
  }

  function render() {
    state.renders += 1;
    const game = state.game;
    const share = () =>
      shareSection({
        getGame: () => state.game,
        known: known(),
        scorer,
        games: () => state.games,
        onImport: (imported) => {
          state.round = null;
          state.game = imported;
          persist();
          render();
          scheduleRescore();
        },
        onOpen: (id) => resume(state.games.find((g) => g.id === id)),
      });
    if (!game.form) {
      redraw(body, [
        h("p", { class: "hf-status", text: "Getting this game's rules ready…" }),
        savedSection(ctx),
        share(),
      ]);
      fetchForm();
      return;
    }
    const r = shownRound(game);
    state.round = r;
    const actions = () => roundActions(ctx, r, root);
    const more = () => h("div", { class: "hf-more" }, gameSetup(ctx), houseSection(ctx), savedSection(ctx), share());
    if (state.drawn) redraw(body, [sheetSection(rulesLine(ctx)), roundSection(ctx, r, actions), more()]);
    else drawInSteps(r, actions, more);
    state.drawn = true;
    keepAwake(root);
    paintChrome();
    paint();
  }

  // The first view, before the player has scrolled, is built and drawn in steps, one per frame: the sheet and the
  // round's head, then each team's fields, then the round's buttons, then the rest. So no task builds, and no frame
  // lays out, the whole keeper; each step joins below the one before, so nothing drawn moves. A redraw meanwhile
  // (another tab's change, a new game) ends the steps.
  async function drawInSteps(r, actions, more) {
    const drawing = state.renders;
    const { section, steps } = roundInSteps(ctx, r, actions);
    fill(body, sheetSection(rulesLine(ctx)), section);
    for (const step of [...steps, () => body.append(more())]) {
      await nextFrame();
      if (state.renders !== drawing) return;
      try {
        step();
      } catch (error) {
        setAsideUndrawable(error);
        persist();
        return;
      }
      paintChrome();
      paint();
    }
  }

  // The round open below the sheet: the one the person chose, else the first that not every team has entered.
  function shownRound(game) {
    const count = roundCount(game);
    if (state.round !== null && state.round < count) return state.round;
    const open = Array.from({ length: count }, (_, r) => r).find(
      (r) => !game.teams.every((_, t) => isEntered(game.rounds[r]?.[t])),
    );
    return open ?? count - 1;
  }

  function openRound(r) {
    state.round = r;
    render();
    document.getElementById(`hf-round-${r}`)?.focus();
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
    if (!state.game.form) return;
    paintResults(state.game, scorer.state, { editing: state.editing, openRound: state.round, onOpen: openRound });
  }

  function paintChrome() {
    const undoButton = document.getElementById("hf-undo");
    if (undoButton) undoButton.disabled = !state.game.history.length;
  }

  // A new game is one tap, and one more tap goes back to the game that was open.
  function startGame(variantId, teams) {
    const previous = state.game;
    state.round = null;
    state.game = newGameOf(variantId, teams);
    persist();
    offerReturn(previous);
    render();
    scheduleRescore();
    document.getElementById(`hf-round-${state.round}`)?.focus();
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

  function resume(game) {
    if (!game) return;
    state.round = null;
    state.game = game;
    state.game.form ??= publishedForm(game);
    persist();
    render();
    scheduleRescore();
    document.getElementById(`hf-round-${state.round}`)?.focus();
  }

  function removeGame(game) {
    deleteGame(game.id);
    state.games = state.games.filter((g) => g.id !== game.id);
    if (game.id === state.game.id) {
      state.round = null;
      state.game = state.games[0] ?? newGameOf(ctx.data.default);
      state.game.form ??= publishedForm(state.game);
      persist();
    }
    render();
    scheduleRescore();
  }

  function onUndo() {
    const { game, step } = undo(state.game);
    state.game = game;
    const stepRound = /^r(\d+)-t\d+-/.exec(step?.focus ?? "");
    if (stepRound) state.round = Number(stepRound[1]);
    persist();
    render();
    scheduleRescore();
    const message = document.getElementById("hf-undo-message");
    const target = step?.focus ? document.getElementById(step.focus) : null;
    if (!target) {
      message.textContent = step?.what ? `Undone: ${step.what}.` : step ? "Undone." : "There is nothing to undo.";
      document.getElementById("hf-undo")?.focus();
      return;
    }
    target.closest("details")?.setAttribute("open", "");
    const value = target.type === "checkbox" ? (target.checked ? "ticked" : "not ticked") : target.value || "blank";
    message.textContent = `Undone: ${step.what}, back to ${value}.`;
    const note = document.getElementById(`${step.focus}-error`);
    if (note && !note.textContent) {
      note.textContent = `Undone: back to ${value}.`;
      note.classList.add("hf-undone");
    }
    target.focus();
  }

  // Scoring runs in the worker; the page only paints what it returns.

  function scheduleRescore() {
    clearTimeout(state.timer);
    state.timer = setTimeout(rescore, RESCORE_DELAY_MS);
  }

  async function rescore() {
    const game = state.game;
    if (!game.form || scorer.state !== "ready" || game.cache?.key === inputsKey(game)) {
      paint();
      return;
    }
    const run = ++state.run;
    try {
      const cache = await scoreGame(scorer, game);
      if (run !== state.run || state.game !== game) return;
      state.game = { ...game, cache };
      saveScores(state.game);
      paint();
    } catch (error) {
      if (run !== state.run) return;
      status.textContent = `The scorer hit a problem it did not expect: ${error.message}. Your entries are kept.`;
    }
  }
}
