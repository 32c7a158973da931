// "How these rules play": seeded games of the rules in force, played by bots in the rules engine's worker a part at a
// time, so other checks and typing go on between parts and Cancel stops between them. handfoot works out the figures
// and sets them beside the base version's kept run, each difference a table would notice marked, as the compare page
// marks them, with the range each figure likely lies in; this module only shows.
//
// The results name the rules they played (their house changes). A rule changed while the games play does not stop
// them: they finish as the games of the rules they began with, marked so at once, with a way to play the rules now
// in force. The last finished run is kept on this device (kept_run.mjs) and shown again on a later visit, marked the
// same way when the rules on the form are not the ones it played.
import { fill, h, readRuntime, siteUrl } from "../dom.mjs";
import { engineMissing } from "../offline.mjs";
import { changeLines } from "./change_words.mjs";
import { keepRun, keptRun } from "./kept_run.mjs";
import { runResults } from "./plays_results.mjs";

const RUN_OLD =
  "Your rules have changed since these games began: they are being played by the rules below, not those now on your form.";
const SHOWN_OLD =
  "These figures are for the rules below, not those now on your form: play again to see how your rules play now.";

// The rules a run plays, as they are compared: the base version and the changes (a rule set's name plays no part).
const keyOf = (draft) => JSON.stringify([draft.base, draft.changes]);

