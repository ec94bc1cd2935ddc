"""Sphinx configuration for the princes-of-florence documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

from princes_of_florence import __version__

project = "princes-of-florence"
author = "princes-of-florence contributors"
copyright = "2026, princes-of-florence contributors"
release = __version__
version = ".".join(__version__.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "catalog_tables",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_type_aliases: dict[str, str] = {}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
nitpicky = False
suppress_warnings = ["ref.python"]
html_theme = "furo"
html_title = "princes-of-florence"
exclude_patterns = ["_build"]
