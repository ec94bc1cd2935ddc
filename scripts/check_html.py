"""Find errors that the built documentation shows its readers.

A Sphinx build can pass with ``-W`` and still put an error on a page: a
docutils system message rendered in place, text marked *problematic*, an
``error`` admonition, a traceback printed where an example should be, or a
``contents`` box that the furo theme covers with its own error banner ("Adding
a table of contents ... is unnecessary").  This script reads every page of the
built HTML and lists each such place, one per line, as ``page: what``.

Usage::

    python scripts/check_html.py [docs/_build/html]

It exits with status 1 when it finds anything (or no page at all), else 0.
A traceback is expected, and not reported, inside an interactive example
(a doctest block or a ``pycon`` code block) and in the highlighted source
listings of ``_modules/``.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

# Elements that never have an end tag: they are never pushed on the open-element stack.
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
# Classes of the blocks where a traceback is the example's expected output.
_EXAMPLE_CLASSES = frozenset({"doctest", "highlight-pycon"})
# furo lets an author keep a contents box only with this class.
_FURO_TOC_ESCAPE = "this-will-duplicate-information-and-it-is-still-useful-here"
_TRACEBACK = "Traceback (most recent call last)"


class _PageChecker(HTMLParser):
    """Collects the problems of one HTML page while it is fed."""

    def __init__(self, *, source_listing: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._source_listing = source_listing
        self._open: list[tuple[str, bool]] = []  # (tag, opens an example block)

    def _in_example(self) -> bool:
        return self._source_listing or any(example for _, example in self._open)

    def _in_noscript(self) -> bool:
        # The theme's own notice for readers without JavaScript (the search page's
        # "Please activate JavaScript" error box) is not an error of the build.
        return any(tag == "noscript" for tag, _ in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        line = self.getpos()[0]
        if self._in_noscript():
            classes = set()
        if "system-message" in classes:
            self.problems.append(f"line {line}: a docutils system message")
        if "problematic" in classes:
            self.problems.append(f"line {line}: text marked problematic (broken markup)")
        if "admonition" in classes and "error" in classes:
            self.problems.append(f"line {line}: an error admonition")
        boxed = "contents" in classes and tag in {"nav", "div", "aside"}
        if boxed and _FURO_TOC_ESCAPE not in classes:
            self.problems.append(
                f"line {line}: a contents box, which furo covers with an error banner"
            )
        if tag not in _VOID:
            self._open.append((tag, bool(classes & _EXAMPLE_CLASSES)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # <br/> and the like: checked like a start tag, nothing stays open.
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching element; an unmatched end tag is ignored.
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                return

    def handle_data(self, data: str) -> None:
        if _TRACEBACK in data and not self._in_example():
            self.problems.append(f"line {self.getpos()[0]}: a traceback outside an example")


def page_problems(path: Path, root: Path) -> list[str]:
    """The problems of one built page, each as ``"line N: what"``.

    Args:
        path: the HTML file.
        root: the root of the built HTML, to tell source listings (``_modules/``).
    """
    relative = path.relative_to(root)
    checker = _PageChecker(source_listing=relative.parts[:1] == ("_modules",))
    checker.feed(path.read_text(encoding="utf-8"))
    checker.close()
    return checker.problems


def main(argv: list[str]) -> int:
    """Check every page under the given directory; print the problems; 1 if any."""
    root = Path(argv[1] if len(argv) > 1 else "docs/_build/html")
    pages = sorted(root.rglob("*.html"))
    if not pages:
        print(f"check_html: no HTML pages under {root}; build the docs first")
        return 1
    found = 0
    for page in pages:
        for problem in page_problems(page, root):
            print(f"{page.relative_to(root)}: {problem}")
            found += 1
    if found:
        print(f"check_html: {found} problem(s) shown to readers in {len(pages)} pages")
        return 1
    print(f"check_html: {len(pages)} pages, no error shown to readers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
