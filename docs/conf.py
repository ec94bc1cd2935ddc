"""Sphinx configuration for the princes-of-florence documentation."""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.inspect import TypeAliasForwardRef

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

import princes_of_florence
import princes_of_florence.bots
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
    "rendered_pictures",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# The unions keep their names in signatures and parameter lists: ``move: Move``,
# not the twenty-odd classes the union is made of.  (The modules use postponed
# annotations, so autodoc sees each annotation's text and can map it.)
#
# Sphinx keeps an alias's name only when the alias is the whole annotation;
# inside another type (``tuple[Move, ...]``) it prints the placeholder's repr
# instead (sphinx-doc/sphinx pull request 9736, not merged).  Printing the
# placeholder as its target keeps the name there too.
TypeAliasForwardRef.__repr__ = lambda self: self.name  # type: ignore[method-assign]
autodoc_type_aliases = {
    "Move": "~princes_of_florence.Move",
    "Event": "~princes_of_florence.Event",
    "Pending": "~princes_of_florence.Pending",
    "ViewPending": "~princes_of_florence.ViewPending",
    "StateOrView": "~princes_of_florence.decisions.StateOrView",
    "AnyGame": "~princes_of_florence.games.Game",
}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
nitpicky = True
# Every cross-reference must resolve (the build runs with -n -W).  These targets
# are outside this package, in the standard library and attrs, whose inventories
# cannot be fetched offline; each is named exactly, nothing of this package is.
nitpick_ignore = [
    # Annotations of parameters and return values (the standard library's ABCs).
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Collection"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    # load_catalog's path may be any os.PathLike.
    ("py:class", "os.PathLike"),
    # The generator a bot or determinize draws from.
    ("py:class", "random.Random"),
    # state.replace is compared with attrs.evolve.
    ("py:func", "attrs.evolve"),
    # The validators of datafile are called with the attribute they check.
    ("py:class", "attrs.Attribute"),
    # The frozen values answer the standard library's copy module.
    ("py:mod", "copy"),
    # The PettingZoo adapter's spaces and arrays (gymnasium and NumPy, extras).
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "numpy.ndarray"),
    ("py:class", "numpy.dtype"),
    # The web server's application (Starlette, the web extra).
    ("py:class", "starlette.applications.Starlette"),
]
html_theme = "furo"
html_title = "princes-of-florence"
exclude_patterns = ["_build"]


_PACKAGES = (princes_of_florence, princes_of_florence.bots)
"""The packages whose exported names the API reference documents under the public name."""


def _skip_exported(
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: object
) -> bool | None:
    """Leave out of a module's members a name that its package exports.

    The API reference documents every exported name once, under the name a
    program imports (``princes_of_florence.apply``); a module's own section
    shows only what the package does not export.
    """
    if what == "module":
        for package in _PACKAGES:
            if name in package.__all__ and getattr(package, name) is obj:
                return True
    return None


def _defined_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Give an exported constant or union the docstring written where it is defined.

    Autodoc reads the docstring of a name it documents as data from the
    module it documents it in; for ``princes_of_florence.Move`` that is the
    package, which only imports it, so autodoc would fall back on the
    docstring of the value's type (a tuple's, a union's).  This looks the
    name up in the package's modules instead.
    """
    package, _, attribute = name.rpartition(".")
    if what != "data" or package not in {p.__name__ for p in _PACKAGES}:
        return
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith(f"{package}.") or getattr(module, attribute, None) is not obj:
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attribute))
        if docs:
            lines[:] = list(docs)
            return


def setup(app: Sphinx) -> None:
    """Connect the handlers that document each exported name once, with its own docstring."""
    app.connect("autodoc-skip-member", _skip_exported)
    app.connect("autodoc-process-docstring", _defined_docstring)
