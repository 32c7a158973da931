"""Render the app icons of the web app manifest from docs/assets/icons/icon.svg, with Debian's Chromium.

    .venv/bin/python scripts/icons.py

Writes icon-192.png and icon-512.png (the drawing as it is, a rounded square on a clear background) and
icon-maskable-192.png and icon-maskable-512.png (the background to every edge and the cards shrunk into the middle,
so that any mask a phone cuts keeps them whole) next to the SVG. Fails if a maskable icon has anything but background
outside its safe zone, the circle of 40 % of the icon's size around its centre.
"""

from __future__ import annotations

import argparse
import base64

from playwright.sync_api import Page, sync_playwright

from testbench.chromium import launch
from testbench.paths import REPO_ROOT

ICONS = REPO_ROOT / "docs" / "assets" / "icons"
SIZES = (192, 512)
# The drawing's middle, in its own 512-unit square, and how far a maskable icon shrinks the cards around it.
CENTRE = 256
MASKABLE_SCALE = 0.78
SAFE_RADIUS = 0.4
BACKGROUND = (0x40, 0x51, 0xB5)
# Anti-aliasing may blend a little into the background; a pixel this close to it counts as background.
TOLERANCE = 24

MASKABLE_CSS = f"""
#bg {{ rx: 0; }}
#art {{ transform-origin: {CENTRE}px {CENTRE}px; transform: scale({MASKABLE_SCALE}); }}
"""

OUTSIDE_SAFE_ZONE = """async ([png, size, radius, background, tolerance]) => {
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const { data } = context.getImageData(0, 0, size, size);
  let outside = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= radius * size) continue;
      const i = (y * size + x) * 4;
      const off = [0, 1, 2].some((c) => Math.abs(data[i + c] - background[c]) > tolerance);
      if (off || data[i + 3] < 255) outside += 1;
    }
  }
  return outside;
}"""


def render(page: Page, svg: str, size: int, *, maskable: bool) -> bytes:
    style = MASKABLE_CSS if maskable else ""
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        "<!doctype html><style>html, body { margin: 0; background: transparent; }"
        f"svg {{ display: block; width: {size}px; height: {size}px; }}{style}</style>{svg}"
    )
    return page.screenshot(omit_background=not maskable)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n", 1)[0]).parse_args()
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    svg = svg[svg.index("<svg") :]
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        for size in SIZES:
            for maskable in (False, True):
                png = render(page, svg, size, maskable=maskable)
                if maskable:
                    args = [base64.b64encode(png).decode(), size, SAFE_RADIUS, BACKGROUND, TOLERANCE]
                    outside = page.evaluate(OUTSIDE_SAFE_ZONE, args)
                    if outside:
                        raise SystemExit(f"maskable {size} px: {outside} pixels of the drawing outside the safe zone")
                name = f"icon-{'maskable-' if maskable else ''}{size}.png"
                (ICONS / name).write_bytes(png)
                print(f"{name}: {len(png):,} bytes")
        browser.close()


if __name__ == "__main__":
    main()
