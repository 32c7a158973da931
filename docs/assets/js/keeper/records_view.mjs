// The players' records as a player reads them: one card a player, then one a team of names, then the games they come
// from with the rules each used, and a way to clear them. Saved games whose scores are not yet kept with them (games
// imported, or saved while the rules engine was away) are scored by handfoot first, one after another.
import { capitalise, fill, formatPoints, h } from "../dom.mjs";
import { effective, when } from "./model.mjs";
import { recordsOf, resultsOf } from "./records.mjs";
import { recordsBody } from "./saved.mjs";
import { saveGame, saveScores } from "./saved_games.mjs";
import { scoreGame } from "./scoring.mjs";
import { publishedForm } from "./games.mjs";
import { recordsCleared, rescored } from "./state.mjs";

// Saved games being scored, and those handfoot could not score (said, and not tried again until the page reloads).
const scoring = new Set();
const unscorable = new Set();
// What the last action here said, kept across redraws.
let said = "";

// The saved games as they are now: the open game as it is on screen.
function gamesOf(state) {
  const games = state.games.map((game) => (game.id === state.game?.id ? state.game : game));
  return state.game && !games.includes(state.game) ? [state.game, ...games] : games;
}

export function showRecords(store, engine) {
  const body = recordsBody();
  if (!body) return;
  const state = store.get();
  const { results, inProgress, unscored, cleared } = resultsOf(gamesOf(state));
  const waiting = unscored.filter((game) => !unscorable.has(game.id));
  scoreWaiting(
    store,
    engine,
    waiting.filter((game) => game.id !== state.game?.id),
  );
  const key = JSON.stringify([results, inProgress, cleared, waiting.length, unscorable.size, engine.state, said]);
  if (body.dataset.key === key) return;
  body.dataset.key = key;
  const { players, teams } = recordsOf(results);
  const word = state.game?.form?.team_word ?? "team";
  fill(
    body,
    h("p", {
      class: "hf-help",
      text:
        "Worked out from the finished games saved on this device. Names that differ only in capitals or spacing " +
        'are one player. "Export all saved games", under "Share, export and import", takes them to another device.',
    }),
    h("p", { class: "hf-records__waiting", role: "status", text: waitingWords(inProgress, waiting, engine) }),
    results.length
      ? [
          h("h3", { text: "Players" }),
          recordList(players),
          teams.length ? [h("h3", { text: `${capitalise(word)}s of two or more` }), recordList(teams)] : null,
          h("h3", { text: "Games counted" }),
          h("ol", { class: "hf-records__games" }, results.map(gameLine)),
          h("button", {
            type: "button",
            class: "md-button",
            text: "Clear the records",
            onclick: () => clear(store, engine, results),
          }),
        ]
      : h("p", {
          text: cleared
            ? "No game counts since the records were cleared. A game counts here once its last round is scored."
            : "No finished game is saved on this device yet. A game counts here once its last round is scored.",
        }),
    h("p", { class: "hf-records__said", role: "status", text: said }),
  );
}

function games(count) {
  return count === 1 ? "1 game" : `${count} games`;
}

function stay(count) {
  return count === 1 ? "stays" : "stay";
}

function waitingWords(inProgress, waiting, engine) {
  const parts = [];
  if (waiting.length && engine.state === "failed") {
    parts.push(
      `${games(waiting.length)} saved here cannot be counted yet: their scores need the rules engine, which could not start in this browser.`,
    );
  } else if (waiting.length) {
    parts.push(`Working out the scores of ${games(waiting.length)} saved here…`);
  }
  if (unscorable.size) parts.push(`${games(unscorable.size)} saved here could not be scored, so they are not counted.`);
  if (inProgress) parts.push(`${games(inProgress)} in progress ${inProgress === 1 ? "counts" : "count"} once it ends.`);
  return parts.join(" ");
}

function recordList(records) {
  return h(
    "ul",
    { class: "hf-records__list" },
    records.map((record) =>
      h(
        "li",
        { class: "hf-record" },
        h("h4", { class: "hf-record__name", text: record.name }),
        h(
          "dl",
          { class: "hf-record__figures" },
          figure("Games", String(record.played)),
          figure("Won", String(record.won)),
          figure("Best round", formatPoints(record.best)),
          figure("Average round", formatPoints(record.average)),
        ),
        h("p", {
          class: "hf-record__last",
          text: `Last game: ${when({ updated: record.last.when })}, ${record.last.rules}`,
        }),
      ),
    ),
  );
}

function figure(term, value) {
  return h("div", {}, h("dt", { text: term }), h("dd", { text: value }));
}

function gameLine(result) {
  const sides = result.sides.map((side) => `${side.name} ${formatPoints(side.total)}`).join(" v ");
  const best = Math.max(...result.sides.map((side) => side.total));
  const verdict =
    result.winner === null
      ? `A tie: ${result.sides
          .filter((side) => side.total === best)
          .map((side) => side.name)
          .join(" and ")}`
      : `Winner: ${result.sides[result.winner].name}`;
  return h("li", { text: `${when({ updated: result.when })}, ${result.rules}: ${sides}. ${verdict}.` });
}

// Each saved game in `waiting` scored by handfoot in turn, its scores kept with it, and the records drawn again.
async function scoreWaiting(store, engine, waiting) {
  const fresh = waiting.filter((game) => !scoring.has(game.id));
  if (!fresh.length || engine.state === "failed") return;
  for (const game of fresh) scoring.add(game.id);
  try {
    await engine.ready;
    for (const game of fresh) {
      try {
        const form =
          game.form ?? publishedForm(store.get().data, game) ?? (await engine.call("sheet_form", effective(game)));
        const next = { ...game, form, cache: await scoreGame(engine, { ...game, form }) };
        saveScores(next);
        store.update((state) => rescored(state, next));
      } catch (error) {
        if (error?.type === "failed") throw error;
        unscorable.add(game.id);
      } finally {
        scoring.delete(game.id);
      }
      showRecords(store, engine);
    }
  } catch {
    for (const game of fresh) scoring.delete(game.id);
  }
  showRecords(store, engine);
}

// The games counted are kept; they no longer count, and a game finished from now on starts the records again.
function clear(store, engine, results) {
  const question =
    `Clear the players' records? The ${games(results.length)} counted ${stay(results.length)} under "Saved games". ` +
    "The records then count only the games finished from now on.";
  if (!window.confirm(question)) return;
  const all = gamesOf(store.get());
  const done = [];
  said = "";
  for (const { id } of results) {
    const kept = saveGame({ ...all.find((game) => game.id === id), inRecords: false });
    if (!kept.ok) {
      said = `The records could not all be cleared: ${kept.problem}`;
      break;
    }
    done.push(id);
  }
  said ||= `The records are cleared. The ${games(done.length)} ${stay(done.length)} under "Saved games".`;
  store.update((state) => recordsCleared(state, done));
  showRecords(store, engine);
}
