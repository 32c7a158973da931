// A game's link for another phone (keeper/handover_link.mjs): what it carries, what it leaves out, and what a link
// that is not one of ours gets. The browser tests (tests/keeper/test_handover.py) hand games over between phones.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inflateRawSync, deflateRawSync } from "node:zlib";
import { newGame } from "../../docs/assets/js/keeper/model.mjs";
import {
  HandoverProblem,
  MAX_HANDOVER_CHARS,
  handoverLink,
  readHandover,
} from "../../docs/assets/js/keeper/handover_link.mjs";
import { handoverInHash } from "../../docs/assets/js/keeper/handover.mjs";
import { data, fields, limits } from "./data.mjs";

const PAGAT = data.variants[data.default];
const FORM = data.sheets[data.default];
const KEEPER = "https://hand-and-foot.example/keeper/";
const reading = { variants: data.variants, known: { fields, limits } };
const entry = { went_out: false, clean_books: 2, dirty_books: 1, melded: 455, left: 40 };

function gameOf(base, rounds, teams = 2) {
  const game = newGame(base, FORM);
  game.teams = game.teams.slice(0, teams);
  game.rounds = Array.from({ length: rounds }, () => game.teams.map(() => ({ ...entry })));
  game.open = rounds - 1;
  return game;
}

function payloadOf(link) {
  const text = handoverInHash(new URL(link).hash);
  return JSON.parse(inflateRawSync(Buffer.from(text, "base64url")).toString("utf-8"));
}

function linkOf(value) {
  return deflateRawSync(Buffer.from(JSON.stringify(value))).toString("base64url");
}

test("a game of a published version's rules leaves their values out, and comes back whole", async () => {
  const game = gameOf(PAGAT, 2);
  const link = await handoverLink(game, data.variants, KEEPER);
  assert.ok(link.startsWith(`${KEEPER}#game=`));
  assert.equal(payloadOf(link).game.base, null);
  const back = await readHandover(handoverInHash(new URL(link).hash), reading);
  assert.deepEqual(
    [back.id, back.base, back.teams, back.rounds, back.open],
    [game.id, PAGAT, game.teams, game.rounds, 1],
  );
});

test("a game of its own rules carries them, and a long one fits a link", async () => {
  const own = structuredClone(PAGAT);
  own.name = "Our kitchen table";
  own.rules.deal.hand_size = 15;
  const game = gameOf(own, limits.rounds, limits.teams_max);
  const link = await handoverLink(game, data.variants, KEEPER);
  assert.deepEqual(payloadOf(link).game.base, {
    from: data.default,
    changed: [
      [["name"], own.name],
      [["rules", "deal", "hand_size"], 15],
    ],
  });
  // A QR code of this link is within a phone camera's easy reach (a code of version 40 holds 2,331 characters).
  assert.ok(link.length < 1000, `${link.length} characters`);
  const back = await readHandover(handoverInHash(new URL(link).hash), reading);
  assert.deepEqual(back.base, own);
  assert.equal(back.rounds.length, limits.rounds);
});

test("links that are not a game of ours are refused in a player's words", async () => {
  const game = gameOf(PAGAT, 1);
  const good = handoverInHash(new URL(await handoverLink(game, data.variants, KEEPER)).hash);
  const record = payloadOf(`${KEEPER}#game=${good}`).game;
  const cases = [
    [good.slice(0, good.length >> 1), "it is cut short or damaged"],
    ["<script>", "it holds characters a game link never has"],
    ["A".repeat(MAX_HANDOVER_CHARS + 1), "it is longer than any game link this site makes"],
    [linkOf({ v: 1, game: { ...record, format: 99 } }), "it comes from another version of this site"],
    [linkOf({ v: 1, game: { ...record, variantId: "nobody" } }), "its rules are not on this site"],
    [linkOf({ v: 1, game: { ...record, base: { from: "nobody", changed: [] } } }), "its rules are not on this site"],
    [linkOf({ v: 1, game: { ...record, base: { from: data.default, changed: {} } } }), "its rules cannot be read"],
    [linkOf({ v: 1, game: { ...record, teams: ["Ann"] } }), "it must have"],
    [linkOf({ v: 1, game: { ...record, extra: true } }), "it holds something a game from this site never has"],
    [linkOf({ v: 1 }), "it holds no game"],
    [
      linkOf({ v: 1, game: { ...record, base: { from: data.default, changed: [[["__proto__", "x"], 1]] } } }),
      "its rules cannot be read",
    ],
    [
      linkOf({ v: 1, game: { ...record, base: { from: data.default, changed: [[["name"]]] } } }),
      "the rules it was played with are missing",
    ],
    // Small in the link, far larger than a game once read: refused as it is read, not after.
    [deflateRawSync(Buffer.alloc(4_000_000, 32)).toString("base64url"), "it holds more than a game"],
  ];
  for (const [text, words] of cases) {
    await assert.rejects(readHandover(text, reading), (error) => {
      assert.ok(error instanceof HandoverProblem, String(error));
      assert.ok(error.message.startsWith(words), `${error.message} (expected "${words}")`);
      return true;
    });
  }
});
