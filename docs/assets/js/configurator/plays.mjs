// "How these rules play": seeded games of the rules in force, played by bots in the rules engine's worker a part at a
// time, so other checks and typing go on between parts and Cancel stops between them. handfoot works out the figures
// and sets them beside the base version's kept run, each difference beyond the noise marked; this module only shows.
import { fill, h, siteUrl } from "../dom.mjs";
import { engineMissing } from "../offline.mjs";

// `rulesNow()` is the draft in force, `rulesOf(draft)` the rules handfoot is asked about, `plays` each version's kept
// run by id and `run` how to play, from the build: {games, seed, part (games a call), say_every (parts between two
// readings of the progress)}.
export function howItPlays({ engine, rulesNow, rulesOf, baseOf, plays, run }) {
  const play = h("button", {
    type: "button",
    class: "md-button md-button--primary",
    text: `Play ${run.games} games with these rules`,
    onclick: () => start(),
  });
  const cancel = h("button", { type: "button", class: "md-button", text: "Cancel", hidden: true, onclick: stop });
  const bar = h("progress", { max: run.games, value: 0, hidden: true, "aria-label": "Games played" });
  const status = h("p", { class: "hf-plays__status", role: "status" });
  const stale = h("p", {
    class: "hf-plays__stale",
    hidden: true,
    text: "Your rules have changed since these games were played: play again to see how they play now.",
  });
  const results = h("div", { class: "hf-plays__results" });
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
      ". A highlighted figure differs by more than the noise.",
    ),
    h("p", { class: "hf-plays__actions" }, play, cancel),
    bar,
    status,
    stale,
    results,
  );
  let playing = null;
  let shownFor = null;

  const keyOf = (draft) => JSON.stringify([draft.base, draft.changes]);

  async function start() {
    const draft = rulesNow();
    const mine = { cancelled: false };
    playing = mine;
    running(true);
    say(
      `Starting: ${engine.state === "ready" ? "" : "the rules engine is loading, then "}bots play ${run.games} games…`,
    );
    try {
      await engine.ready;
      const rules = rulesOf(draft);
      const parts = [];
      for (let first = 0; first < run.games; first += run.part) {
        if (mine.cancelled) return say(`Stopped after ${first} of ${run.games} games. Nothing was kept.`);
        parts.push(await engine.call("play_games", rules, run.seed, first, Math.min(run.part, run.games - first)));
        progress(Math.min(first + run.part, run.games), parts.length);
      }
      if (mine.cancelled) return say(`Stopped after ${run.games} of ${run.games} games. Nothing was kept.`);
      const base = baseOf(draft);
      draw(await engine.call("how_it_plays", parts, plays[base.id] ?? null), base, draft);
    } catch (error) {
      say(
        error.type === "failed"
          ? `No games can be played now: ${engineMissing("the rules engine")}`
          : `The games could not be played: ${error.message}`,
      );
    } finally {
      if (playing === mine) {
        playing = null;
        running(false);
      }
    }
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

  function draw(shown, base, draft) {
    shownFor = keyOf(draft);
    stale.hidden = true;
    const withBase = shown.rows.some((row) => row.base);
    say(`Played ${shown.games} games (${shown.rounds} rounds).`);
    const head = h(
      "tr",
      {},
      h("th", { scope: "col", text: "Figure" }),
      h("th", { scope: "col", text: "Your rules" }),
      withBase && h("th", { scope: "col", text: base.short_name }),
    );
    const rows = shown.rows.map((row) =>
      h(
        "tr",
        { "data-figure": row.name, class: row.part ? "hf-plays__part" : null },
        h("th", { scope: "row", text: row.label }),
        cell(row.yours, row.differs),
        withBase && cell(row.base, ""),
      ),
    );
    fill(
      results,
      h("p", { class: "hf-plays-caveat" }, h("strong", { text: shown.caveat })),
      h("p", {
        text: withBase
          ? `Your rules: ${shown.games} games. ${base.name}: ${shown.base_games} games from the same seeds. Under each figure, ± the margin it lies within 19 times out of 20.`
          : `Your rules: ${shown.games} games. Under each figure, ± the margin it lies within 19 times out of 20.`,
      }),
      h(
        "div",
        { class: "hf-plays-scroll", tabindex: "0", role: "region", "aria-label": "How these rules play" },
        h("table", { class: "hf-compare hf-plays" }, h("thead", {}, head), h("tbody", {}, rows)),
      ),
      !withBase && h("p", { text: `${base.name}'s figures are not in this build, so nothing is set beside yours.` }),
    );
  }

  function cell(figure, differs) {
    return h(
      "td",
      { class: differs ? "hf-differs" : null },
      figure.text,
      h("span", { class: "hf-plays__margin", text: figure.margin }),
      differs && h("span", { class: "hf-plays__direction", text: ` ${differs}` }),
    );
  }

  return {
    element,
    // The rules in force changed: results of other rules say so.
    update(draft) {
      if (shownFor) stale.hidden = keyOf(draft) === shownFor;
    },
  };
}
