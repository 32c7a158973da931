"""The variants as the build uses them: loaded and checked once, passed between hooks through ``config.extra`` as
JSON-ready mappings (never as objects), and the data the browser's apps start from."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import handfoot
from handfoot import DEFAULT_VARIANT, Variant, load_variants
from handfoot.value_words import rule_words
from handfoot.variant import TEXT_MOST
from sitebuild.errors import BuildError
from sitebuild.simulations import CONFIGURATOR, CONFIGURATOR_PARTS


def site_variants(folder: Path) -> dict[str, Variant]:
    """Every variant in ``folder`` (``variants/``), which must hold the default one.

    Raises ``VariantError`` for a file that breaks the rule spec, ``BuildError`` when the default variant is missing.
    """
    variants = load_variants(folder)
    if DEFAULT_VARIANT not in variants:
        raise BuildError(f"{folder.name}/: the default variant {DEFAULT_VARIANT}.yaml is missing")
    return variants


def variants_as_data(variants: Mapping[str, Variant]) -> dict[str, dict[str, Any]]:
    """JSON-ready mappings of the variants, keyed by id in the same order."""
    return {key: variant.to_mapping() for key, variant in variants.items()}


def variants_from_data(data: Mapping[str, Mapping[str, Any]]) -> dict[str, Variant]:
    """The variants back from ``variants_as_data``: ``Variant.from_mapping(v.to_mapping()) == v``."""
    return {key: Variant.from_mapping(mapping, key) for key, mapping in data.items()}


def browser_data(
    variants: Mapping[str, Variant], runs: Mapping[str, Mapping[str, Any] | None] | None = None
) -> dict[str, Any]:
    """What the apps start from, before Python has started: the variants, their sheet forms and packs, limits, and
    how each version plays (``runs``: its kept run, as ``handfoot.simulate.report.summary_data``; None where the build
    has none)."""
    return {
        "default": handfoot.DEFAULT_VARIANT,
        "variants": variants_as_data(variants),
        # The score sheet of each published variant, so the keeper draws a game before Python has started.
        "sheets": {key: handfoot.sheet_form(v) for key, v in variants.items()},
        # Every rule's value in handfoot's words, for the lines that say what a house rule changed.
        "words": {key: rule_words(v) for key, v in variants.items()},
        # How many of each card the pack holds, so the rule helper's card picker refuses an impossible choice.
        "cards": {key: handfoot.card_choices(v) for key, v in variants.items()},
        # What a house rule set made in the configurator is held to, as a variant file is.
        "text_most": TEXT_MOST,
        # How each published version plays, the figures the configurator sets a house rule set's games beside.
        "plays": {key: (runs or {}).get(key) for key in variants},
        "play_run": {"games": CONFIGURATOR.games, "seed": CONFIGURATOR.seed, **CONFIGURATOR_PARTS},
    }
