"""Material left whole where it can be, and a new Material noticed.

The site copies three of Material's partials (overrides/partials/), each to make one change that Material has no
setting or block for. The original of each is kept beside it, as Material ships it, in overrides/upstream/, and the
change is recorded in CHANGES below. These tests fail when the installed Material's file is no longer the kept
original (a new Material: read its change, carry the site's change over to the new file, and copy the new original
into overrides/upstream/), when a copy differs from its original by more than its recorded change, and when a piece
of Material that overrides/main.html relies on (a block, an include, `__md_get`) is gone.
"""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest

from testbench.paths import REPO_ROOT

MATERIAL = Path(material.__file__).resolve().parent / "templates"
OVERRIDES = REPO_ROOT / "overrides"
UPSTREAM = OVERRIDES / "upstream"

# Each copied partial: the (Material's text, the site's text) replacements that make the copy from the original.
CHANGES: dict[str, list[tuple[str, str]]] = {
    # Not Material's palette component, which re-styles the whole page twice as the bundle starts; the site's switch
    # (assets/js/palette.mjs) mounts on the form instead.
    "partials/palette.html": [('data-md-component="palette"', "data-hf-palette")],
    # An accessible name on the search dialog.
    "partials/search.html": [('role="dialog">', 'role="dialog" aria-label="{{ lang.t(\'search\') }}">')],
    # No star and fork counts fetched from GitHub: the site makes no request to another host.
    "partials/source.html": [(' data-md-component="source"', "")],
}

# The site's own partials, which Material does not have.
OWN = {"partials/app-preload.html", "partials/engine-start.html", "partials/search-on-demand.html"}

# What overrides/main.html and the copies rely on in Material's templates: (file, text that must be in it).
RELIED_ON = [
    ("base.html", "{% block extrahead %}{% endblock %}"),
    ("base.html", "{% block site_meta %}"),
    ("base.html", "{% block header %}"),
    # main.html defers the bundle by replacing the first `<script src="` of this block's output.
    ("base.html", "{% block scripts %}\n      <script src=\"{{ 'assets/javascripts/bundle."),
    ("base.html", "{% for path in config.extra_css %}"),
    ("partials/header.html", '{% include "partials/palette.html" %}'),
    ("partials/header.html", '{% include "partials/javascripts/palette.html" %}'),
    ("partials/header.html", '{% include "partials/search.html" %}'),
    ("partials/header.html", '{% include "partials/source.html" %}'),
    # The palette script in main.html reads what Material remembers with Material's own reader.
    ("partials/javascripts/base.html", "__md_get"),
]


def without_leading_comment(text: str) -> str:
    """The template without its first `{#- ... -#}` comment: Material's "generated" notice, or the site's note."""
    return re.sub(r"\A\{#-.*?-#\}\n", "", text, count=1, flags=re.DOTALL)


def copied() -> list[str]:
    """Every template in overrides/ that has the same path as one of Material's, bar main.html's base."""
    found = []
    for path in sorted(OVERRIDES.rglob("*.html")):
        name = path.relative_to(OVERRIDES).as_posix()
        if not name.startswith("upstream/") and name != "main.html" and (MATERIAL / name).exists():
            found.append(name)
    return found


def test_every_copied_partial_has_its_original_and_a_recorded_change() -> None:
    assert copied() == sorted(CHANGES)
    kept = sorted(path.relative_to(UPSTREAM).as_posix() for path in UPSTREAM.rglob("*.html"))
    assert kept == sorted(CHANGES)
    own = sorted(p.relative_to(OVERRIDES).as_posix() for p in (OVERRIDES / "partials").rglob("*.html"))
    assert set(own) == set(CHANGES) | OWN


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_the_kept_original_is_the_installed_materials(name: str) -> None:
    installed = (MATERIAL / name).read_text(encoding="utf-8")
    kept = (UPSTREAM / name).read_text(encoding="utf-8")
    assert installed == kept, (
        f"Material's {name} has changed: carry the change in CHANGES over to overrides/{name}, then copy "
        f"{MATERIAL / name} to overrides/upstream/{name}"
    )


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_the_copy_is_the_original_with_its_recorded_change_only(name: str) -> None:
    expected = without_leading_comment((UPSTREAM / name).read_text(encoding="utf-8"))
    for theirs, ours in CHANGES[name]:
        assert expected.count(theirs) == 1, f"{theirs!r} is not once in Material's {name}"
        expected = expected.replace(theirs, ours)
    assert without_leading_comment((OVERRIDES / name).read_text(encoding="utf-8")) == expected


@pytest.mark.parametrize(("name", "text"), RELIED_ON, ids=[f"{name}:{text[:30]}" for name, text in RELIED_ON])
def test_what_the_site_relies_on_is_still_in_material(name: str, text: str) -> None:
    assert text in (MATERIAL / name).read_text(encoding="utf-8")


def test_the_kept_originals_are_not_published(built_site: Path) -> None:
    assert not (built_site / "upstream").exists()
    assert not list(built_site.rglob("upstream/**/*.html"))


def test_materials_bundle_is_deferred_on_every_page(built_site: Path) -> None:
    """main.html's replace of the scripts block did its work: a new Material whose block reads otherwise fails here."""
    for page in sorted(built_site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if "assets/javascripts/bundle." in html:
            assert re.search(r'<script defer src="[^"]*assets/javascripts/bundle\.\w+\.min\.js">', html), page
