// The score keeper: games typed in at the table, kept on this device, scored by handfoot in Pyodide.
//
// Its state is in one store (../app_state.mjs, with its changes in state.mjs). Players' actions change it (games.mjs,
// game_opening.mjs, and the handlers of rounds.mjs, house.mjs and game_section.mjs), scores follow it (scoring.mjs),
// and views draw it: the status line, the save warning and the notices (chrome.mjs), and the page below them
// (page.mjs), which holds the sheet, the open round and the rest, each drawn by its own module.
import { fill, h } from "../dom.mjs";
import { startApp } from "../startup.mjs";
import { createStore } from "../app_state.mjs";
import { noticesView, saveProblemView, statusView } from "./chrome.mjs";
import { goBack, known, openFromElsewhere } from "./games.mjs";
import { openFirstGame } from "./game_opening.mjs";
import { pageView } from "./page.mjs";
import { followScores } from "./scoring.mjs";
import { arrived, initialState, openedElsewhere } from "./state.mjs";
import { gameKey, isCurrentKey, readGame } from "./saved_games.mjs";
import { followTyping } from "./typing.mjs";

export function mountKeeper(root) {
  const { status, notices, engine, draw } = startApp({ offline: { keeper: true } });
  const saveProblem = h("div", { class: "hf-save-problem", role: "alert" });
  // News is not a problem: it is said politely, apart from the alerts.
  const news = h("div", { class: "hf-news", role: "status" });
  const body = h("div", { class: "hf-keeper__body" });
  // Outside the redrawn body, so a screen reader hears each change it is told of (a − or + tap, for one).
  const said = h("p", { id: "hf-said", class: "hf-visually-hidden", role: "status" });
  // The rules engine's state and the offline state share one quiet line: the round being entered is what matters.
  fill(root, h("div", { class: "hf-keeper__status" }, status), saveProblem, notices, news, said, body);

  // Returns once the first view is drawn: then Python starts, unless the page's head has started it.
  draw((loaded) => {
    let firstView;
    const drawn = new Promise((resolve) => (firstView = resolve));
    const store = createStore(initialState(loaded, engine.state));
    const { currentScores, onEngineState } = followScores(store, engine);
    store.subscribe(saveProblemView(saveProblem, store));
    store.subscribe(
      noticesView(notices, news, {
        onBack: (notice) => goBack(store, notice),
        onOpen: (notice) => openFromElsewhere(store, notice),
      }),
    );
    store.subscribe(statusView(status));
    const say = (text) => (said.textContent = text);
    store.subscribe(pageView(root, body, store, engine, { say, currentScores, firstView }));
    followTyping(root, store);
    openFirstGame(store, engine);
    engine.onState(onEngineState);
    followOtherTabs(root, store);
    return drawn;
  });
}

// Another tab saved the open game: it is drawn as that tab left it, and not saved again. Another tab opened another
// game (a new one, or a saved one): this tab says so, and goes on showing its own until the player chooses.
function followOtherTabs(root, store) {
  const onStorage = (event) => {
    if (!root.isConnected) {
      window.removeEventListener("storage", onStorage);
      return;
    }
    const { game: open, data } = store.get();
    if (!open || event.newValue === null) return;
    if (isCurrentKey(event.key) && event.newValue !== open.id) {
      const { game } = readGame(gameKey(event.newValue), known(data));
      if (game) store.update((state) => openedElsewhere(state, game));
      return;
    }
    if (event.key !== gameKey(open.id)) return;
    const { game } = readGame(event.key, known(data));
    if (!game) return;
    game.form ??= open.form;
    store.update((state) => arrived(state, game));
  };
  window.addEventListener("storage", onStorage);
}
