// Results on the page: each team-round's lines, running totals and the winner, from the scores handfoot gave.
// While a team's fields are being typed in (`editing` names them), a rule that spans several of its fields is not
// reported yet: the person has not finished.
import { fill, formatPoints, h } from "../dom.mjs";
import { entryFields, inputsKey, isEntered, roundCount } from "./model.mjs";
import { paintSheet } from "./sheet.mjs";
import { paintRace } from "./race.mjs";

export function paintResults(
  game,
  engineState,
  { editing = null, openRound = 0, onOpen = () => {}, table = true } = {},
) {
  const cache = game.cache;
  const fresh = cache && cache.key === inputsKey(game);
  const waiting =
    engineState === "failed"
      ? "The rules engine could not load; totals will show when it can."
      : "Loading the rules engine…";
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
      showUncounted(game, r, t);
      if (fresh) showOutWarnings(r, t, cache.rounds[r]?.[t]);
      if (!isEntered(entry)) {
        fill(box);
        continue;
      }
      if (!fresh) {
        fill(box, h("p", { class: "hf-result__empty", text: waiting }));
        continue;
      }
      const result = cache.rounds[r]?.[t];
      const typing = editing === `r${r}-t${t}`;
      if (!result?.ok && typing) {
        fill(
          box,
          h("p", { class: "hf-result__empty", text: `Checked when you leave this ${game.form.team_word}'s fields.` }),
        );
        continue;
      }
      if (!result?.ok) {
        const at = fieldAtFault(game, r, t, result);
        const target = document.getElementById(`r${r}-t${t}-${at}`);
        const error = document.getElementById(`r${r}-t${t}-${at}-error`);
        // A field showing what it cannot take keeps its own message: that comes first.
        if (target && error && target.dataset.invalid !== "typed") {
          target.setAttribute("aria-invalid", "true");
          target.dataset.invalid = "handfoot";
          error.classList.remove("hf-undone");
          error.textContent = result.message;
        }
        fill(box, h("p", { class: "hf-error", text: `Not scored: ${result?.message ?? "no result"}` }));
        continue;
      }
      const running = cache.game?.running?.[r]?.[t];
      const opened = document.getElementById(`r${r}-t${t}-lines`)?.open;
      fill(
        box,
        h(
          "p",
          { class: "hf-result__total" },
          h("span", { text: "Round score " }),
          h("strong", { text: formatPoints(result.total) }),
        ),
        h(
          "details",
          { class: "hf-result__lines", id: `r${r}-t${t}-lines`, open: opened },
          h("summary", { text: "How it adds up" }),
          h(
            "ul",
            { class: "hf-lines" },
            result.lines.map((line) =>
              h("li", {}, h("span", { text: line.label }), h("span", { text: formatPoints(line.points) })),
            ),
          ),
        ),
        running === undefined
          ? h("p", {
              class: "hf-help",
              text: `Running total: once every ${game.form.team_word} has entered this round and those before.`,
            })
          : h(
              "p",
              { class: "hf-result__running" },
              h("span", { text: "Running total " }),
              h("strong", { text: formatPoints(running) }),
            ),
      );
    }
  }
  paintSheet(game, fresh ? cache : null, { waiting, openRound, onOpen, table });
  paintRace(game, fresh ? cache : null);
  paintEnd(game, fresh ? cache : null);
}

// Where two fields contradict each other (books and the card points they need), the one the player changed last is
// marked: the other was typed earlier and may well be right.
export function fieldAtFault(game, r, t, result) {
  const fields = result?.fields?.length ? result.fields : [result?.field];
  for (const step of [...game.history].reverse()) {
    const typed = fields.find((key) => step.focus === `r${r}-t${t}-${key}`);
    if (typed) return typed;
  }
  return fields[0];
}

// What handfoot warns of in a team's round is about going out (scoring.py's score_round): it is said beside the
// going-out box as soon as it is known, while the player is still at the box.
function showOutWarnings(r, t, result) {
  const line = document.getElementById(`r${r}-t${t}-went_out-warning`);
  if (!line) return;
  const text = result?.ok ? result.warnings.join(" ") : "";
  if (line.textContent === text) return;
  line.textContent = text;
  // Said to the player at the box: on screen, when the box was just ticked.
  if (text && document.activeElement?.id === `r${r}-t${t}-went_out`) line.scrollIntoView({ block: "nearest" });
}

// A field showing what is not a number is not counted: the line above the team's total says so, and what the total
// uses in its place.
export function showUncounted(game, r, t) {
  const line = document.getElementById(`r${r}-t${t}-uncounted`);
  if (!line) return;
  const entry = game.rounds[r]?.[t] ?? {};
  const parts = entryFields(game)
    .map((field) => ({ field, input: document.getElementById(`r${r}-t${t}-${field.key}`) }))
    .filter(({ input }) => input?.dataset.invalid === "typed")
    .map(({ field, input }) => {
      const kept = entry[field.key];
      const uses = kept === null || kept === undefined ? "nothing" : formatPoints(kept);
      return `${field.label} shows "${input.value}", which is not counted: the total uses ${uses} for it`;
    });
  const text = parts.length ? `${parts.join(". ")}.` : "";
  if (line.textContent !== text) line.textContent = text;
  line.hidden = !text;
}

// Once the last round is scored: the winner and the final totals, and a new game with the same teams.
function paintEnd(game, cache) {
  const panel = document.getElementById("hf-game-end");
  const target = document.getElementById("hf-game-end-body");
  if (!panel || !target) return;
  const scored = cache?.game;
  panel.hidden = !scored?.finished;
  if (!scored?.finished) {
    fill(target);
    return;
  }
  const best = scored.totals[scored.leaders[0]];
  const verdict =
    scored.winner === null
      ? `A tie: ${scored.leaders.map((t) => game.teams[t]).join(" and ")} with ${formatPoints(best)}.`
      : `Winner: ${game.teams[scored.winner]} with ${formatPoints(best)}.`;
  fill(
    target,
    h("p", { class: "hf-winner", text: verdict }),
    h(
      "ul",
      { class: "hf-final" },
      game.teams.map((name, t) =>
        h("li", {}, h("span", { text: name }), h("strong", { text: formatPoints(scored.totals[t]) })),
      ),
    ),
  );
}
