"""The one error a build step raises: the hooks turn it into MkDocs' ``PluginError``, which stops the build."""

from __future__ import annotations


class BuildError(Exception):
    """A build step could not do its job; the message says what is wrong in one line, and what to do if known."""
