// handfoot's check of the rules a game arrives with (from a file or another phone), and its refusal in a player's words.
import { withHouse } from "./model.mjs";

// The sheet form of `game`'s rules once handfoot has checked them; rejects with handfoot's refusal, or with
// {type: "failed"} when the rules engine could not start.
export async function checkedForm(engine, game) {
  await engine.ready;
  const mapping = withHouse(game.base, game.house);
  await engine.call("validate_variant", mapping);
  return engine.call("sheet_form", mapping);
}

// handfoot's refusal of a rule set, with the rule it names: '"Hand size": expected a whole number from 5 to 30'.
export function refusalWords(data, error) {
  const field = data.fields.find((f) => f.path === error.path);
  const words = error.problem ?? error.message;
  return field ? `"${field.label}": ${words}` : words;
}
