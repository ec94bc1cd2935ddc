"""The documentation covers the public API: every exported name, an example each, every ruling.

The API reference (``docs/api.rst``) documents each exported name under the
name a program imports, with one ``auto...`` directive; each public class and
function shows how it is used in an example that the doctests run; and the
rulings page defines every ruling the code cites.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

import princes_of_florence
import princes_of_florence.bots

_ROOT = Path(__file__).parent.parent
_API = _ROOT / "docs" / "api.rst"
_RULINGS = _ROOT / "docs" / "rulings.rst"
_PACKAGES = (princes_of_florence, princes_of_florence.bots)
_DIRECTIVE = re.compile(r"^\.\. auto(?:function|class|exception|data)::\s+(\S+)\s*$", re.MULTILINE)


def _exported() -> list[tuple[str, object]]:
    """Every exported name, fully qualified, with its object."""
    return [
        (f"{package.__name__}.{name}", getattr(package, name))
        for package in _PACKAGES
        for name in package.__all__
    ]


def _documented() -> set[str]:
    """The names docs/api.rst documents with an ``auto...`` directive."""
    return set(_DIRECTIVE.findall(_API.read_text(encoding="utf-8")))


def _is_example(doc: str) -> bool:
    """Whether a docstring holds an example: a doctest or a literal code block."""
    return ">>>" in doc or re.search(r"::\s*\n\s*\n\s+\S", doc) is not None


def _in_package(obj: object) -> bool:
    return getattr(obj, "__module__", "").startswith("princes_of_florence")


def test_every_exported_name_is_in_the_api_reference() -> None:
    """Each name of ``__all__`` has its directive in docs/api.rst, under its public name."""
    documented = _documented()
    missing = [name for name, _ in _exported() if name not in documented]
    assert missing == [], (
        "exported but not documented in docs/api.rst: "
        + ", ".join(missing)
        + " (add e.g. '.. autofunction:: <name>' or '.. autoclass:: <name>' with"
        " ':members:' to the section it belongs to)"
    )


def test_the_api_reference_names_only_exported_names_at_package_level() -> None:
    """A package-level entry of docs/api.rst is an exported name (none left behind)."""
    exported = {name for name, _ in _exported()}
    stale = sorted(
        name
        for name in _documented()
        if name.rsplit(".", 1)[0] in {package.__name__ for package in _PACKAGES}
        and name not in exported
    )
    assert stale == [], f"docs/api.rst documents names the package does not export: {stale}"


def _is_class_or_function(obj: object) -> bool:
    if inspect.isclass(obj):
        return True
    return callable(obj) and inspect.isfunction(inspect.unwrap(obj))


def _public_callables() -> list[tuple[str, object]]:
    """The exported classes and functions, a function behind a decorator (a cache) included."""
    return [
        (name, obj) for name, obj in _exported() if _is_class_or_function(obj) and _in_package(obj)
    ]


def test_there_are_public_classes_and_functions_to_check() -> None:
    """The example check below runs over the whole exported surface, not an empty list."""
    names = [name for name, _ in _public_callables()]
    assert len(names) > 150
    assert "princes_of_florence.default_catalog" in names  # a cached function counts too


@pytest.mark.parametrize(
    ("name", "obj"), _public_callables(), ids=[name for name, _ in _public_callables()]
)
def test_every_public_class_and_function_has_an_example(name: str, obj: object) -> None:
    """Its docstring shows it in use: a doctest (run by pytest) or a code block."""
    doc = inspect.getdoc(obj) or ""
    assert doc, f"{name} has no docstring"
    assert _is_example(doc), f"{name}'s docstring has no example ('>>>' or a '::' block)"


def test_the_example_check_tells_examples_from_prose() -> None:
    """A doctest or an indented literal block counts; a colon in prose does not."""
    assert _is_example("Summary.\n\n>>> 1 + 1\n2")
    assert _is_example("Summary::\n\n    play --players 3\n")
    assert not _is_example("Summary: a sentence with a colon.")
    assert not _is_example("Returns:\n    a value.")


def _cited_rulings(module: ModuleType) -> set[int]:
    root = Path(inspect.getfile(module)).parent
    cited: set[int] = set()
    for path in root.rglob("*.py"):
        cited.update(int(n) for n in re.findall(r"\bR(\d{1,2})\b", path.read_text("utf-8")))
    return cited


def test_every_ruling_has_an_anchor_on_the_rulings_page() -> None:
    """R1 to R34 each have a ``ruling-rN`` label and a definition on docs/rulings.rst."""
    text = _RULINGS.read_text(encoding="utf-8")
    for number in range(1, 35):
        assert f".. _ruling-r{number}:" in text, f"docs/rulings.rst has no anchor for R{number}"
        assert re.search(rf"^R{number} — \S", text, re.MULTILINE), f"R{number} is not defined"


def test_every_ruling_the_code_cites_is_defined() -> None:
    """The source cites only rulings the rulings page defines."""
    text = _RULINGS.read_text(encoding="utf-8")
    defined = {int(n) for n in re.findall(r"^\.\. _ruling-r(\d+):", text, re.MULTILINE)}
    cited = _cited_rulings(princes_of_florence)
    assert cited, "the source cites no ruling at all"
    assert cited - defined == set()
