// The keeper's page below its status line: the open game (the sheet, the open round, then the rest), drawn anew when
// the state asks or the game's shape changed, with the results painted in it; or, while handfoot checks a game's rules
// before it opens, only what is being checked.
import { fill, h, nextFrame } from "../dom.mjs";
import { redraw } from "../redraw.mjs";
import { keepAwake } from "./awake.mjs";
import { gameSetup, rulesLine, teamNames } from "./game_section.mjs";
import { handoverSection, paintHandover } from "./handover.mjs";
import { raceSection } from "./race.mjs";

import { houseSection } from "./house.mjs";
import { entryKeys, hasEntries, isEntered, openRoundOf, roundCount } from "./model.mjs";
import { paintResults } from "./results.mjs";
import { roundActions } from "./round_actions.mjs";
import { roundInSteps, roundSection } from "./rounds.mjs";
import { paintRecords, recordsSection, savedSection } from "./saved.mjs";
import { shareSection } from "./share.mjs";
import { sheetSection } from "./sheet.mjs";
import { known, openRound, removeGame, resume, setAsideUndrawable } from "./games.mjs";
import { importGame } from "./game_opening.mjs";

// `say(text)` tells a screen reader; `currentScores()` gives the scores of the game as it is now (scoring.mjs);
// `firstView()` is called once the first view is drawn whole, or as soon as the page waits for the rules engine.
export function pageView(root, body, store, engine, { say, currentScores, firstView = () => {} }) {
  // Whether the sheet shows its table: decided when the page is drawn, so it never comes in mid-typing.
  let table = false;
  let drawnOnce = false;

  const saved = () => {
    const { games, game } = store.get();
    return savedSection(games, game.id, {
      onResume: (chosen) => resume(store, chosen),
      onRemove: (chosen) => removeGame(store, chosen),
    });
  };
  const share = () =>
    shareSection({
      getGame: () => store.get().game,
      getGames: () => {
        const { game, games } = store.get();
        return [game, ...games.filter((other) => other.id !== game.id)];
      },
      known: known(store.get().data),
      onFile: ({ games, whole }) => {
        if (!whole) importGame(store, engine, games[0]);
        // Loaded only for a file of saved games: most visits import none.
        else import("./games_import.mjs").then(({ importAll }) => importAll(store, engine, games));
      },
    });
  const handover = () => handoverSection({ getGame: () => store.get().game, variants: store.get().data.variants });
  const more = (names) =>
    h(
      "div",
      { class: "hf-more" },
      raceSection(),
      handover(),
      gameSetup(store, { names }),
      houseSection(store, engine),
      saved(),
      recordsSection(store, engine),
      share(),
    );

  function draw(state) {
    const { game } = state;
    if (!game.form) {
      const waiting = state.formProblem ?? "Getting this game's rules ready…";
      redraw(body, [h("p", { class: "hf-status", text: waiting }), saved(), share()]);
      firstView();
      return;
    }
    const r = openRoundOf(game);
    // The sheet's table waits until the game is past its first round, or that round is complete: before, it would
    // only repeat the round below it.
    table =
      r > 0 ||
      game.rounds.some((round, n) => n > 0 && round.some(isEntered)) ||
      game.teams.every((_, t) => isEntered(game.rounds[0]?.[t]));
    // A game not yet begun asks for its names first, above its first round; later they wait behind "Teams and a new
    // game", below.
    const namesFirst = r === 0 && !hasEntries(game);
    const head = [sheetSection(rulesLine(game)), ...(namesFirst ? [teamNames(store, { first: true })] : [])];
    const round = { say, after: () => roundActions(store, r, { root, currentScores }) };
    if (drawnOnce) {
      redraw(body, [...head, roundSection(store, engine, r, round), more(!namesFirst)]);
      firstView();
    } else drawInSteps(head, roundInSteps(store, engine, r, round), () => more(!namesFirst)).finally(firstView);
    drawnOnce = true;
    keepAwake(root);
  }

  // The first view, before the player has scrolled, is built and drawn in steps, one per frame: the sheet and the
  // round's head, then each team's fields, then the round's buttons, then the rest. So no task builds, and no frame
  // lays out, the whole keeper; each step joins below the one before, so nothing drawn moves. A redraw meanwhile
  // (another tab's change, a new game) ends the steps.
  async function drawInSteps(head, { section, steps }, rest) {
    fill(body, ...head, section);
    for (const step of [...steps, () => body.append(rest())]) {
      await nextFrame();
      if (!section.isConnected) return;
      try {
        step();
      } catch (error) {
        setAsideUndrawable(store, error);
        return;
      }
      paint(store.get());
    }
  }

  function paint(state) {
    paintUndo(state.game);
    if (!state.game.form) return;
    paintHandover(state.game, state.data.variants);
    paintRecords(store, engine);
    paintResults(state.game, state.engine, {
      editing: state.editing,
      openRound: openRoundOf(state.game),
      onOpen: (r) => openRound(store, r),
      table,
    });
  }

  function drawCheck({ title, words, keep, keepWords, failed = false }) {
    firstView();
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

  return (state, previous) => {
    if (state.checking && state.checking !== previous.checking) {
      drawCheck(state.checking);
      return;
    }
    if (!state.game) return;
    const gameChanged = state.game !== previous.game;
    const reshaped =
      state.page !== previous.page || (state.typing && gameChanged && shapeKey(state.game) !== shapeKey(previous.game));
    if (reshaped) draw(state);
    const failed = state.engine === "failed" && previous.engine !== "failed";
    if (reshaped || failed || (!state.typing && (previous.typing || gameChanged))) paint(state);
    else if (gameChanged) paintUndo(state.game);
  };
}

// What the page is drawn from, besides the values in its fields.
function shapeKey(game) {
  if (!game?.form) return JSON.stringify([game?.id ?? null, null]);
  return JSON.stringify([
    game.id,
    game.teams.length,
    roundCount(game),
    entryKeys(game),
    game.form.rounds.rules,
    openRoundOf(game),
  ]);
}

function paintUndo(game) {
  const undo = document.getElementById("hf-undo");
  if (undo) undo.disabled = !game.history.length;
}