// `rulesNow()` is the draft in force, `rulesOf(draft)` the rules handfoot is asked about, `baseOf(draft)` its base
// version; from the build's data (`loaded`): `plays`, each version's kept run by id, `playRun`, how to play ({games,
// seed, part (games a call), say_every (parts between two readings of the progress)}), the spec's `fields` and each
// version's `words`.
export function howItPlays({ engine, rulesNow, rulesOf, baseOf, loaded }) {
  const { plays, playRun: run, fields, words, variants } = loaded;
  // The build that plays: its rules engine and its rules data, both named by their content, and how it plays.
  const runtime = readRuntime();
  const made = JSON.stringify([runtime?.engine?.zip ?? null, runtime?.variants_json ?? null, run]);
  const play = h("button", {
    type: "button",
    class: "md-button md-button--primary",
    text: `Play ${run.games} games with these rules`,
    onclick: () => start(),
  });
  const cancel = h("button", { type: "button", class: "md-button", text: "Cancel", hidden: true, onclick: stop });
  const bar = h("progress", { max: run.games, value: 0, hidden: true, "aria-label": "Games played" });
  const status = h("p", { class: "hf-plays__status", role: "status" });
  const staleText = h("p", { class: "hf-plays__stale-text" });
  const again = h("button", {
    type: "button",
    class: "md-button md-button--primary",
    text: "Play again with the rules now in force",
    hidden: true,
    onclick: () => start(),
  });
  const stale = h("div", { class: "hf-plays__stale", hidden: true }, staleText, again);
  const results = h("div", { class: "hf-plays__results" });
  // Said once when the figures on screen stop being of the rules on the form, whichever view is open.
  const notice = h("p", { id: "hf-plays-notice", class: "hf-visually-hidden", role: "status" });
  const element = h(
    "div",
    { class: "hf-plays-panel" },
    h("h2", { id: "hf-plays-title", text: "How these rules play" }),
    h(
      "p",
      {},
      `Bots play ${run.games} games by your rules on this device, every move checked by the rule helper's own checks. `,
      "Their figures are set beside the same games of the version your rules start from. How the bots play is on the ",
      h("a", { href: siteUrl("compare/#how-they-play"), text: "compare page" }),
      ".",
    ),
    h("p", { class: "hf-plays__actions" }, play, cancel),
    bar,
    status,
    stale,
    results,
  );
  // The run being played ({cancelled, waiting: for the rules it plays}), the rules and figures on screen ({key, base,
  // changes, shown}: those of the run being played, else of the last one finished), the last one finished, and the
  // rules on the form.
  let playing = null;
  let onScreen = null;
  let finished = keptRun(made, (id) => Object.hasOwn(variants, id));
  let formKey = null;
  if (finished) {
    show(finished);
    say(`Your last games, kept on this device: ${finished.shown.games} games (${finished.shown.rounds} rounds).`);
  }

  async function start() {
    if (playing) playing.cancelled = true;
    const mine = { cancelled: false, waiting: true };
    const current = () => playing === mine;
    playing = mine;
    running(true);
    mark(true);
    say(
      `Starting: ${engine.state === "ready" ? "" : "the rules engine is loading, then "}bots play ${run.games} games…`,
    );
    // The rules on the form, once handfoot has checked the changes still waiting (behind a run they give way to).
    const draft = await rulesNow();
    const played = { key: keyOf(draft), base: draft.base, changes: lines(draft, null), shown: null };
    if (!current()) return;
    mine.waiting = false;
    show(played);
    try {
      await engine.ready;
      const rules = rulesOf(draft);
      played.changes = lines(draft, await engine.call("rule_words", rules));
      if (current()) show(played);
      const parts = [];
      for (let first = 0; first < run.games; first += run.part) {
        if (mine.cancelled) return stopped(current, first);
        parts.push(await engine.call("play_games", rules, run.seed, first, Math.min(run.part, run.games - first)));
        if (current()) progress(Math.min(first + run.part, run.games), parts.length);
      }
      if (mine.cancelled) return stopped(current, run.games);
      played.shown = await engine.call("how_it_plays", parts, plays[draft.base] ?? null);
      if (!current()) return;
      finished = played;
      show(played);
      const kept = keepRun(played, made);
      say(
        `Played ${played.shown.games} games (${played.shown.rounds} rounds).${kept.ok ? "" : ` They could not be kept on this device: ${kept.problem}.`}`,
      );
    } catch (error) {
      if (!current()) return;
      show(finished);
      say(
        error.type === "failed"
          ? `No games can be played now: ${engineMissing("the rules engine")}`
          : `The games could not be played: ${error.message}`,
      );
    } finally {
      if (current()) {
        playing = null;
        running(false);
        mark(true);
      }
    }
  }

  function lines(draft, ruleWords) {
    return changeLines({ draft, fields, words: ruleWords, baseWords: words[draft.base] });
  }

  // A run stopped by Cancel: the last run finished comes back on screen. One that gave way to another says nothing.
  function stopped(current, done) {
    if (!current()) return;
    show(finished);
    say(`Stopped after ${done} of ${run.games} games. Nothing was kept.`);
  }

  function stop() {
    if (playing) playing.cancelled = true;
    cancel.disabled = true;
    say("Stopping after the games being played…");
  }

  function running(on) {
    play.hidden = on;
    cancel.hidden = !on;
    cancel.disabled = false;
    bar.hidden = !on;
    bar.value = 0;
    if (on) cancel.focus();
    else if (document.activeElement === document.body || !document.activeElement) play.focus();
  }

  // The bar moves with every part; the status, which a screen reader reads out, every few parts.
  function progress(done, parts) {
    bar.value = done;
    if (parts % run.say_every === 0 || done === run.games) say(`Played ${done} of ${run.games} games…`);
  }

  function say(text) {
    status.textContent = text;
  }

  function show(played) {
    onScreen = played;
    fill(results, played ? runResults(played, baseOf(played)) : []);
    mark(true);
  }

  // Whether the rules and figures on screen are of other rules than the form's, said on screen beside them and, when
  // `announce` and it has just become so, read out once.
  function mark(announce) {
    if (formKey === null) return;
    const old = !playing?.waiting && onScreen !== null && onScreen.key !== formKey;
    const text = !old ? "" : onScreen.shown ? SHOWN_OLD : RUN_OLD;
    again.hidden = !(old && playing);
    results.toggleAttribute("data-stale", old);
    if (staleText.textContent === text) return;
    staleText.textContent = text;
    stale.hidden = !old;
    notice.textContent = announce ? text : "";
  }

  return {
    element,
    notice,
    // The rules on the form, as shown now: results of other rules say so.
    update(draft) {
      const first = formKey === null;
      formKey = keyOf(draft);
      mark(!first);
    },
  };
}
