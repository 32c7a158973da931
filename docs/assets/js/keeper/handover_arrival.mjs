// A game handed over from another phone (handover_link.mjs) arriving in the keeper's address: read and checked as an
// imported file is, then opened and kept among this device's saved games. When this device has the game already, it
// says which copy is newer and asks before the link's replaces its own; what was typed only here is then kept as a
// saved game of its own. A link that cannot be used is said, and the saved games are untouched.
import { isEntered, newId, when } from "./model.mjs";
import { HandoverProblem, readHandover } from "./handover_link.mjs";
import { checking, kept, notified, offeredReturn } from "./state.mjs";
import { sameGame, saveGame } from "./saved_games.mjs";
import { entriesProblem } from "./shape.mjs";
import { known, newGameOf, publishedForm, resume, show, showSafely } from "./games.mjs";
import { checkedForm, refusalWords } from "./rules_check.mjs";

export async function receiveHandover(store, engine, text, saved) {
  const { data } = store.get();
  const instead = saved ? "Your saved game is open instead." : "A new game is open instead.";
  const give = (...notices) => {
    if (store.get().checking !== check) return;
    store.update((state) => notified(checking(state, null), ...notices));
    dropLink();
    showSafely(store, saved ?? newGameOf(data, data.default));
  };
  const check = {
    title: "A game from another phone",
    words: "Opening the game handed over… It opens as soon as its rules are checked.",
    keep: () => give(),
    keepWords: saved
      ? "Keep my saved game open instead"
      : `Start a game of ${data.variants[data.default].name} instead`,
  };
  store.update((state) => checking(state, check));
  let game;
  try {
    game = await readHandover(text, { variants: data.variants, known: known(data) });
    const form = publishedForm(data, game) ?? (await checkedForm(engine, game));
    const misfit = entriesProblem(game, form);
    if (misfit) throw new HandoverProblem(misfit);
    game.form = form;
  } catch (error) {
    if (error?.type === "failed") {
      const words =
        "The game in this link cannot be checked, because the rules engine could not start in this browser. The link " +
        "is kept in the address: reload the page to try again.";
      if (store.get().checking === check) store.update((state) => checking(state, { ...check, words, failed: true }));
      return;
    }
    const why =
      error instanceof HandoverProblem ? error.message : `its rules are not possible (${refusalWords(data, error)})`;
    give(`The game link could not be used: ${why}. Nothing on this device was changed. ${instead}`);
    return;
  }
  if (store.get().checking !== check) return;
  store.update((state) => checking(state, null));
  dropLink();
  adopt(store, game, saved);
}

// The link stays in the address until its game is read, so a reload meanwhile reads it again.
function dropLink() {
  history.replaceState(null, "", location.pathname);
}

function adopt(store, game, saved) {
  const here = store.get().games.find((other) => other.id === game.id);
  const teams = game.teams.join(" v ");
  if (!here) {
    show(store, game);
    const words = `Opened the game handed over: ${teams}, ${played(game)}. It is kept on this device under "Saved games".`;
    store.update((state) => offeredReturn(notified(state, { news: words }), saved));
    return;
  }
  if (sameGame(here, game)) {
    resume(store, here);
    store.update((state) =>
      notified(state, { news: `This device has this game as the link holds it (${teams}). It is open.` }),
    );
    return;
  }
  if (!window.confirm(question(here, game))) {
    resume(store, here);
    store.update((state) =>
      notified(state, { news: `This device's copy of ${teams} is kept, and open. The link was not used.` }),
    );
    return;
  }
  const lost = !holdsAll(game, here);
  if (lost) {
    const copy = { ...here, id: newId() };
    if (saveGame(copy).ok) store.update((state) => kept(state, copy));
  }
  show(store, { ...game, history: [] });
  const words = lost
    ? `The link's copy of ${teams} replaced this device's. What was typed only on this device is kept as another saved game.`
    : `The link's copy of ${teams} replaced this device's: ${played(game)}.`;
  store.update((state) => notified(state, { news: words }));
}

function question(here, game) {
  const newer = game.updated > here.updated ? "The link's copy is newer." : "The copy on this device is newer.";
  return [
    `This device already has this game (${game.teams.join(" v ")}).`,
    `On this device: ${played(here)}, last changed ${when(here)}.`,
    `In the link: ${played(game)}, last changed ${when(game)}.`,
    newer,
    "Replace this device's copy with the link's? Anything typed only on this device is kept as another saved game.",
  ].join("\n");
}

function played(game) {
  const rounds = game.rounds.filter((round) => round.some(isEntered)).length;
  return rounds === 1 ? "1 round entered" : `${rounds} rounds entered`;
}

// Whether `game` holds everything typed in `other`: the same rules and names, and each entry `other` has.
function holdsAll(game, other) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same([game.base, game.house, game.teams], [other.base, other.house, other.teams])) return false;
  return other.rounds.every((round, r) =>
    round.every((entry, t) => !isEntered(entry) || same(entry, game.rounds[r]?.[t])),
  );
}
