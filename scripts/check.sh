#!/usr/bin/env bash
# Install the project with its development tools into .venv and run every check:
# ruff (lint and format), mypy --strict, the import-layer contract, pytest with
# doctests, and the Sphinx build with warnings as errors. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[dev]"
export PATH="$PWD/.venv/bin:$PATH"
# In CI the thorough Hypothesis profile runs; locally the quick one.
if [ -n "${CI:-}" ]; then export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"; fi
echo "== ruff check"; ruff check src tests examples docs
echo "== ruff format --check"; ruff format --check src tests examples docs
echo "== mypy --strict"; mypy
echo "== import layers"; lint-imports
echo "== pytest"; pytest -q -p no:cacheprovider
echo "== sphinx"; sphinx-build -W --keep-going -q -b html docs docs/_build/html
echo "== all checks passed"
