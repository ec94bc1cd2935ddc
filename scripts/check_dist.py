"""Build the wheel and the sdist and check what they hold.

Usage: ``python scripts/check_dist.py`` (needs the ``build`` package; run from
scripts/check.sh).  Fails, naming each problem, when the wheel lacks the
licence, the component catalog, ``py.typed``, the version module or the web
page's files, when the
sdist lacks the licence or the sources, or when either carries a version other
than the package's own.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _version() -> str:
    namespace: dict[str, object] = {}
    source = ROOT / "src" / "princes_of_florence" / "_version.py"
    exec(source.read_text(encoding="utf-8"), namespace)
    return str(namespace["__version__"])


def _problems(out: Path, version: str) -> list[str]:
    problems: list[str] = []
    wheels = list(out.glob("*.whl"))
    sdists = list(out.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"expected one wheel and one sdist, found {sorted(p.name for p in out.iterdir())}"]
    wheel, sdist = wheels[0], sdists[0]
    for archive in (wheel, sdist):
        if f"-{version}" not in archive.name:
            problems.append(f"{archive.name} does not carry version {version}")
    with zipfile.ZipFile(wheel) as opened:
        names = set(opened.namelist())
        metadata = opened.read(f"princes_of_florence-{version}.dist-info/METADATA").decode()
    wanted = [
        f"princes_of_florence-{version}.dist-info/licenses/LICENSE",
        "princes_of_florence/_version.py",
        "princes_of_florence/py.typed",
        "princes_of_florence/components/catalog.toml",
        "princes_of_florence/web/static/index.html",
        "princes_of_florence/web/static/app.js",
        "princes_of_florence/web/static/style.css",
    ]
    problems += [f"the wheel lacks {name}" for name in wanted if name not in names]
    if "License-Expression: MIT" not in metadata:
        problems.append("the wheel's metadata does not say License-Expression: MIT")
    with tarfile.open(sdist) as opened:
        members = {name.split("/", 1)[1] for name in opened.getnames() if "/" in name}
    wanted = [
        "LICENSE",
        "pyproject.toml",
        "src/princes_of_florence/__init__.py",
        "tests/conftest.py",
    ]
    problems += [f"the sdist lacks {name}" for name in wanted if name not in members]
    problems += [
        f"the sdist holds the built documentation ({name})"
        for name in sorted(members)
        if name.startswith("docs/_build/")
    ][:1]
    return problems


def main() -> int:
    version = _version()
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        built = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
            capture_output=True,
            text=True,
            check=False,
        )
        if built.returncode != 0:
            print(built.stdout, built.stderr, sep="\n", file=sys.stderr)
            print("check_dist: python -m build failed", file=sys.stderr)
            return 1
        problems = _problems(out, version)
    for problem in problems:
        print(f"check_dist: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_dist: wheel and sdist of {version} hold the licence and the package")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
