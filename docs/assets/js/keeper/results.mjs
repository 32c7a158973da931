// Results on the page: each team-round's lines, running totals and the winner, from the scores handfoot gave.
// While a team's fields are being typed in (`editing` names them), a rule that spans several of its fields is not
// reported yet: the person has not finished.
import { fill, formatPoints, h } from "../dom.mjs";
import { entryFields, inputsKey, isEntered, roundCount } from "./model.mjs";

export function paintResults(game, scorerState, { editing = null } = {}) {
  const cache = game.cache;
  const fresh = cache && cache.key === inputsKey(game);
  const waiting =
    scorerState === "failed" ? "The scorer could not load; totals will show when it can." : "Loading the scorer…";
  for (let r = 0; r < roundCount(game); r += 1) {
    for (let t = 0; t < game.teams.length; t += 1) {
      const box = document.getElementById(`r${r}-t${t}-result`);
      if (!box) continue;
      for (const key of entryFields(game).map((f) => f.key)) {
        const error = document.getElementById(`r${r}-t${t}-${key}-error`);
        const input = document.getElementById(`r${r}-t${t}-${key}`);
        if (error && input?.dataset.invalid === "handfoot") {
          input.removeAttribute("aria-invalid");
          delete input.dataset.invalid;
          error.textContent = "";
        }
      }
      const minimum = document.getElementById(`r${r}-t${t}-minimum`);
      const own = fresh ? cache.minimums?.[r]?.[t] : undefined;
      if (minimum)
        minimum.textContent = own === undefined ? "" : game.form.team_minimum.replace("{points}", formatPoints(own));
      const entry = game.rounds[r]?.[t];
      if (!isEntered(entry)) {
        fill(box, h("p", { class: "hf-result__empty", text: "Not entered yet." }));
        continue;
      }
      if (!fresh) {
        fill(box, h("p", { class: "hf-result__empty", text: waiting }));
        continue;
      }
      const result = cache.rounds[r]?.[t];
      const typing = editing === `r${r}-t${t}`;
      if (!result?.ok && typing) {
        fill(box, h("p", { class: "hf-result__empty", text: "Checked when you leave this team's fields." }));
        continue;
      }
      if (!result?.ok) {
        const target = document.getElementById(`r${r}-t${t}-${result?.field}`);
        const error = document.getElementById(`r${r}-t${t}-${result?.field}-error`);
        if (target && error) {
          target.setAttribute("aria-invalid", "true");
          target.dataset.invalid = "handfoot";
          error.classList.remove("hf-undone");
          error.textContent = result.message;
        }
        fill(box, h("p", { class: "hf-error", text: `Not scored: ${result?.message ?? "no result"}` }));
        continue;
      }
      const running = cache.game?.running?.[r]?.[t];
      fill(
        box,
        h(
          "ul",
          { class: "hf-lines" },
          result.lines.map((line) =>
            h("li", {}, h("span", { text: line.label }), h("span", { text: formatPoints(line.points) })),
          ),
        ),
        h(
          "p",
          { class: "hf-result__total" },
          h("span", { text: "Round score " }),
          h("strong", { text: formatPoints(result.total) }),
        ),
        running === undefined
          ? h("p", {
              class: "hf-help",
              text: "The running total waits until every team has entered this round and the rounds before it.",
            })
          : h(
              "p",
              { class: "hf-result__running" },
              h("span", { text: "Running total " }),
              h("strong", { text: formatPoints(running) }),
            ),
        typing ? null : result.warnings.map((text) => h("p", { class: "hf-warning", text })),
      );
    }
  }
  paintTotals(game, fresh ? cache : null, waiting);
}

function paintTotals(game, cache, waiting) {
  const target = document.getElementById("hf-totals-body");
  if (!target) return;
  const scored = cache?.game;
  if (!game.rounds.some((round) => round.some(isEntered))) {
    fill(target, h("p", { text: "No round entered yet. Every team starts at 0." }));
    return;
  }
  if (!cache) {
    fill(target, h("p", { text: waiting }));
    return;
  }
  const rows = (scored?.running ?? []).map((totals, r) =>
    h(
      "tr",
      {},
      h("th", { scope: "row", text: `Round ${r + 1}` }),
      totals.map((total) => h("td", { text: formatPoints(total) })),
    ),
  );
  const table = h(
    "table",
    { class: "hf-totals__table" },
    h("caption", { class: "hf-visually-hidden", text: "Running totals after each round" }),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "After" }),
        game.teams.map((name, t) => h("th", { scope: "col", "data-team-name": String(t), text: name })),
      ),
    ),
    h("tbody", {}, rows),
  );
  let verdict = null;
  if (scored?.finished) {
    verdict =
      scored.winner === null
        ? h("p", {
            class: "hf-winner",
            text: `A tie: ${scored.leaders.map((t) => game.teams[t]).join(" and ")} with ${formatPoints(scored.totals[scored.leaders[0]])}.`,
          })
        : h("p", {
            class: "hf-winner",
            text: `Winner: ${game.teams[scored.winner]} with ${formatPoints(scored.totals[scored.winner])}.`,
          });
  }
  fill(
    target,
    rows.length
      ? h("div", { class: "hf-table-scroll" }, table)
      : h("p", { text: "Totals show once every team has entered round 1." }),
    cache.problem ? h("p", { class: "hf-error", text: cache.problem }) : null,
    verdict,
  );
}
