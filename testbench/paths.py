"""Where the repository is: testbench sits at its root (the venv's .pth file puts that root on sys.path)."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
