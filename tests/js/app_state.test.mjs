// An app's state in one store (app_state.mjs): a change reaches every view with the state before it, a change that
// changes nothing reaches none, and a view that stopped hears nothing more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../docs/assets/js/app_state.mjs";

test("every view hears each change, with the state it replaced", () => {
  const store = createStore({ rounds: 0 });
  const heard = [];
  store.subscribe((state, previous) => heard.push([previous.rounds, state.rounds]));
  store.update((state) => ({ ...state, rounds: state.rounds + 1 }));
  store.update((state) => state);
  const stop = store.subscribe(() => heard.push("second view"));
  store.update((state) => ({ ...state, rounds: 5 }));
  stop();
  store.update((state) => ({ ...state, rounds: 6 }));
  assert.deepEqual(heard, [[0, 1], [1, 5], "second view", [5, 6]]);
  assert.equal(store.get().rounds, 6);
});

test("a view that watches draws the state as it is, then hears each change", () => {
  const store = createStore({ rounds: 2 });
  const heard = [];
  const stop = store.watch((state, previous) => heard.push([previous?.rounds ?? null, state.rounds]));
  store.update((state) => ({ ...state, rounds: 3 }));
  stop();
  store.update((state) => ({ ...state, rounds: 4 }));
  assert.deepEqual(heard, [
    [null, 2],
    [2, 3],
  ]);
});
