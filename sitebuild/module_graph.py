"""The static import graph of the site's ES modules, so that a page can fetch a whole app at once (site.mjs)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

# `import … from "./x.mjs";`, `export … from "./x.mjs";` and `import "./x.mjs";`, over several lines as Prettier
# writes them. `[^;]` keeps a match inside one statement; dynamic `import()` is left out on purpose: what it loads
# is loaded later or elsewhere (the rules engine's worker, a library).
_STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"(\.{1,2}/[^"]+)"\s*;', re.MULTILINE)


def import_graph(folder: Path) -> dict[str, list[str]]:
    """Each ``*.mjs`` under ``folder`` (as a path relative to it) -> the modules it imports statically, in order."""
    graph = {}
    for path in sorted(folder.rglob("*.mjs")):
        name = path.relative_to(folder).as_posix()
        specifiers = _STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))
        graph[name] = [posixpath.normpath(posixpath.join(posixpath.dirname(name), s)) for s in specifiers]
    return graph
