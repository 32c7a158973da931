"""What the tests and the benchmarks run on (the scripts too): building the site, serving it, looking at it in Chromium.

``paths`` knows the repository's root, ``build`` copies and builds the site, ``server`` serves a built site on
loopback as a real static host does (``make preview`` runs it too), ``chromium`` launches Debian's Chromium, ``watcher``
records what a page requested and logged, ``axe`` runs axe-core on a page, ``keeper_bench`` is what the keeper's
start-up benchmarks and the snapshot tests share, and ``pyodide_calls.mjs`` answers bridge calls in Pyodide under Node.
None of it goes into the site, the browser's zip or the handfoot distribution: it is imported from this folder, which
``make setup`` puts on the venv's sys.path.
"""
