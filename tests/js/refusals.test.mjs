// handfoot's refusal of a change in the configurator, as the state keeps it (configurator/refusals.mjs, state.mjs):
// the reason at the rule handfoot names, "Not applied" at the rule changed, a notice when no change explains it, and
// the words gone once the rule changed is changed again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fields } from "./data.mjs";
import { refusalWords } from "../../docs/assets/js/configurator/refusals.mjs";
import { initialState, opened, refused, unsaid } from "../../docs/assets/js/configurator/state.mjs";

const clash = { type: "VariantError", field: "going_out.books", problem: "a round needs more books than the pack" };
const label = fields.find((field) => field.path === "going_out.books").label;

test("a change that clashes with another rule: the reason there, 'Not applied' here", () => {
  const { said, notice } = refusalWords(clash, "decks.count", fields);
  assert.equal(notice, null);
  assert.deepEqual(said, {
    "going_out.books": "A round needs more books than the pack. Not applied.",
    "decks.count": `Not applied: it clashes with "${label}" (see there).`,
  });
});

test("a change refused for its own rule, and a set refused as a whole", () => {
  const own = refusalWords({ ...clash, field: "going_out.books[2]" }, "going_out.books", fields);
  assert.deepEqual(own, {
    said: { "going_out.books": "A round needs more books than the pack. Not applied." },
    notice: null,
  });
  const whole = refusalWords(clash, null, fields);
  assert.deepEqual(whole.said, { "going_out.books": "A round needs more books than the pack." });
  assert.match(whole.notice, /^These rules have a problem: a round needs more books than the pack\./);
  assert.deepEqual(refusalWords({ ...clash, field: "" }, null, fields).said, {});
});

test("the words stay until the rule changed is changed again, and go with another set", () => {
  let state = opened(initialState({ sets: [], current: null, engine: "ready", notices: [] }), "s1", {});
  state = refused(state, {}, "decks.count", refusalWords(clash, "decks.count", fields).said);
  state = refused(state, {}, "books.clean", { "books.clean": "Too low. Not applied." });
  assert.equal(state.force, true);
  assert.deepEqual(Object.keys(state.said).sort(), ["books.clean", "decks.count", "going_out.books"]);
  state = unsaid(state, "decks.count");
  assert.deepEqual(Object.keys(state.said), ["books.clean"]);
  assert.equal(unsaid(state, "decks.count"), state);
  assert.deepEqual(opened(state, "s2", {}).said, {});
});
