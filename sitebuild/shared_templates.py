"""The templates the rule pages and the configurator's preview share, precompiled for the browser by Node."""

from __future__ import annotations

from pathlib import Path

from sitebuild.node_steps import run_node

# templates/partials/<name>.md.j2, registered under <name> for nunjucks-slim.
SHARED_TEMPLATES = ("rule_body", "sheet_body")
# The partials they import or include, registered under their path in templates/, the name the templates use.
SHARED_PARTIALS = ("rule_marks", "rule_scoring")
PRECOMPILE = "precompile_templates.mjs"
PRECOMPILE_TIMEOUT_SECONDS = 60


def precompiled_templates(root: Path) -> bytes:
    """One script that registers each shared template for nunjucks-slim; ``BuildError`` if one does not compile."""
    folder = root / "templates" / "partials"
    pairs = [f"{name}={folder / f'{name}.md.j2'}" for name in SHARED_TEMPLATES]
    pairs += [f"partials/{name}.md.j2={folder / f'{name}.md.j2'}" for name in SHARED_PARTIALS]
    return run_node(
        PRECOMPILE,
        *pairs,
        what="the shared templates",
        done="precompiled",
        timeout=PRECOMPILE_TIMEOUT_SECONDS,
        cwd=root,
    )
