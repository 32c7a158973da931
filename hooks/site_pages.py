# MkDocs hook: turns variants/*.yaml into the site's pages (rules, sheets, compare, home, FAQ, sources, API).
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from handfoot import DEFAULT_VARIANT, VariantError, load_variants
from hooks.site_content import build_pages, make_environment, ordered

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

VARIANTS_DIR = "variants"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    root = Path(config.config_file_path).resolve().parent
    try:
        variants = load_variants(root / VARIANTS_DIR)
    except VariantError as error:
        raise PluginError(str(error)) from None
    if DEFAULT_VARIANT not in variants:
        raise PluginError(f"{VARIANTS_DIR}/: the default variant {DEFAULT_VARIANT}.yaml is missing")
    config.extra["variants"] = variants
    config.extra["templates_dir"] = str(root / "templates")
    rules = [{v.name: f"rules/{v.id}.md"} for v in ordered(variants)]
    config.nav = [
        {"Home": "index.md"},
        {"Rules": rules},
        *[item for item in config.nav or [] if isinstance(item, dict)],
        {"Compare": "compare.md"},
        {"Shuffling": "shuffling.md"},
        {"Questions": "faq.md"},
        {"Sources": "sources.md"},
        {"Python API": "api.md"},
    ]
    return config


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    env = make_environment(Path(config.extra["templates_dir"]))
    for page in build_pages(env, config.extra["variants"], VARIANTS_DIR):
        generated = File.generated(config, page.src_uri, content=page.markdown)
        generated.edit_uri = page.edit_path
        files.append(generated)
    for file in files:
        if file.is_documentation_page() and file.generated_by is None:
            file.edit_uri = f"docs/{file.src_uri}"
    return files
