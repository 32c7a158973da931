// The score sheet at the top of the keeper: a row per round, a column per team, the totals under the teams and who
// leads. A round's row opens that round below for entry or correction.
import { fill, formatPoints, h } from "../dom.mjs";
import { isEntered, roundCount } from "./model.mjs";

export function sheetSection(rules) {
  return h(
    "section",
    { class: "hf-sheet", "aria-labelledby": "hf-sheet-title" },
    h("h2", { id: "hf-sheet-title", class: "hf-visually-hidden", text: "Score sheet" }),
    rules,
    h("div", { id: "hf-totals-body", "aria-live": "polite" }),
  );
}

// `cache` is fresh for the game's entries, or null; `openRound` is the round shown below; `onOpen(r)` opens one.
// `table`: whether the table of rounds is drawn, or only the line under it (a game still in its first round).
export function paintSheet(game, cache, { waiting, openRound, onOpen, table }) {
  const target = document.getElementById("hf-totals-body");
  if (!target) return;
  const scored = cache?.game ?? null;
  // The table is drawn once per shape and then updated in place: a tap on a row must find the same button.
  const drawn = target.querySelector(".hf-sheet__table");
  const shape = JSON.stringify([roundCount(game), game.teams, openRound, table]);
  if (drawn?.dataset.shape === shape) {
    drawn.querySelectorAll("tbody tr").forEach((row, r) => {
      row.querySelectorAll("td").forEach((cell, t) => (cell.textContent = cellText(game, cache, r, t)));
    });
    const totals = scored?.totals ?? game.teams.map(() => 0);
    drawn.querySelectorAll("tfoot td").forEach((cell, t) => (cell.textContent = formatPoints(totals[t])));
    const lead = target.querySelector(".hf-sheet__lead");
    lead.textContent = leadText(game, cache, scored, waiting);
    lead.classList.toggle("hf-sheet__lead--waiting", !scored);
    const problem = target.querySelector(".hf-sheet__problem");
    problem.textContent = cache?.problem ?? "";
    problem.hidden = !cache?.problem;
    return;
  }
  const rows = Array.from({ length: roundCount(game) }, (_, r) =>
    h(
      "tr",
      { class: r === openRound ? "hf-sheet__open" : null },
      h(
        "th",
        { scope: "row" },
        h("button", {
          type: "button",
          class: "hf-sheet__round",
          "aria-current": r === openRound ? "true" : null,
          text: `Round ${r + 1}`,
          onclick: () => onOpen(r),
        }),
      ),
      game.teams.map((_, t) => h("td", { text: cellText(game, cache, r, t) })),
    ),
  );
  const totals = scored?.totals ?? game.teams.map(() => 0);
  const word = game.form.team_word;
  const sheet = table
    ? h(
        "table",
        { class: "hf-sheet__table", "data-shape": shape },
        h("caption", { class: "hf-visually-hidden", text: `Each round's score for each ${word}, and the totals` }),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col", text: "Round" }),
            game.teams.map((name, t) => h("th", { scope: "col", "data-team-name": String(t), text: name })),
          ),
        ),
        h("tbody", {}, rows),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "row", text: "Total" }),
            totals.map((total) => h("td", { text: formatPoints(total) })),
          ),
        ),
      )
    : h("div", { class: "hf-sheet__table", "data-shape": shape, hidden: true });
  fill(
    target,
    sheet,
    h("p", {
      class: scored ? "hf-sheet__lead" : "hf-sheet__lead hf-sheet__lead--waiting",
      text: leadText(game, cache, scored, waiting),
    }),
    h("p", { class: "hf-error hf-sheet__problem", text: cache?.problem ?? "", hidden: !cache?.problem }),
  );
}

function cellText(game, cache, r, t) {
  if (!isEntered(game.rounds[r]?.[t])) return "";
  const result = cache?.rounds?.[r]?.[t];
  if (!cache) return "…";
  return result?.ok ? formatPoints(result.total) : "?";
}

function leadText(game, cache, scored, waiting) {
  const word = game.form.team_word;
  const count = game.form.rounds.count;
  if (!game.rounds.some((round) => round.some(isEntered)))
    return `${count ? `${count === 1 ? "One round" : `${count} rounds`} to play. ` : ""}Every ${word} starts at 0.`;
  if (!cache) return waiting;
  if (!scored) return `Totals show once every ${word} has entered round 1.`;
  const names = (indexes) => indexes.map((t) => game.teams[t]).join(" and ");
  const best = scored.totals[scored.leaders[0]];
  if (scored.finished && scored.winner !== null) {
    return `Winner: ${game.teams[scored.winner]} with ${formatPoints(best)}.`;
  }
  if (scored.finished) return `A tie: ${names(scored.leaders)} with ${formatPoints(best)}.`;
  if (scored.leaders.length > 1) return `Level: ${names(scored.leaders)} on ${formatPoints(best)}.`;
  const rest = scored.totals.filter((_, t) => t !== scored.leaders[0]);
  return `${game.teams[scored.leaders[0]]} leads by ${formatPoints(best - Math.max(...rest))}.`;
}
