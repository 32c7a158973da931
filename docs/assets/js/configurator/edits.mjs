// The edits a person makes to a rule set's rules as shown ({base, name, changes}), each giving new rules: a rule set
// to a value, a change taken back, another version to start from. A change to the base's own value is no change.
import { getRule, sameValue } from "../rulesets.mjs";

// `base` is the published version the rules start from (draft.base's mapping).
export function withRule(draft, base, path, value) {
  const changes = { ...draft.changes, [path]: value };
  if (sameValue(getRule(base, path), value)) delete changes[path];
  return { ...draft, changes };
}

export function withoutChange(draft, path) {
  const { [path]: gone, ...changes } = draft.changes;
  return { ...draft, changes };
}

// The rules started from version `id` (`variant`, its mapping) instead: a change that is now its own value goes.
export function rebased(draft, id, variant) {
  const changes = Object.fromEntries(
    Object.entries(draft.changes).filter(([path, value]) => !sameValue(getRule(variant, path), value)),
  );
  return { ...draft, base: id, changes };
}
