#!/usr/bin/env bash
# Install the project with its development tools into .venv and run every check:
# ruff (lint and format), mypy --strict, the import-layer contract, pytest with
# doctests, the Sphinx build with warnings as errors and every reference resolved
# (-n), no error shown on a built page (scripts/check_html.py), the wheel and sdist contents,
# and the JSON tests again with the lowest declared attrs and cattrs (.venv-floor).
# The web extra, Playwright and (as root, with apt-get) Debian's Chromium are installed
# so that the web server's API and browser tests run.
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# The extras too, so that their tests run (they skip only without them); the
# floor-version run below has no orjson, so the JSON tests run on the standard library too.
.venv/bin/python -m pip install --quiet -e ".[dev,fast,pettingzoo,openspiel,web]"
# The web server's tests: httpx for Starlette's TestClient, Playwright for Python for the
# browser tests, which drive Debian's Chromium (installed here when missing; Playwright
# never downloads a browser: the tests launch /usr/bin/chromium by its path).
.venv/bin/python -m pip install --quiet "httpx>=0.27" "playwright>=1.40"
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "== apt-get install chromium (for the browser tests)"
        apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else
        echo "== /usr/bin/chromium is missing and cannot be installed here: the browser tests will be skipped"
    fi
fi
export PATH="$PWD/.venv/bin:$PATH"
# In CI the thorough Hypothesis profile runs; locally the quick one.
if [ -n "${CI:-}" ]; then export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"; fi
echo "== ruff check"; ruff check src tests examples docs
echo "== ruff format --check"; ruff format --check src tests examples docs
echo "== mypy --strict"; mypy
echo "== import layers"; lint-imports
echo "== pytest"; pytest -q -p no:cacheprovider
echo "== sphinx"; sphinx-build -W --keep-going -n -q -b html docs docs/_build/html
echo "== rendered pages"; python scripts/check_html.py docs/_build/html
echo "== wheel and sdist"; python scripts/check_dist.py
echo "== lowest declared runtime dependencies"
# pyproject's floors (attrs>=X, cattrs>=Y) installed exactly, in their own venv;
# then every test of the JSON edge (each load_* and dumps), the replay and the
# packaging tests run there.
floors=$(python -c 'import tomllib; print(" ".join(d.replace(">=", "==") for d in tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))')
echo "   $floors"
python3 -m venv .venv-floor
# shellcheck disable=SC2086  # one word per requirement
.venv-floor/bin/python -m pip install --quiet $floors "pytest>=8" "hypothesis>=6.100"
.venv-floor/bin/python -m pip install --quiet --no-deps -e .
HYPOTHESIS_PROFILE=dev .venv-floor/bin/python -m pytest -q -p no:cacheprovider \
    tests/test_serialization.py tests/test_replay.py tests/test_packaging.py \
    src/princes_of_florence/serialization.py
echo "== all checks passed"
