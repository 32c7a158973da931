"""What builds the site, behind the MkDocs hooks: plain Python helpers, one job a module, and the Node build steps.

The hooks in ``hooks/`` (listed in mkdocs.yml) only wire MkDocs to these modules: they call them and turn a
``BuildError`` (``sitebuild.errors``) or a ``VariantError`` into MkDocs' ``PluginError``. Nothing here imports
``mkdocs``, so each helper can be used and tested without a build.

``site_content`` renders the generated pages from the variants, ``variant_data`` loads the variants and passes them
between hooks as JSON-ready data, ``repository_links`` reads where the repository is, ``runtime_manifest`` gathers the
files the browser runtime needs (from ``pyodide_runtime``, ``vendor``, ``browser_package``, ``shared_templates`` and
``bundle``, which bundles the site's modules with esbuild; each named by ``assets``), and ``service_worker`` writes
the offline worker into a built site. ``browser_package`` zips handfoot with ``package_zip`` and its Pyodide bytecode
from ``bytecode``. ``stylesheets`` joins the CSS of ``docs/assets/css/`` into one stylesheet for each kind of page.
``simulations`` plays the bots' games (for ``make simulations`` only), keeps them in
``simulations/how-they-play.json`` and sums them up for the "How they play" figures, with ``house_effects`` (what
each house rule does) and ``plays_plot`` (the compare page's picture of round lengths). ``node_steps`` runs the Node
scripts of ``sitebuild/node/``.

This folder is not part of the handfoot distribution: the repository's root is on ``sys.path`` through a ``.pth`` file
that ``make setup`` writes into .venv (and through pytest's ``pythonpath``).
"""
