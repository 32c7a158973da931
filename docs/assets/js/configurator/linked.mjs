// A shared link's rules (#rules= in the page's address), opened as a rule set of their own, or as the identical set
// already kept here; no set is replaced except an untouched one.
import { RulesetProblem, decodeRuleset } from "../rulesets.mjs";
import { RULE_SETS_KEPT, blankSet, isBlank, sameRules, setLabel } from "./sets.mjs";

// {sets, current, adopted: {set, added} | null, notices: [text]}: the sets with the link's rules among them.
export function adoptLink({ sets, current, variants, paths, most }) {
  const hash = new URLSearchParams(location.hash.slice(1)).get("rules");
  if (hash === null) return { sets, current, adopted: null, notices: [] };
  history.replaceState(null, "", location.pathname + location.search);
  let linked;
  try {
    linked = decodeRuleset(hash, { variants, paths, most });
  } catch (error) {
    if (!(error instanceof RulesetProblem)) throw error;
    const why = `This rules link is damaged or was changed (${error.message}), so it was not opened. Your own rules are shown instead.`;
    return { sets, current, adopted: null, notices: [why] };
  }
  let set = sets.find((other) => sameRules(other, linked));
  const added = !set;
  let kept = sets;
  if (added && sets.length >= RULE_SETS_KEPT) {
    const why = `You keep ${RULE_SETS_KEPT} rule sets on this device already. Delete one, then open the link again.`;
    return { sets, current, adopted: null, notices: [why] };
  }
  if (added) {
    const open = sets.find((other) => other.id === current);
    if (open && isBlank(open, variants)) kept = sets.filter((other) => other !== open);
    set = { ...blankSet(linked.base), ...linked };
    kept = [...kept, set];
  }
  const notices = kept.some((other) => other !== set && !isBlank(other, variants))
    ? [
        `The shared rules "${setLabel(set, variants)}" are open as a rule set of their own. ` +
          `Your other rule sets are kept: choose one under "Rule set".`,
      ]
    : [];
  return { sets: kept, current: set.id, adopted: { set, added }, notices };
}
