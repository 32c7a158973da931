// What handfoot said of a change it refused, in a player's words: its reason at the field it names, "Not applied" at
// the field changed, by rule path; and the notice for the page when no changed field explains it. The state keeps the
// words (state.mjs, `said`) until that rule changes again, and the rules form draws them at the fields.
import { capitalise } from "../dom.mjs";

// `problem` is handfoot's refusal of the change to `path` (null when a whole set was refused); `fields` the spec's.
// Returns {said: {path: text}, notice: text or null}.
export function refusalWords(problem, path, fields) {
  const explained = fields.find((field) => field.path === String(problem.field).split("[")[0]);
  const reason = problem.problem ?? problem.message;
  const notice = `These rules have a problem: ${reason}. Change the rule marked below to fix it.`;
  const at = explained?.path ?? path;
  if (!at) return { said: {}, notice };
  const outcome = path ? " Not applied." : "";
  const said = {
    [at]:
      problem.type === "VariantError" ? `${capitalise(reason)}.${outcome}` : `This cannot be checked now: ${reason}`,
  };
  if (path && path !== at) said[path] = `Not applied: it clashes with "${explained.label}" (see there).`;
  return { said, notice: path ? null : notice };
}
