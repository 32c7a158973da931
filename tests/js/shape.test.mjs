// The keeper's kind checks of a saved game's rules (keeper/shape.mjs), held to handfoot: they run before Python starts,
// so they are written in the browser, and these tests keep them in step with the rule spec (handfoot/spec.py) through
// the spec's JSON and handfoot's own reading of values of every kind (test_browser_modules.py writes both).
import { test } from "node:test";
import assert from "node:assert/strict";
import { KINDS, fits, savedBefore } from "../../docs/assets/js/keeper/shape.mjs";
import { data, fields } from "./data.mjs";

test("every type of control the spec has is one the keeper checks, and no other", () => {
  const types = new Set(fields.map((field) => field.control.type));
  assert.deepEqual([...types].sort(), Object.keys(KINDS).sort());
  assert.equal(fits({ type: "a_type_the_spec_adds" }, 1), false);
});

test("a value handfoot reads for a rule is never refused by the keeper", () => {
  for (const field of fields) {
    for (const [value, read] of data.rule_values.probes[field.path]) {
      if (read) assert.ok(fits(field.control, value), `${field.path}: ${JSON.stringify(value)}`);
    }
  }
});

test("a value of no rule's kind is refused by the keeper where handfoot refuses it", () => {
  // Values of the wrong kind only: a number out of a rule's range is refused by handfoot's own check of the rules.
  const odd = ["x", 1.5, true, [], {}, [1, "a"], { a: "b" }];
  for (const field of fields) {
    for (const [value, read] of data.rule_values.probes[field.path]) {
      const isOdd = odd.some((item) => JSON.stringify(item) === JSON.stringify(value));
      if (isOdd && !read) assert.ok(!fits(field.control, value), `${field.path}: ${JSON.stringify(value)}`);
    }
  }
});

test("a rule added after a game was saved reads as handfoot reads it, for every published version", () => {
  for (const [id, expected] of Object.entries(data.rule_values.saved_before)) {
    const { rules } = data.variants[id];
    for (const [path, value] of Object.entries(expected)) {
      const field = fields.find((f) => f.path === path);
      assert.deepEqual(savedBefore(rules, field.saved_before), value, `${id}: ${path}`);
    }
  }
});
