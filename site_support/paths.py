"""Where the repository is: site_support is installed in editable mode, so it sits at the repository's root."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
