"""What the tests, the benchmarks and the scripts share to build the site, serve it and look at it in Chromium.

``paths`` knows the repository's root, ``build`` copies and builds the site, ``server`` serves a built site on
loopback, ``chromium`` launches Debian's Chromium, ``watcher`` records what a page requested and logged, and ``axe``
runs axe-core on a page. None of it goes into the site or into the browser's zip.
"""
