# Reading variants/*.yaml from disk, resolving extends in dependency order.
from __future__ import annotations

from pathlib import Path
from typing import Any

from handfoot.errors import VariantError
from handfoot.variant import Variant


def read_yaml(path: Path, source: str) -> Any:
    """Parse one YAML file safely; a syntax error becomes a one-line ``VariantError``."""
    import yaml  # noqa: PLC0415 - PyYAML is needed only here, so the rest of handfoot stays stdlib-only

    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "unknown place"
        raise VariantError(source, "", f"not valid YAML at {where}: {error.problem}") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise VariantError(source, "", f"cannot be read: {error}") from None


def load_variants(folder: str | Path) -> dict[str, Variant]:
    """Load every ``*.yaml`` in ``folder`` as a Variant keyed by its file stem, base variants first.

    Raises ``VariantError`` with a one-line message naming the file and the key at fault.
    """
    folder = Path(folder)
    raw: dict[str, tuple[str, Any]] = {}
    for path in sorted(folder.glob("*.yaml")):
        source = f"{folder.name}/{path.name}"
        raw[path.stem] = (source, read_yaml(path, source))
    if not raw:
        raise VariantError(f"{folder.name}/", "", "no *.yaml variant files found")
    loaded: dict[str, Variant] = {}
    resolving: list[str] = []

    def load(variant_id: str) -> Variant:
        if variant_id in loaded:
            return loaded[variant_id]
        source, data = raw[variant_id]
        if variant_id in resolving:
            raise VariantError(source, "extends", f"goes round in a circle: {' -> '.join([*resolving, variant_id])}")
        resolving.append(variant_id)
        parent = data.get("extends") if isinstance(data, dict) else None
        if isinstance(parent, str) and parent in raw:
            load(parent)
        elif parent is not None:
            others = ", ".join(sorted(set(raw) - {variant_id}))
            raise VariantError(source, "extends", f"expected the id of another variant ({others}), got {parent!r}")
        if isinstance(data, dict) and data.get("id", variant_id) != variant_id:
            raise VariantError(source, "id", f"expected the file name's stem {variant_id!r}, got {data['id']!r}")
        loaded[variant_id] = Variant.from_mapping(data, source, bases=loaded)
        resolving.pop()
        return loaded[variant_id]

    for variant_id in raw:
        load(variant_id)
    return dict(sorted(loaded.items(), key=lambda item: list(raw).index(item[0])))
