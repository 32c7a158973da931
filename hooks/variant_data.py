# How the hooks pass the variants to each other through config.extra: as JSON-ready mappings, never as objects.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from handfoot import Variant


def variants_as_data(variants: Mapping[str, Variant]) -> dict[str, dict[str, Any]]:
    """JSON-ready mappings of the variants, keyed by id in the same order."""
    return {key: variant.to_mapping() for key, variant in variants.items()}


def variants_from_data(data: Mapping[str, Mapping[str, Any]]) -> dict[str, Variant]:
    """The variants back from ``variants_as_data``: ``Variant.from_mapping(v.to_mapping()) == v``."""
    return {key: Variant.from_mapping(mapping, key) for key, mapping in data.items()}
