// Changes a person makes to a rule set: shown at once, then checked one after the other, each against the rules as
// they stand when its turn comes. So a check that finishes late (the rules engine still loading, say) never undoes
// what was chosen or typed after it.
export function changeQueue(accepted, check) {
  let generation = 0;
  let pending = [];
  let tail = Promise.resolve();
  const queue = {
    accepted,
    // The rules as the person sees them: the accepted ones with every change still waiting for its check.
    shown() {
      return pending.reduce((draft, item) => item.change(draft), queue.accepted);
    },
    waiting(path) {
      return pending.some((item) => item.path === path);
    },
    // Resolves to the rules in force once every change now waiting has been checked.
    async settled() {
      while (pending.length) await tail;
      return queue.accepted;
    },
    // Forget what is waiting and start from `draft` (another rule set was opened).
    reset(draft) {
      generation += 1;
      pending = [];
      queue.accepted = draft;
    },
    // Resolves to {problem: null | error, draft, answer} once the change was checked (`answer` is what the check
    // returned), or {stale: true} after a reset.
    propose(change, path = null) {
      const mine = generation;
      const item = { change, path };
      pending.push(item);
      const result = tail.then(async () => {
        if (mine !== generation) return { stale: true };
        const draft = change(queue.accepted);
        let problem = null;
        let answer = null;
        try {
          answer = await check(draft);
        } catch (error) {
          problem = error;
        }
        if (mine !== generation) return { stale: true };
        pending.splice(pending.indexOf(item), 1);
        if (!problem) queue.accepted = draft;
        return { problem, draft, answer };
      });
      tail = result.catch(() => {});
      return result;
    },
  };
  return queue;
}
