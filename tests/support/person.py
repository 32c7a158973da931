"""Entering data the way a person does, for every browser test that types a number or a name.

``type_into`` clicks the field, selects what is there, presses the keys one at a time and leaves with Tab, so a page
that rebuilds its controls on each keystroke, moves the caret or checks too early fails the test as it fails a player.
After the tap every key goes to whatever has the focus, as a keyboard's do: a page that takes the focus away from the
field loses the keys, as it would a person's. (Playwright's ``Locator.press`` and ``press_sequentially`` would put the
focus back on the field first, and look the field up again for every call.)
``paste_into`` puts text on the real clipboard and pastes it with Control+V: one input event, as a paste is.
``fill()`` is not used to enter data anywhere else. ``tap_when_still`` taps a part of the page once it has stopped
moving, as a person's eye waits for it.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Locator

# Milliseconds each key is held. Every key is its own key-down, input and key-up, and Chromium answers each before
# the next is sent, so the page has reacted to a key before the next one comes, whatever this is. What it changes is
# how much of the page's own later work (an answer from Python, a timer) comes between two keys: a fast typist's
# share. At 35 ms the keeper's and the configurator's tests took 287 s, at 10 ms 248 s (tests/keeper and
# tests/configurator, 2 workers, one after the other).
KEY_DELAY = 10


def type_keys(field: Locator, text: str) -> None:
    """Press the keys of ``text`` one at a time, on whatever has the focus (the field, once it has been tapped)."""
    field.page.keyboard.type(text, delay=KEY_DELAY)


def press(field: Locator, key: str) -> None:
    """Press one key (or a chord such as "Control+a") on whatever has the focus."""
    field.page.keyboard.press(key)


def type_into(field: Locator, text: str, *, leave: bool = True) -> None:
    """Click ``field``, select its text, type ``text`` key by key and, unless told not to, press Tab to leave."""
    field.click()
    press(field, "Control+a")
    if text:
        type_keys(field, text)
    else:
        press(field, "Backspace")
    if leave:
        press(field, "Tab")


def type_more(field: Locator, text: str, *, leave: bool = True) -> None:
    """Click at the end of what ``field`` holds and type ``text`` after it, key by key."""
    field.click()
    press(field, "End")
    type_keys(field, text)
    if leave:
        press(field, "Tab")


def backspace(field: Locator, times: int, *, leave: bool = False) -> None:
    """Click at the end of ``field`` and press Backspace ``times`` times, one key at a time."""
    field.click()
    press(field, "End")
    for _ in range(times):
        field.page.keyboard.press("Backspace", delay=KEY_DELAY)
    if leave:
        press(field, "Tab")


def paste_into(field: Locator, text: str, *, leave: bool = True) -> None:
    """Copy ``text`` to the clipboard, then click ``field``, select its text and paste over it with Control+V.

    The page's context needs the clipboard permissions (``grant_clipboard``).
    """
    field.page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
    field.click()
    press(field, "Control+a")
    press(field, "Control+v")
    if leave:
        press(field, "Tab")


def grant_clipboard(context: BrowserContext) -> None:
    """Let the context's pages use the clipboard, as a person's own copy and paste do."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])


# How long a person sees a part of the page stay where it is before tapping it, and the most a person waits for that.
STILL_MS = 200
MOST_WAIT_MS = 5_000
STILL = """(element, [still, most]) => new Promise((done) => {
  const begun = performance.now();
  let last = "";
  let since = begun;
  const look = () => {
    const box = JSON.stringify(element.getBoundingClientRect());
    if (box !== last) [last, since] = [box, performance.now()];
    if (performance.now() - since >= still || performance.now() - begun >= most) done();
    else requestAnimationFrame(look);
  };
  look();
})"""


def tap_when_still(target: Locator) -> None:
    """Bring ``target`` into view and tap it once it has kept its place for STILL_MS. Playwright's own check waits for
    two frames only, so a part of the page that moves a moment after the last action could be tapped as it moves."""
    target.scroll_into_view_if_needed()
    target.evaluate(STILL, [STILL_MS, MOST_WAIT_MS])
    target.click()
