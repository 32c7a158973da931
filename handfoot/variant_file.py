"""A variant as the YAML file a person reads and the build loads (variants/*.yaml), written with the standard library.

Block mappings for sections, and JSON for every scalar and list, which YAML reads as it is. The id is the file's
name, so it is not written inside.
"""

from __future__ import annotations

import json
import re
from typing import Any

from handfoot.variant import Variant


def _lines(mapping: dict[str, Any], depth: int) -> list[str]:
    pad = "  " * depth
    lines: list[str] = []
    for key, value in mapping.items():
        name = key if re.fullmatch(r"[A-Za-z0-9_.-]+", key) else json.dumps(key, ensure_ascii=False)
        if isinstance(value, dict) and value:
            lines += [f"{pad}{name}:", *_lines(value, depth + 1)]
        else:
            lines.append(f"{pad}{name}: {json.dumps(value, ensure_ascii=False)}")
    return lines


def variant_file(variant: Variant) -> dict[str, str]:
    """The file a table downloads for its rules: ``{"file_name": "<id>.yaml", "text": ...}``."""
    data = variant.to_mapping()
    data.pop("id", None)
    head = f"# {variant.name}: house rules written with the Hand and Foot configurator."
    return {"file_name": f"{variant.id}.yaml", "text": "\n".join([head, *_lines(data, 0)]) + "\n"}
