// The score keeper: games typed in at the table, kept on this device, scored by handfoot in Pyodide.
//
// This module wires the parts together: it holds the open game and the round open for entry, saves every change,
// follows other tabs and asks handfoot for scores. The parts draw: sheet (the score sheet on top), rounds (the open
// round's entries), round_actions (game end, undo, next round, the screen switch), game_section (rules, teams, new
// game), house (house values), results (scores), saved (games on this device) and share (summary, CSV, files).
import { download, dateStamp, fill, h, nextFrame, nextTask, siteUrl } from "../dom.mjs";
import { scorerMissing } from "../offline.mjs";
import { startApp } from "../startup.mjs";
import { RulesetProblem, decodeRuleset, sameValue } from "../rulesets.mjs";
import { gameSetup, rulesLine, teamNames } from "./game_section.mjs";
import { houseQueue, houseSection } from "./house.mjs";
import { exportText, sameGame } from "./io.mjs";
import { keepAwake } from "./awake.mjs";
import {
  change,
  effective,
  entryKeys,
  freshCache,
  inputsKey,
  isEntered,
  label,
  newGame,
  newId,
  openRoundOf,
  roundCount,
  undo,
  withHouse,
} from "./model.mjs";
import { isRedrawing, redraw } from "../redraw.mjs";
import { paintResults } from "./results.mjs";
import { pressWaiter } from "./press.mjs";
import { roundActions } from "./round_actions.mjs";
import { roundInSteps, roundSection } from "./rounds.mjs";
import { savedSection } from "./saved.mjs";
import { scoreGame } from "./score.mjs";
import { sayInShare, shareSection } from "./share.mjs";
import { sheetSection } from "./sheet.mjs";
import { entriesProblem } from "./shape.mjs";
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
  // The scorer's state and the offline state share one quiet line: the round being entered is what matters.
  fill(root, h("div", { class: "hf-keeper__status" }, status), saveProblem, notices, said, body);

  const state = {
    game: null,
    games: [],
    notices: [],
    timer: 0,
    run: 0,
    unsaved: null,
    editing: null,
    sessions: 0,
    checking: null,
    drawn: false,
    renders: 0,
    sheetTable: false,
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
    currentScores,
    editOf,
    newSession,
    openRound,
    nextRound,
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
    const saved = games.find((g) => g.id === currentId()) ?? games[0] ?? null;
    // A rules link decides which game opens before anything is drawn: no field of a game about to be replaced shows.
    const link = linkedRules(saved);
    if (link) openLink(link, saved);
    else {
      state.game = wantedGame(saved);
      openSafely();
    }
    // The scorer starts once the page is drawn (startup.mjs).
    nextTask().then(scorer.start);
    scorer.onState(showScorerState);
    window.addEventListener("storage", onStorage);
  }

  // The game a ?variant= address asks for (an unused saved game of those rules, or a new one), else the saved one.
  function wantedGame(saved) {
    const wanted = new URLSearchParams(location.search).get("variant");
    if (wanted !== null) history.replaceState(null, "", location.pathname);
    if (wanted && ctx.data.variants[wanted]) {
      const unused = saved && !hasEntries(saved) && saved.variantId === wanted && !saved.rulesUrl;
      return unused ? saved : newGameOf(wanted);
    }
    if (wanted) notify(`There are no rules called "${wanted}". ${insteadWords(saved)}`);
    return saved ?? newGameOf(ctx.data.default);
  }

  // handfoot's refusal of a rule set, with the rule it names: '"Hand size": expected a whole number from 5 to 30'.
  function refusalWords(error) {
    const field = ctx.data.fields.find((f) => f.path === error.path);
    const words = error.problem ?? error.message;
    return field ? `"${field.label}": ${words}` : words;
  }

  function insteadWords(saved) {
    return saved
      ? "Your saved game is open instead."
      : `A new game of ${ctx.data.variants[ctx.data.default].name} is open instead.`;
  }

  // {encoded, rulesUrl, draft, published} for this page's #rules= link, or null: `published` is the version itself
  // when the link changes nothing. A link that cannot be read is said, and dropped.
  function linkedRules(saved) {
    const encoded = new URLSearchParams(location.hash.slice(1)).get("rules");
    if (encoded === null) return null;
    const paths = new Set(ctx.data.fields.map((field) => field.path));
    try {
      const draft = decodeRuleset(encoded, { variants: ctx.data.variants, paths, most: ctx.data.most });
      const plain = !draft.name.trim() && !Object.keys(draft.changes).length;
      return {
        encoded,
        rulesUrl: siteUrl(`configurator/#rules=${encoded}`),
        draft,
        published: plain ? ctx.data.variants[draft.base] : null,
      };
    } catch (error) {
      if (!(error instanceof RulesetProblem)) throw error;
      dropLink();
      notify(`The rules link could not be used: ${error.message}. ${insteadWords(saved)}`);
      return null;
    }
  }

  // The link stays in the address until its rules are checked, so a reload meanwhile checks them again.
  function dropLink() {
    history.replaceState(null, "", location.pathname);
  }

  // A rules link's game: handfoot checks its rules and gives their score sheet before the game is drawn. Meanwhile the
  // page says so and draws no fields; a refusal leaves the saved game as it was, open.
  async function openLink(link, saved) {
    if (link.published) {
      dropLink();
      link.mapping = link.published;
      adoptLinked(link, saved, ctx.data.sheets[link.published.id], { published: true });
      return;
    }
    state.checking = link;
    const { draft } = link;
    const title = `Rules from a link: ${draft.name.trim() || `${ctx.data.variants[draft.base].name} with changes`}`;
    const keep = () => {
      state.checking = null;
      dropLink();
      state.game = saved ?? newGameOf(ctx.data.default);
      openSafely();
      scheduleRescore();
    };
    const keepWords = saved
      ? "Keep my saved game open instead"
      : `Start a game of ${ctx.data.variants[ctx.data.default].name} instead`;
    drawCheck(title, "Checking these rules… The score sheet opens as soon as they are checked.", keep, keepWords);
    let form;
    try {
      await scorer.ready;
      // handfoot puts the link's changes on its version and checks them, as a variant file is checked.
      const house = { base: ctx.data.variants[draft.base], changes: draft.changes, name: draft.name };
      link.mapping = await scorer.call("validate_variant", { house: { ...house, share_url: link.rulesUrl } });
      form = await scorer.call("sheet_form", link.mapping);
    } catch (error) {
      if (state.checking !== link) return;
      if (error.type === "failed") {
        const words = `These rules could not be checked: ${scorerFailure()} The link is kept in the address: reload the page to try again.`;
        drawCheck(title, words, keep, keepWords, { failed: true });
        return;
      }
      state.checking = null;
      dropLink();
      notify(`The rules link could not be used: ${refusalWords(error)}. ${insteadWords(saved)}`);
      state.game = saved ?? newGameOf(ctx.data.default);
      openSafely();
      scheduleRescore();
      return;
    }
    if (state.checking !== link) return;
    state.checking = null;
    dropLink();
    adoptLinked(link, saved, form);
  }

  function adoptLinked(link, saved, form, { published = false } = {}) {
    const same = saved && !hasEntries(saved) && !Object.keys(saved.house).length && sameValue(saved.base, link.mapping);
    if (same) {
      state.game = saved;
    } else {
      state.game = { ...newGame(link.mapping, form), ...(published ? {} : { rulesUrl: link.rulesUrl }) };
      offerReturn(saved);
    }
    openSafely();
    scheduleRescore();
  }

  // While handfoot checks the rules of a game about to open (a rules link's, an imported file's), the page draws no
  // field of any game: what is typed then could only go into a game about to be replaced. `keep` is the way back.
  function drawCheck(title, words, keep, keepWords, { failed = false } = {}) {
    fill(
      body,
      h(
        "section",
        { class: "hf-check", "aria-labelledby": "hf-check-title" },
        h("h2", { id: "hf-check-title", text: title }),
        h("p", { class: failed ? "hf-error" : "hf-check__wait", role: "status", text: words }),
        h("button", { type: "button", class: "md-button", text: keepWords, onclick: keep }),
      ),
    );
  }

  // A game read from a file: opened at once when it is played by a published version's own rules, else once handfoot
  // has checked its rules and its entries fit the sheet they make. The game open before is kept, one tap away.
  async function importGame(game) {
    const here = state.games.find((other) => other.id === game.id);
    if (here && sameGame(here, game)) {
      resume(here);
      sayInShare("This game is already on this device, so it was not imported again. It is open now.");
      return;
    }
    const previous = state.game;
    const misfitWords = (misfit) =>
      `This file is not a Hand and Foot game saved by this site: ${misfit}. Nothing was imported.`;
    const published = publishedForm(game);
    if (published) {
      const misfit = entriesProblem(game, published);
      if (misfit) sayInShare(misfitWords(misfit));
      else adoptImported({ ...game, form: published }, here, previous);
      return;
    }
    const token = {};
    state.checking = token;
    const back = (why) => {
      state.checking = null;
      state.game = previous;
      openSafely();
      scheduleRescore();
      if (why) sayInShare(why);
    };
    drawCheck(
      `A game from a file: ${game.teams.join(" v ")}`,
      "Checking the rules in the file… The game opens as soon as they are checked.",
      () => back("Nothing was imported."),
      "Keep the open game instead",
    );
    let form;
    try {
      await scorer.ready;
      const mapping = withHouse(game.base, game.house);
      await scorer.call("validate_variant", mapping);
      form = await scorer.call("sheet_form", mapping);
    } catch (error) {
      if (state.checking !== token) return;
      back(
        error.type === "failed"
          ? "The rules in this file cannot be checked, because the scorer could not start in this browser. Nothing was imported."
          : `The rules in this file are not possible (${refusalWords(error)}). Nothing was imported.`,
      );
      return;
    }
    if (state.checking !== token) return;
    const misfit = entriesProblem(game, form);
    if (misfit) {
      back(misfitWords(misfit));
      return;
    }
    state.checking = null;
    adoptImported({ ...game, form }, here, previous);
  }

  function adoptImported(game, here, previous) {
    const copy = here ? { ...game, id: newId() } : game;
    state.game = copy;
    persist();
    offerReturn(previous);
    render();
    scheduleRescore();
    const between = `Imported a game of ${copy.base.name} between ${copy.teams.join(", ")}.`;
    sayInShare(
      here
        ? `${between} A different copy of this game is on this device too; both are kept under "Saved games".`
        : between,
    );
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
    if (scorerState === "loading")
      return state.checking ? "Loading the scorer…" : "Loading the scorer… You can type now.";
    if (scorerState === "ready") return "Scorer ready.";
    return `Totals cannot be worked out now: ${scorerFailure()}`;
  }

  function showScorerState(scorerState) {
    const saving = state.unsaved
      ? "Your changes are not being saved on this device: see the warning below."
      : "Saved on this device.";
    status.textContent = `${scorerWords(scorerState)} ${scorerState === "loading" ? "" : saving}`.trim();
    status.classList.toggle("hf-status--failed", scorerState === "failed" || Boolean(state.unsaved));
    if (!state.game) return;
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
      openRoundOf(game),
    ]);
  }

  function onStorage(event) {
    if (!root.isConnected) {
      window.removeEventListener("storage", onStorage);
      return;
    }
    if (!state.game || event.key !== gameKey(state.game.id) || event.newValue === null) return;
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
    const share = () => shareSection({ getGame: () => state.game, known: known(), onFile: importGame });
    if (!game.form) {
      redraw(body, [
        h("p", { class: "hf-status", text: "Getting this game's rules ready…" }),
        savedSection(ctx),
        share(),
      ]);
      fetchForm();
      return;
    }
    const r = openRoundOf(game);
    // The sheet's table waits until the game is past its first round, or that round is complete: before, it would
    // only repeat the round below it. Decided here, when the page is drawn, so it never comes in mid-typing.
    state.sheetTable =
      r > 0 ||
      game.rounds.some((round, n) => n > 0 && round.some(isEntered)) ||
      game.teams.every((_, t) => isEntered(game.rounds[0]?.[t]));
    const actions = () => roundActions(ctx, r, root);
    // A game not yet begun asks for its names first, above its first round; later they wait behind "Teams and a new
    // game", below.
    const namesFirst = r === 0 && !hasEntries(game);
    const more = () =>
      h(
        "div",
        { class: "hf-more" },
        gameSetup(ctx, { names: !namesFirst }),
        houseSection(ctx),
        savedSection(ctx),
        share(),
      );
    const head = () => [sheetSection(rulesLine(ctx)), ...(namesFirst ? [teamNames(ctx, { first: true })] : [])];
    if (state.drawn) redraw(body, [...head(), roundSection(ctx, r, actions), more()]);
    else drawInSteps(r, actions, more, head);
    state.drawn = true;
    keepAwake(root);
    paintChrome();
    paint();
  }

  // The first view, before the player has scrolled, is built and drawn in steps, one per frame: the sheet and the
  // round's head, then each team's fields, then the round's buttons, then the rest. So no task builds, and no frame
  // lays out, the whole keeper; each step joins below the one before, so nothing drawn moves. A redraw meanwhile
  // (another tab's change, a new game) ends the steps.
  async function drawInSteps(r, actions, more, head) {
    const drawing = state.renders;
    const { section, steps } = roundInSteps(ctx, r, actions);
    fill(body, ...head(), section);
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

  // A round's row on the sheet opens that round below; which round is open is kept with the game, not as an undo step.
  function openRound(r) {
    state.game = { ...state.game, open: r };
    persist();
    render();
    document.getElementById(`hf-round-${r}`)?.focus();
  }

  // "Next": the next round opens, as a step that Undo takes back.
  function nextRound(r) {
    const to = r + 1;
    const next = change(state.game, (g) => (g.open = to), {
      session: `next@${newSession()}`,
      what: `"Next: round ${to + 1}"`,
      focus: null,
    });
    commit(next, { reshape: true });
    document.getElementById(`hf-round-${to}`)?.focus();
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
    if (!state.game?.form) return;
    const shown = openRoundOf(state.game);
    paintResults(state.game, scorer.state, {
      editing: state.editing,
      openRound: shown,
      onOpen: openRound,
      table: state.sheetTable,
    });
  }

  function paintChrome() {
    const undoButton = document.getElementById("hf-undo");
    if (undoButton) undoButton.disabled = !state.game.history.length;
  }

  // A new game is one tap, and one more tap goes back to the game that was open.
  function startGame(variantId, teams) {
    const previous = state.game;
    state.game = newGameOf(variantId, teams);
    persist();
    offerReturn(previous);
    render();
    scheduleRescore();
    document.getElementById("hf-round-0")?.focus();
  }

  function offerReturn(previous) {
    if (!previous || !hasEntries(previous)) return;
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
          const fresh = state.game.id === started && !hasEntries(state.game);
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
    state.game = game;
    state.game.form ??= publishedForm(game);
    persist();
    render();
    scheduleRescore();
    if (state.game.form) document.getElementById(`hf-round-${openRoundOf(state.game)}`)?.focus();
  }

  function removeGame(game) {
    deleteGame(game.id);
    state.games = state.games.filter((g) => g.id !== game.id);
    if (game.id === state.game.id) {
      state.game = state.games[0] ?? newGameOf(ctx.data.default);
      state.game.form ??= publishedForm(state.game);
      persist();
    }
    render();
    scheduleRescore();
  }

  function onUndo() {
    const { game, step } = undo(state.game);
    const stepRound = /^r(\d+)-t\d+-/.exec(step?.focus ?? "");
    state.game = stepRound ? { ...game, open: Number(stepRound[1]) } : game;
    persist();
    render();
    scheduleRescore();
    const message = document.getElementById("hf-undo-message");
    const target = step?.focus ? document.getElementById(step.focus) : null;
    if (!target) {
      const where = step && !stepRound ? ` Round ${openRoundOf(state.game) + 1} is open.` : "";
      message.textContent =
        (step?.what ? `Undone: ${step.what}.` : step ? "Undone." : "There is nothing to undo.") + where;
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

  // The scores of the game as it is now, once handfoot has worked them out; null while it cannot.
  async function currentScores() {
    if (scorer.state !== "ready") return null;
    clearTimeout(state.timer);
    await rescore();
    return freshCache(state.game);
  }

  async function rescore() {
    const game = state.game;
    if (!game?.form || scorer.state !== "ready" || game.cache?.key === inputsKey(game)) {
      paint();
      return;
    }
    const run = ++state.run;
    try {
      const cache = await scoreGame(scorer, game);
      // The game may have changed meanwhile in what scores do not depend on (the round open): they still hold.
      if (run !== state.run || inputsKey(state.game) !== cache.key) return;
      state.game = { ...state.game, cache };
      saveScores(state.game);
      paint();
    } catch (error) {
      if (run !== state.run) return;
      status.textContent = `The scorer hit a problem it did not expect: ${error.message}. Your entries are kept.`;
    }
  }
}

function hasEntries(game) {
  return game.rounds.some((round) => round.some(isEntered));
}

// Why the scorer is not there, in a player's words; what is typed is kept all the same.
function scorerFailure() {
  return `${scorerMissing("the scorer")} What you type is saved.`;
}
