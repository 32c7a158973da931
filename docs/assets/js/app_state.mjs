// One app's state in one place. Every change goes through `update`, which makes a new state from the old one and
// hands it to each view that subscribed; a view never changes the state itself.
export function createStore(initial) {
  let state = initial;
  const views = new Set();
  return {
    get: () => state,
    // `change(state)` returns the next state; returning the same state changes nothing and tells no view.
    update(change) {
      const next = change(state);
      if (next === state) return state;
      const previous = state;
      state = next;
      for (const view of views) view(state, previous);
      return state;
    },
    // `view(state, previous)` runs after each change; the returned function stops it.
    subscribe(view) {
      views.add(view);
      return () => views.delete(view);
    },
    // Draws the state as it is now (with no previous state), then follows it as `subscribe` does.
    watch(view) {
      views.add(view);
      view(state, undefined);
      return () => views.delete(view);
    },
  };
}
