"""Helpers of scripts/mutation.sh: sample mutants, re-run survivors, print the score.

Run from the repository root after ``mutmut run`` has generated ``mutants/``.
Every subcommand reads mutmut's own result files (``mutants/**/*.py.meta``);
the whole-suite verdicts of survivors are kept in ``mutants/whole-suite.json``.

    python scripts/mutation.py sample N SEED   # N mutant names, drawn with Random(SEED)
    python scripts/mutation.py rerun [NAME...] # survivors (or NAMEs) against the whole suite
    python scripts/mutation.py report [NAME...]# per-module table (of NAMEs, if given)
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

MUTANTS = Path("mutants")
WHOLE_SUITE = MUTANTS / "whole-suite.json"
EQUIVALENT = Path("scripts/mutation-equivalent.txt")

# mutmut's exit codes (mutmut/stats.py): what each verdict counts as here.
KILLED = {1, 3, 24, -24, 152, 255, 36, 37}  # a failing test, a crash, a timeout
SURVIVED = {0, 5, 33}  # every selected test passed, or no test runs the function
NOT_RUN = {None, 2, 34}


def results() -> dict[str, int | None]:
    """Every mutant's name and mutmut's exit code (``None``: not run yet)."""
    found: dict[str, int | None] = {}
    for meta in sorted(MUTANTS.glob("src/**/*.py.meta")):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


def module_of(name: str) -> str:
    """The module of a mutant: ``a.b`` of ``a.b.x_f__mutmut_3``."""
    return name.rpartition(".")[0]


def equivalent() -> dict[str, str]:
    """The mutants listed as equivalent, with the reason given for each."""
    listed: dict[str, str] = {}
    for line in EQUIVALENT.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            listed[name] = reason.strip()
    return listed


def whole_suite() -> dict[str, int]:
    """The exit code of the whole suite for each survivor re-run so far."""
    return json.loads(WHOLE_SUITE.read_text()) if WHOLE_SUITE.exists() else {}


def sample(count: int, seed: int) -> None:
    """Print ``count`` mutant names drawn with ``random.Random(seed)``, sorted."""
    names = sorted(results())
    for name in sorted(random.Random(seed).sample(names, min(count, len(names)))):
        print(name)


def rerun(names: list[str]) -> None:
    """Run the whole suite (tests and doctests) against each survivor among ``names``."""
    codes = results()
    chosen = names or sorted(codes)
    verdicts = whole_suite()
    # The mutated copy of the package comes first, as mutmut arranges it.
    env = dict(os.environ, PYTHONPATH=str((MUTANTS / "src").resolve()))
    for name in chosen:
        if codes.get(name) not in SURVIVED or name in verdicts:
            continue
        env["MUTANT_UNDER_TEST"] = name
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "tests"],
            cwd=MUTANTS,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        verdicts[name] = run.returncode
        WHOLE_SUITE.write_text(json.dumps(verdicts, indent=1, sort_keys=True))
        print(f"{name}: {'killed' if run.returncode else 'survived'} by the whole suite")


def report(names: list[str]) -> int:
    """Print the per-module table; return 1 if a module is under 95% or a listing is stale."""
    codes = results()
    chosen = set(names) if names else set(codes)
    listed = equivalent()
    verdicts = whole_suite()
    rows: dict[str, Counter[str]] = {}
    survivors: list[str] = []
    for name, code in sorted(codes.items()):
        if name not in chosen:
            continue
        tally = rows.setdefault(module_of(name), Counter())
        tally["mutants"] += 1
        if code in NOT_RUN:
            tally["not run"] += 1
        elif code in KILLED:
            tally["killed"] += 1
        elif verdicts.get(name, 0) != 0:
            tally["killed"] += 1
            tally["by the whole suite"] += 1
        elif name in listed:
            tally["equivalent"] += 1
        else:
            tally["survived"] += 1
            survivors.append(name)
    stale = sorted(n for n in listed if n in codes and (codes[n] in KILLED or verdicts.get(n)))
    heads = ("mutants", "run", "killed", "equiv", "surv", "score")
    print(f"{'module':42} " + " ".join(f"{h:>7}" for h in heads))
    low = False
    for module, t in sorted(rows.items()):
        run = t["mutants"] - t["not run"]
        judged = run - t["equivalent"]
        score = 100.0 * t["killed"] / judged if judged else 100.0
        low |= score < 95.0
        counts = (t["mutants"], run, t["killed"], t["equivalent"], t["survived"])
        print(f"{module:42} " + " ".join(f"{c:7}" for c in counts) + f" {score:6.1f}%")
    for name in survivors:
        print(f"survived: {name}")
    for name in stale:
        print(f"listed as equivalent but killed (remove it from {EQUIVALENT}): {name}")
    return 1 if low or stale else 0


def main(argv: list[str]) -> int:
    command, args = argv[0], argv[1:]
    if command == "sample":
        sample(int(args[0]), int(args[1]))
        return 0
    if command == "rerun":
        rerun(args)
        return 0
    if command == "report":
        return report(args)
    raise SystemExit(f"unknown command {command!r}: sample, rerun or report")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
