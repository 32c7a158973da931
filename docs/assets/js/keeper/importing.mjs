// A game read from a file (share.mjs reads it and checks its shape): opened at once when it is played by a published
// version's own rules, else once handfoot has checked its rules and its entries fit the sheet they make. The game open
// before is kept, one tap away.
import { newId, withHouse } from "./model.mjs";
import { sameGame } from "./io.mjs";
import { entriesProblem } from "./shape.mjs";
import { sayInShare } from "./share.mjs";
import { checking, offeredReturn } from "./state.mjs";
import { publishedForm, resume, show, showSafely } from "./games.mjs";
import { refusalWords } from "./opening.mjs";

const misfitWords = (misfit) =>
  `This file is not a Hand and Foot game saved by this site: ${misfit}. Nothing was imported.`;

export async function importGame(store, scorer, game) {
  const { data, games, game: previous } = store.get();
  const here = games.find((other) => other.id === game.id);
  if (here && sameGame(here, game)) {
    resume(store, here);
    sayInShare("This game is already on this device, so it was not imported again. It is open now.");
    return;
  }
  const published = publishedForm(data, game);
  if (published) {
    const misfit = entriesProblem(game, published);
    if (misfit) sayInShare(misfitWords(misfit));
    else adoptImported(store, { ...game, form: published }, here, previous);
    return;
  }
  const back = (why) => {
    store.update((state) => checking(state, null));
    showSafely(store, previous);
    if (why) sayInShare(why);
  };
  const check = {
    title: `A game from a file: ${game.teams.join(" v ")}`,
    words: "Checking the rules in the file… The game opens as soon as they are checked.",
    keep: () => back("Nothing was imported."),
    keepWords: "Keep the open game instead",
  };
  store.update((state) => checking(state, check));
  let form;
  try {
    await scorer.ready;
    const mapping = withHouse(game.base, game.house);
    await scorer.call("validate_variant", mapping);
    form = await scorer.call("sheet_form", mapping);
  } catch (error) {
    if (store.get().checking !== check) return;
    back(
      error.type === "failed"
        ? "The rules in this file cannot be checked, because the scorer could not start in this browser. Nothing was imported."
        : `The rules in this file are not possible (${refusalWords(data, error)}). Nothing was imported.`,
    );
    return;
  }
  if (store.get().checking !== check) return;
  const misfit = entriesProblem(game, form);
  if (misfit) {
    back(misfitWords(misfit));
    return;
  }
  store.update((state) => checking(state, null));
  adoptImported(store, { ...game, form }, here, previous);
}

function adoptImported(store, game, here, previous) {
  const copy = here ? { ...game, id: newId() } : game;
  show(store, copy);
  store.update((state) => offeredReturn(state, previous));
  const between = `Imported a game of ${copy.base.name} between ${copy.teams.join(", ")}.`;
  sayInShare(
    here
      ? `${between} A different copy of this game is on this device too; both are kept under "Saved games".`
      : between,
  );
}
