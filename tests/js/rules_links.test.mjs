// Rules links (rulesets.mjs): a table's rules go into a link and come back whole, and a link that was damaged or
// changed is refused with a reason in a player's words, before any rule is read from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_LINK_CHARS,
  RulesetProblem,
  buildMapping,
  decodeRuleset,
  encodeRuleset,
  slug,
  toYaml,
} from "../../docs/assets/js/rulesets.mjs";
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

test("the rules a link builds are the base's, with the table's changes stated by the table", () => {
  const base = data.variants[PAGAT];
  const mapping = buildMapping(base, HOUSE, "https://example.org/configurator/#rules=x", known.most);
  assert.equal(mapping.rules.books.clean, 600);
  assert.equal(mapping.rules.threes.red_caught, -300);
  assert.deepEqual(mapping.provenance["books.clean"], { stated: ["house"] });
  assert.equal(mapping.name, HOUSE.name);
  assert.equal(mapping.id, slug(HOUSE.name, known.most));
  assert.equal(base.rules.books.clean !== 600, true, "the base is not changed");
  // No name and no change: the published rules themselves.
  assert.deepEqual(buildMapping(base, { base: PAGAT, name: "", changes: {} }, "", known.most), base);
});

test("a rule set's file name is its name in plain letters, and never empty", () => {
  assert.equal(slug("Grandma's Rules!", known.most), "grandma-s-rules");
  assert.equal(slug("Ünïcödé", known.most), "unicode");
  assert.equal(slug("♥♥♥", known.most), "house-rules");
  assert.ok(slug("a".repeat(500), known.most).length <= known.most.id);
});

test("the YAML of a rule set is a variant file a person can read", () => {
  const base = data.variants[PAGAT];
  const text = toYaml(buildMapping(base, HOUSE, "https://example.org/", known.most));
  assert.match(text, /^# Grandma's rules/);
  assert.match(text, /\n {2}books:\n {4}clean: 600\n/);
  assert.doesNotMatch(text, /\nid:/);
});
