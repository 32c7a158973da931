// Typing in the keeper's fields. Each visit to a field is one editing session: what is typed in it makes one undo
// step. The team whose fields have focus is kept in the state; leaving them lets the rules that span several of its
// fields be checked.
import { isRedrawing } from "../redraw.mjs";
import { entered, left, settled } from "./state.mjs";

let sessions = 0;

export function newSession() {
  sessions += 1;
  return `${Date.now()}.${sessions}`;
}

// One undo step for everything typed into `element` during one visit to it.
export function editOf(element, what) {
  return { session: `${element.id}@${element.dataset.session ?? "once"}`, what, focus: element.id };
}

export function followTyping(root, store) {
  const afterPress = pressWaiter(root);
  const settle = () => store.update(settled);
  root.addEventListener("focusin", (event) => {
    if (isRedrawing()) return;
    event.target.dataset.session = newSession();
    const team = event.target.closest?.(".hf-team-round");
    if (team) store.update((state) => entered(state, team.dataset.prefix));
    if (team && !team.contains(event.relatedTarget)) afterPress(() => showWhole(team));
  });
  // A phone's keyboard coming up shortens the screen: the team being typed in is brought whole into what is left.
  globalThis.visualViewport?.addEventListener("resize", () => keepTypingInView(root));
  root.addEventListener("focusout", (event) => {
    if (isRedrawing()) return;
    const input = event.target;
    if (input.dataset?.stale !== undefined && input.dataset.stale === input.value) {
      refreshField(input, store.get().game);
    }
    const team = input.closest?.(".hf-team-round");
    if (team && !team.contains(event.relatedTarget)) {
      store.update(left);
      afterPress(settle);
    }
  });
}

// The team being typed in, brought whole into view again after the keyboard came up.
function keepTypingInView(root) {
  const team = document.activeElement?.closest?.(".hf-team-round");
  if (team && root.contains(team)) showWhole(team);
}

// A team's fields with its name, brought whole into view when they fit (they do above a phone's keyboard), with the
// least scroll; the result below them may stay out of view.
function showWhole(team) {
  if (team.isConnected && team.contains(document.activeElement)) {
    team.querySelector(".hf-fields")?.scrollIntoView({ block: "nearest" });
  }
}

// A field kept as it was through a redraw shows the game's value once the person leaves it without typing.
function refreshField(input, game) {
  delete input.dataset.stale;
  const team = /^hf-team-(\d+)$/.exec(input.id);
  if (team) {
    input.value = game.teams[Number(team[1])] ?? input.value;
    return;
  }
  const [, r, t, key] = /^r(\d+)-t(\d+)-(.+)$/.exec(input.id) ?? [];
  if (key === undefined) return;
  const value = game.rounds[Number(r)]?.[Number(t)]?.[key];
  input.value = value === null || value === undefined ? "" : String(value);
}

// A press moves focus before its click lands: a repaint then could move the button from under the finger or the
// pointer, and the click would be lost. What a press sets off waits until its click is done (a mouse button is
// released later; a tap's click follows in the same task as the focus change).
// A function that runs a task once any press on `root` under way has had its click.
function pressWaiter(root) {
  let pressed = null;
  root.addEventListener("pointerdown", () => (pressed = []), true);
  for (const type of ["pointerup", "pointercancel"]) {
    document.addEventListener(type, () => {
      const waiting = pressed ?? [];
      pressed = null;
      if (waiting.length) setTimeout(() => waiting.forEach((task) => task()));
    });
  }
  return (task) => {
    if (!pressed) setTimeout(task);
    else if (!pressed.includes(task)) pressed.push(task);
  };
}
