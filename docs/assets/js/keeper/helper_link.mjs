// The rule helper's going-out question for one team's round of this game, with the game's own rules (a published
// version, or its rules and house values as a rules link) and the books the team has entered for the round.
import { h, siteUrl } from "../dom.mjs";
import { RulesetProblem, decodeRuleset, encodeRuleset } from "../rulesets.mjs";

function linkedDraft(game, data) {
  if (!game.rulesUrl) return null;
  const encoded = new URLSearchParams(new URL(game.rulesUrl).hash.slice(1)).get("rules");
  try {
    const paths = new Set(data.fields.map((field) => field.path));
    return decodeRuleset(encoded ?? "", { variants: data.variants, paths, most: data.most });
  } catch (error) {
    if (error instanceof RulesetProblem) return null;
    throw error;
  }
}

// The books team `t` has entered for round `r` (counting from 0), as the helper reads them: "clean:2,dirty:1".
function booksParam(game, r, t) {
  const entry = game.rounds[r]?.[t] ?? {};
  return game.form.entry_fields
    .filter((field) => field.book && Number.isInteger(entry[field.key]))
    .map((field) => `${field.book}:${entry[field.key]}`)
    .join(",");
}

export function helperUrl(game, data, r, t) {
  const url = new URL(siteUrl("helper/"));
  url.searchParams.set("ask", "out");
  url.searchParams.set("round", String(r + 1));
  const books = booksParam(game, r, t);
  if (books) url.searchParams.set("books", books);
  const linked = linkedDraft(game, data);
  const base = linked?.base ?? (data.variants[game.variantId] ? game.variantId : null);
  if (!base) return url.href;
  const changes = { ...(linked?.changes ?? {}), ...game.house };
  if (!Object.keys(changes).length) {
    url.searchParams.set("variant", base);
    return url.href;
  }
  url.hash = `rules=${encodeRuleset({ base, name: linked?.name ?? "", changes })}`;
  return url.href;
}

// A link under a team's fields. Its address is made again when followed, so that it carries the books and the house
// values the game has then.
export function helperLink(store, r, t) {
  const address = () => helperUrl(store.get().game, store.get().data, r, t);
  const { game } = store.get();
  return h(
    "a",
    {
      class: "hf-team-round__helper",
      href: address(),
      onclick: (event) => {
        event.currentTarget.href = address();
      },
    },
    // The helper's going-out question, worded for the side asking (the sheet form's helper words).
    game.form.helper.tabs.out,
    h(
      "span",
      { class: "hf-visually-hidden" },
      " Ask the rule helper for ",
      h("span", { "data-team-name": String(t), text: game.teams[t] }),
    ),
  );
}
