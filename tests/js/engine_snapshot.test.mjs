// The rules engine's snapshot as kept on the device (engine-snapshot.mjs): without its stretches of zeros, and put
// back together byte for byte. The browser tests (tests/offline/test_engine_snapshot.py) start engines from it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pack, readBytes, unpack, verify } from "../../docs/assets/js/engine-snapshot.mjs";

const KIB = 1024;

// A memory of 200 KiB and 7 bytes: data in its first 64 KiB chunk and in its last, short one, zeros between them.
function memory() {
  const bytes = new Uint8Array(200 * KIB + 7);
  bytes.set([1, 2, 3], 10);
  bytes[bytes.length - 1] = 9;
  return bytes;
}

test("a snapshot is kept without its chunks of zeros and comes back whole", async () => {
  const whole = memory();
  const kept = await pack(whole);
  assert.equal(kept.size, whole.length);
  assert.deepEqual(kept.chunks, [0, 192 * KIB]);
  assert.equal(kept.bytes.size, 64 * KIB + 8 * KIB + 7);
  const read = await readBytes(kept);
  await verify(read, kept);
  assert.deepEqual(unpack(read, kept), whole);
});

test("a memory of zeros only keeps no bytes, and one with no zeros keeps them all", async () => {
  const zeros = await pack(new Uint8Array(128 * KIB));
  assert.deepEqual(zeros.chunks, []);
  assert.deepEqual(unpack(await readBytes(zeros), zeros), new Uint8Array(128 * KIB));
  const full = new Uint8Array(100 * KIB).fill(5);
  const kept = await pack(full);
  assert.equal(kept.bytes.size, full.length);
  assert.deepEqual(unpack(await readBytes(kept), kept), full);
});

test("changed bytes fail the check, and bytes that do not fill the chunks are not put back", async () => {
  const kept = await pack(memory());
  const read = await readBytes(kept);
  read[5] ^= 1;
  await assert.rejects(verify(read, kept), /its bytes have changed/);
  assert.throws(() => unpack(read.subarray(1), kept), /its bytes do not fill its chunks/);
  assert.throws(() => unpack(read, { ...kept, chunks: undefined }), /its bytes do not fill its chunks/);
});
