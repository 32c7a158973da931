// Numbers as people type them into the keeper, the configurator and the helper (controls/whole_number.mjs
// parseWhole): what a field holds after each key, what it refuses and the words it says. Ranges are handfoot's (the
// sheet's limits).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseWhole } from "../../docs/assets/js/controls/whole_number.mjs";
import { fields, limits } from "./data.mjs";

const POINTS = { min: 0, max: limits.points };
const SIGNED = { min: -limits.points, max: limits.points };
const OPTIONAL = { ...POINTS, none: "none" };
const most = limits.points.toLocaleString("en-US");

// What the field holds after each key of `keys`, typed one at a time.
function keyByKey(keys, spec) {
  return [...keys].map((_, i) => parseWhole(keys.slice(0, i + 1), spec));
}

test("thousands are read whole, with a comma, a space or the no-break spaces a copied number carries", () => {
  for (const text of ["1250", "1,250", "1 250", "1\u00a0250", "1\u202f250", " 1,250 "]) {
    assert.deepEqual(parseWhole(text, POINTS), { value: 1250 }, text);
  }
  assert.deepEqual(parseWhole("12,345", POINTS), { value: 12345 });
});

test("a minus as people type it, and as the site prints it, gives a negative number", () => {
  for (const text of ["-300", "\u2212300", "\u2013300"]) assert.deepEqual(parseWhole(text, SIGNED), { value: -300 });
});

test("a number on its way is unfinished, so nothing of it is applied: '-', '1,', '1,2'", () => {
  for (const text of ["", "-", "\u2212", "1,", "1,2", "1,25", "12,"]) {
    const read = parseWhole(text, SIGNED);
    assert.equal(read.unfinished, true, text);
    assert.equal(read.value, undefined, text);
    assert.match(read.error, /^Enter a whole number from /, text);
  }
});

test("typed key by key, '1,250' is never 1 or 12 on the way: only the last key gives a value", () => {
  const steps = keyByKey("1,250", POINTS);
  assert.deepEqual(steps.at(-1), { value: 1250 });
  assert.ok(
    steps.slice(1, -1).every((step) => step.unfinished),
    JSON.stringify(steps),
  );
});

test("a number past the range is refused with the range, never cut short", () => {
  const over = parseWhole("100000", POINTS);
  assert.equal(over.value, undefined);
  assert.equal(over.error, `100,000 is more than ${most}, the most allowed here.`);
  const under = parseWhole("-1", POINTS);
  assert.equal(under.error, "\u22121 is less than 0, the least allowed here.");
});

test("letters and stray marks are refused, and the message says what is allowed", () => {
  for (const text of ["2x", "1,25o", "1.5", "12-", "1,2345", "abc"]) {
    const read = parseWhole(text, POINTS);
    assert.equal(read.value, undefined, text);
    assert.equal(read.unfinished, undefined, text);
    assert.equal(read.error, `Enter a whole number from 0 to ${most}.`, text);
  }
});

test("an empty field is no value where the rule allows none, and says so", () => {
  assert.deepEqual(parseWhole("", OPTIONAL), { value: null });
  assert.equal(parseWhole("x", OPTIONAL).error, `Enter a whole number from 0 to ${most}, or leave it empty.`);
});

// Issue 49: the amount of a rule that may be taken off takes no sign; "adds" or "costs" beside it says which way it
// counts. A sign typed anywhere in it gets handfoot's message at once (the minus alone too), and nothing is applied.
test("an amount that takes no sign refuses a minus or a plus at once, with the words that say how to type it", () => {
  const { control } = fields.find((field) => field.path === "threes.red_caught_in_foot");
  const typed = control.sign.typed;
  const AMOUNT = { min: 0, max: control.max, none: control.none, enter: control.sign.enter, unsigned: typed };
  for (const text of ["-", "+", "\u2212", "\u2013", "-500", "+500", "\u2212500", "500-", " -5"]) {
    const read = parseWhole(text, AMOUNT);
    assert.deepEqual(read, { error: typed }, text);
  }
  assert.deepEqual(parseWhole("500", AMOUNT), { value: 500 });
  assert.deepEqual(parseWhole("1,500", AMOUNT), { value: 1500 });
  assert.deepEqual(parseWhole("", AMOUNT), { value: null });
  assert.equal(parseWhole("2,500", AMOUNT).error, "2,500 is more than 2,000, the most allowed here.");
});
