"""scripts/check_html.py finds the errors a built page would show its readers."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import load_script

_SCRIPT = Path(__file__).parent.parent / "scripts" / "check_html.py"

check_html = load_script("check_html", _SCRIPT)


def _problems(tmp_path: Path, body: str, name: str = "page.html") -> list[str]:
    page = tmp_path / name
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(f"<html><body><article>{body}</article></body></html>", encoding="utf-8")
    problems: list[str] = check_html.page_problems(page, tmp_path)
    return problems


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('<div class="system-message"><p>Unknown directive</p></div>', "system message"),
        ('<a class="reference problematic" href="#id1">`broken`_</a>', "problematic"),
        ('<div class="admonition error"><p>failed</p></div>', "error admonition"),
        ('<nav class="contents local" id="on-this-page"><ul></ul></nav>', "contents box"),
        ("<pre>Traceback (most recent call last):\n  File ...</pre>", "traceback"),
    ],
)
def test_each_kind_of_error_is_reported(tmp_path: Path, body: str, expected: str) -> None:
    """A page showing one kind of error yields exactly one problem naming it."""
    problems = _problems(tmp_path, body)
    assert len(problems) == 1
    assert expected in problems[0]


@pytest.mark.parametrize(
    "body",
    [
        # A doctest whose expected output is an exception.
        '<div class="doctest highlight-default"><div class="highlight"><pre>'
        "&gt;&gt;&gt; f()\nTraceback (most recent call last):\nValueError</pre></div></div>",
        '<div class="highlight-pycon"><pre>Traceback (most recent call last):</pre></div>',
        # furo's escape hatch for a contents box an author keeps on purpose.
        '<nav class="contents this-will-duplicate-information-and-it-is-still-useful-here"></nav>',
        # The theme's notice to readers without JavaScript.
        '<noscript><div class="admonition error"><p>Enable JavaScript</p></div></noscript>',
        '<p>Plain text<br>with a line break and <img src="a.png"> an image.</p>',
    ],
)
def test_examples_and_theme_notices_are_not_errors(tmp_path: Path, body: str) -> None:
    """Expected tracebacks in examples, and the theme's own notices, pass."""
    assert _problems(tmp_path, body) == []


def test_a_traceback_after_an_example_block_is_reported(tmp_path: Path) -> None:
    """Leaving an example block ends the allowance for tracebacks."""
    body = (
        '<div class="doctest"><pre>Traceback (most recent call last):</pre></div>'
        "<p>Traceback (most recent call last): printed by a failing directive</p>"
    )
    assert len(_problems(tmp_path, body)) == 1


def test_source_listings_may_show_tracebacks(tmp_path: Path) -> None:
    """The highlighted sources under _modules/ quote docstrings with doctests."""
    body = "<pre>Traceback (most recent call last):</pre>"
    assert _problems(tmp_path, body, name="_modules/pkg/mod.html") == []


def test_main_lists_problems_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """main() prints one line per problem with its page and exits 1; 0 when clean."""
    (tmp_path / "good.html").write_text("<p>fine</p>", encoding="utf-8")
    assert check_html.main(["check_html", str(tmp_path)]) == 0
    (tmp_path / "bad.html").write_text('<div class="system-message"></div>', encoding="utf-8")
    assert check_html.main(["check_html", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "bad.html: line 1: a docutils system message" in out


def test_main_fails_without_pages(tmp_path: Path) -> None:
    """An empty or missing build directory is a failure, not a pass."""
    assert check_html.main(["check_html", str(tmp_path / "missing")]) == 1
