// A press moves focus before its click lands: a repaint then could move the button from under the finger or the
// pointer, and the click would be lost. What a press sets off waits until its click is done (a mouse button is
// released later; a tap's click follows in the same task as the focus change).

// A function that runs a task once any press on `root` under way has had its click.
export function pressWaiter(root) {
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
