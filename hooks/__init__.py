"""The site's MkDocs hooks (``site_pages``, ``browser_runtime``) and the plain Python they use.

MkDocs loads each hook by its file path (see ``hooks:`` in mkdocs.yml); the editable install makes this folder
importable as the package ``hooks`` too, so the hooks and the tests import their helpers the same way.
"""
