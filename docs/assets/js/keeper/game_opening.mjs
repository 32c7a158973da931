// Which game opens: with the page, the saved one, the one a ?variant= address asks for, a rules link's, or one handed
// over from another phone (handover_arrival.mjs); later, one imported from a file. A game whose rules handfoot must
// check opens once they are checked; meanwhile the page draws no field of any game (state.checking), and the game open
// before stays one tap away.
import { siteUrl } from "../dom.mjs";
import { RulesetProblem, decodeRuleset, sameValue } from "../rulesets.mjs";
import { hasEntries, newGame, newId } from "./model.mjs";
import { checking, loaded, notified, offeredReturn } from "./state.mjs";
import { currentId, loadAll, sameGame } from "./saved_games.mjs";
import { entriesProblem } from "./shape.mjs";
import { sayInShare } from "./share.mjs";
import { known, newGameOf, publishedForm, resume, show, showSafely } from "./games.mjs";
import { engineFailure } from "./scoring.mjs";
import { checkedForm, refusalWords } from "./rules_check.mjs";
import { handoverInHash } from "./handover.mjs";

export function openFirstGame(store, engine) {
  const { data } = store.get();
  const { games, problems } = loadAll(known(data));
  store.update((state) => notified(loaded(state, games), ...problems));
  const saved = games.find((g) => g.id === currentId()) ?? games[0] ?? null;
  // A game handed over from another phone, or a rules link, decides which game opens before anything is drawn: no
  // field of a game about to be replaced shows.
  const handed = handoverInHash(location.hash);
  if (handed !== null) {
    // Loaded only for a game handed over: most visits have none. Should it not load, the saved game opens.
    import("./handover_arrival.mjs").then(
      ({ receiveHandover }) => receiveHandover(store, engine, handed, saved),
      () => {
        const words = `The game link could not be opened: reload the page to try again. ${insteadWords(data, saved)}`;
        store.update((state) => notified(state, words));
        showSafely(store, saved ?? newGameOf(data, data.default));
      },
    );
    return;
  }
  const link = linkedRules(store, saved);
  if (link) openLink(store, engine, link, saved);
  else showSafely(store, wantedGame(store, saved));
}

// The game a ?variant= address asks for (an unused saved game of those rules, or a new one), else the saved one.
function wantedGame(store, saved) {
  const { data } = store.get();
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted !== null) history.replaceState(null, "", location.pathname);
  if (wanted && data.variants[wanted]) {
    const unused = saved && !hasEntries(saved) && saved.variantId === wanted && !saved.rulesUrl;
    return unused ? saved : newGameOf(data, wanted);
  }
  if (wanted)
    store.update((state) => notified(state, `There are no rules called "${wanted}". ${insteadWords(data, saved)}`));
  return saved ?? newGameOf(data, data.default);
}

function insteadWords(data, saved) {
  return saved
    ? "Your saved game is open instead."
    : `A new game of ${data.variants[data.default].name} is open instead.`;
}

// {encoded, rulesUrl, draft, published} for this page's #rules= link, or null: `published` is the version itself
// when the link changes nothing. A link that cannot be read is said, and dropped.
function linkedRules(store, saved) {
  const { data } = store.get();
  const encoded = new URLSearchParams(location.hash.slice(1)).get("rules");
  if (encoded === null) return null;
  const paths = new Set(data.fields.map((field) => field.path));
  try {
    const draft = decodeRuleset(encoded, { variants: data.variants, paths, most: data.most });
    const plain = !draft.name.trim() && !Object.keys(draft.changes).length;
    return {
      encoded,
      rulesUrl: siteUrl(`configurator/#rules=${encoded}`),
      draft,
      published: plain ? data.variants[draft.base] : null,
    };
  } catch (error) {
    if (!(error instanceof RulesetProblem)) throw error;
    dropLink();
    const words = `The rules link could not be used: ${error.message}. ${insteadWords(data, saved)}`;
    store.update((state) => notified(state, words));
    return null;
  }
}

// The link stays in the address until its rules are checked, so a reload meanwhile checks them again.
function dropLink() {
  history.replaceState(null, "", location.pathname);
}

// A rules link's game: handfoot checks its rules and gives their score sheet before the game is drawn. Meanwhile the
// page says so and draws no fields; a refusal leaves the saved game as it was, open.
async function openLink(store, engine, link, saved) {
  const { data } = store.get();
  if (link.published) {
    dropLink();
    link.mapping = link.published;
    adoptLinked(store, link, saved, data.sheets[link.published.id], { published: true });
    return;
  }
  const { draft } = link;
  const keep = (...notices) => {
    store.update((state) => notified(checking(state, null), ...notices));
    dropLink();
    showSafely(store, saved ?? newGameOf(data, data.default));
  };
  const check = {
    title: `Rules from a link: ${draft.name.trim() || `${data.variants[draft.base].name} with changes`}`,
    words: "Checking these rules… The score sheet opens as soon as they are checked.",
    keep: () => keep(),
    keepWords: saved
      ? "Keep my saved game open instead"
      : `Start a game of ${data.variants[data.default].name} instead`,
  };
  store.update((state) => checking(state, check));
  let form;
  try {
    await engine.ready;
    // handfoot puts the link's changes on its version and checks them, as a variant file is checked.
    const house = { base: data.variants[draft.base], changes: draft.changes, name: draft.name };
    link.mapping = await engine.call("validate_variant", { house: { ...house, share_url: link.rulesUrl } });
    form = await engine.call("sheet_form", link.mapping);
  } catch (error) {
    if (store.get().checking !== check) return;
    if (error.type === "failed") {
      const words = `These rules could not be checked: ${engineFailure()} The link is kept in the address: reload the page to try again.`;
      store.update((state) => checking(state, { ...check, words, failed: true }));
      return;
    }
    keep(`The rules link could not be used: ${refusalWords(data, error)}. ${insteadWords(data, saved)}`);
    return;
  }
  if (store.get().checking !== check) return;
  store.update((state) => checking(state, null));
  dropLink();
  adoptLinked(store, link, saved, form);
}

function adoptLinked(store, link, saved, form, { published = false } = {}) {
  const same = saved && !hasEntries(saved) && !Object.keys(saved.house).length && sameValue(saved.base, link.mapping);
  if (same) {
    showSafely(store, saved);
    return;
  }
  showSafely(store, { ...newGame(link.mapping, form), ...(published ? {} : { rulesUrl: link.rulesUrl }) });
  store.update((state) => offeredReturn(state, saved));
}

const misfitWords = (misfit) =>
  `This file is not a Hand and Foot game saved by this site: ${misfit}. Nothing was imported.`;

// A game read from a file (share.mjs reads it and checks its shape): opened at once when it is played by a published
// version's own rules, else once handfoot has checked its rules and its entries fit the sheet they make. The game open
// before is kept, one tap away.

export async function importGame(store, engine, game) {
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
    form = await checkedForm(engine, game);
  } catch (error) {
    if (store.get().checking !== check) return;
    back(
      error.type === "failed"
        ? "The rules in this file cannot be checked, because the rules engine could not start in this browser. Nothing was imported."
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
