// The rule helper's "Can we go out?" for a round of this game, with the game's own rules: a published version, or
// its rules and house values as a rules link.
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

export function helperUrl(game, data, round) {
  const url = new URL(siteUrl("helper/"));
  url.searchParams.set("ask", "out");
  url.searchParams.set("round", String(round));
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

// A link beside the round's heading. Its address is made again when followed, so that it carries the house values
// the game has then.
export function helperLink(ctx, round) {
  const address = () => helperUrl(ctx.game, ctx.data, round);
  return h(
    "a",
    {
      class: "hf-round__helper",
      href: address(),
      onclick: (event) => {
        event.currentTarget.href = address();
      },
    },
    "Can we go out?",
    h("span", { class: "hf-visually-hidden", text: " Ask the rule helper" }),
  );
}
