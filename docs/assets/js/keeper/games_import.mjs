// A file of every game saved on another device, kept on this one. Each game is checked as an imported game is (its
// rules by handfoot, its entries against the sheet they make) before any is kept; one that fails keeps none. A game
// this device has as the file holds it is left as it is; one it has otherwise is kept beside it. None opens: they join
// "Saved games", and the players' records count those that are finished, as the file's device did.
import { newId } from "./model.mjs";
import { kept, shown } from "./state.mjs";
import { sameGame, saveGame } from "./saved_games.mjs";
import { entriesProblem } from "./shape.mjs";
import { sayInShare } from "./share.mjs";
import { publishedForm } from "./games.mjs";
import { checkedForm, refusalWords } from "./rules_check.mjs";

const NOTHING = "Nothing was imported.";

function games(count) {
  return count === 1 ? "1 game" : `${count} games`;
}

export async function importAll(store, engine, incoming) {
  const { data } = store.get();
  sayInShare(`Checking the ${games(incoming.length)} in the file…`);
  const here = (id) => [store.get().game, ...store.get().games].find((game) => game?.id === id);
  const ready = [];
  const ids = new Set();
  let same = 0;
  for (const [n, game] of incoming.entries()) {
    const mine = here(game.id);
    if (mine && sameGame(mine, game)) {
      same += 1;
      continue;
    }
    let form;
    try {
      form = publishedForm(data, game) ?? (await checkedForm(engine, game));
    } catch (error) {
      sayInShare(
        error?.type === "failed"
          ? `The rules in this file cannot be checked, because the rules engine could not start in this browser. ${NOTHING}`
          : `Game ${n + 1} in this file (${game.teams.join(" v ")}) has rules that are not possible (${refusalWords(data, error)}). ${NOTHING}`,
      );
      return;
    }
    const misfit = entriesProblem(game, form);
    if (misfit) {
      sayInShare(
        `This file is not a Hand and Foot game saved by this site: game ${n + 1} in it: ${misfit}. ${NOTHING}`,
      );
      return;
    }
    const copy = mine || ids.has(game.id) ? newId() : game.id;
    ids.add(copy);
    ready.push({ ...game, id: copy, form });
  }
  let saved = 0;
  let refused = null;
  for (const game of ready) {
    const result = saveGame(game);
    if (!result.ok) {
      refused = result.problem;
      break;
    }
    store.update((state) => kept(state, game));
    saved += 1;
  }
  // "Saved games" is drawn again with them.
  store.update((state) => shown(state, state.game));
  if (refused) {
    sayInShare(`${games(saved)} of the ${ready.length} new were imported, then this device kept no more: ${refused}`);
    return;
  }
  const already = same ? ` ${games(same)} ${same === 1 ? "was" : "were"} on this device already.` : "";
  sayInShare(
    `Imported ${games(saved)} from the file.${already} They are under "Saved games", and the players' records count those that are finished.`,
  );
}
