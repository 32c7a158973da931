"""Run axe-core (from node_modules) on a page and read its WCAG 2 A and AA violations, with Lighthouse's check that a
control's name holds the words it shows (label-content-name-mismatch, WCAG 2.5.3, which axe counts as experimental)."""

from __future__ import annotations

from playwright.sync_api import Page

from testbench.paths import REPO_ROOT

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page, selector: str = ".md-content") -> list[str]:
    """axe-core's WCAG 2 A and AA violations (and label-in-name's) inside ``selector``, one readable entry each."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (selector) => {
             const {violations} = await axe.run(document.querySelector(selector),
               {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']},
                rules: {'label-content-name-mismatch': {enabled: true}}});
             return violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
               nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)}));
           }""",
        selector,
    )
    return [f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in found]
