// Rules links (rulesets.mjs): a table's rules go into a link and come back whole, and a link that was damaged or
// changed is refused with a reason in a player's words, before any rule is read from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_LINK_CHARS, RulesetProblem, decodeRuleset, encodeRuleset } from "../../docs/assets/js/rulesets.mjs";
import { data, known } from "./data.mjs";

const PAGAT = data.default;
const HOUSE = {
  base: PAGAT,
  name: "Grandma's rules: ♥ ünïcode",
  changes: { "books.clean": 600, "threes.red_caught": -300 },
};
const encode64 = (object) => Buffer.from(JSON.stringify(object)).toString("base64url");

test("a rule set comes back from its link exactly, names in any script included", () => {
  const link = encodeRuleset(HOUSE);
  assert.match(link, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeRuleset(link, known), HOUSE);
});

test("a link that was damaged or changed is refused with its reason", () => {
  const refused = (text) => {
    try {
      decodeRuleset(text, known);
    } catch (error) {
      assert.ok(error instanceof RulesetProblem, String(error));
      return error.message;
    }
    return assert.fail(`${text.slice(0, 40)} was read`);
  };
  assert.equal(refused("abc$"), "it holds characters a rules link never has");
  assert.equal(refused("x".repeat(MAX_LINK_CHARS + 1)), "it is longer than any rules link this site makes");
  assert.equal(refused(encodeRuleset(HOUSE).slice(0, -7)), "it cannot be read");
  assert.equal(refused(encode64({ ...HOUSE, v: 2 })), "it comes from another version of this site");
  assert.equal(refused(encode64({ v: 1, ...HOUSE, extra: 1 })), 'it has a part this site does not know ("extra")');
  assert.equal(refused(encode64({ v: 1, ...HOUSE, base: "nope" })), "it starts from rules this site does not have");
  assert.equal(refused(encode64({ v: 1, ...HOUSE, changes: { "books.nope": 1 } })), '"books.nope" is not a rule');
  assert.equal(refused(encode64({ v: 1, ...HOUSE, changes: [] })), "its changes cannot be read");
  const long = "n".repeat(known.most.name + 1);
  assert.equal(
    refused(encode64({ v: 1, ...HOUSE, name: long })),
    `its name must be text of at most ${known.most.name} characters`,
  );
});
