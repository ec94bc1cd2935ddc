"""Helpers of scripts/mutation.sh: sample mutants, re-run survivors, print the score.

Run from the repository root after ``mutmut run`` has generated ``mutants/``.
Every subcommand reads mutmut's own result files (``mutants/**/*.py.meta``);
the whole-suite verdicts of survivors are kept in ``mutants/whole-suite.json``.

    python scripts/mutation.py sample N SEED   # N mutant names, drawn with Random(SEED)
    python scripts/mutation.py rerun [--budget S] [NAME...]  # survivors against the whole suite
    python scripts/mutation.py rerun --tests FILE... [NAME...]  # survivors, timeouts: FILEs only
    python scripts/mutation.py report [NAME...]# per-module table (of NAMEs, if given)
    python scripts/mutation.py map             # (re)build the whole suite's call map
    python scripts/mutation.py scratch GAME    # (re)write .mutation/GAME/ for another game

The Princes of Florence ("princes") runs in the repository itself. Another game
runs in ``.mutation/GAME/`` (see ``scratch``), and ``MUTATION_GAME=GAME`` in the
environment makes every subcommand read its equivalents,
``scripts/mutation-equivalent-GAME.txt``.

mutmut runs against each mutant only the tests of the rules and the engine
(``pytest_add_cli_args_test_selection`` in pyproject.toml) that call the mutated
function. ``rerun`` then tries every survivor against the rest of the suite:

1. Once, ``map`` runs the whole suite (``tests/`` and the doctests of the
   package, as ``pytest`` with no argument does) in ``mutants/``, with no
   mutant active, the Hypothesis profile ``mutation``, and in place of
   mutmut's trampoline a lighter one that notes each mutated function called
   (mutmut's own recording mode is far too slow for the bots and the fuzz
   tests), and writes ``mutants/whole-suite-map.json``: for each
   test, whether it passed, how long it took, and which mutated functions it
   called from its setup to its teardown; for each test file, which mutated
   functions its collection (the import of the file) called; and which were
   called anywhere else (plugins, conftest, the end of the session). A test
   that fails or is skipped there is never used as a verdict. The map is rebuilt when a file of
   ``mutants/tests`` is newer than it (mutmut copies ``tests/`` anew on each run).
2. For each survivor (exit code 0, or 33: no selected test calls its function)
   not listed in scripts/mutation-equivalent.txt,
   the candidate tests are every passing test of the whole suite that calls the
   function, or that lives in a file whose collection calls it (every passing
   test, if the function is called outside any test or file). Those mutmut did
   not run against it come first, then those it did (it ran them in a process
   where the package was already imported and its tables built, which can hide
   a mutant of a table builder); each group fastest first. The list is cut
   once the mapped durations add up to the budget (``rerun --budget SECONDS``,
   120 by default; at least one test always runs). The candidates run in one
   fresh ``pytest -x`` process with ``MUTANT_UNDER_TEST`` set from the start
   (so the mutant is active at import time too), stopping at the first failure;
   the process is stopped, and the mutant counted killed by a timeout as mutmut
   does, after twice the candidates' mapped time plus 60 s. A survivor that no
   test calls stays a survivor without a run.

A test that reaches the function only through a value cached by a session
fixture of another test is not a candidate; mutmut's own selection shares
this limit. Survivors named on the command line are re-run even if
``mutants/whole-suite.json`` already holds a verdict for them.
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

MUTANTS = Path("mutants")
WHOLE_SUITE = MUTANTS / "whole-suite.json"
GAME = os.environ.get("MUTATION_GAME", "princes")
EQUIVALENT = Path(
    "scripts/mutation-equivalent.txt"
    if GAME == "princes"
    else f"scripts/mutation-equivalent-{GAME}.txt"
)

# mutmut's exit codes (mutmut/stats.py): what each verdict counts as here.
KILLED = {1, 3, 37, -11}  # a failing test, an error of pytest, a type error, a crash
TIMEOUT = {24, -24, 152, 255, 36, -9}  # past the CPU limit, then killed (-9)
SURVIVED = {0, 5, 33}  # every selected test passed, or no test runs the function
NOT_RUN = {None, 2, 34}
# The whole-suite re-run's exit codes: pytest's 1 (a test failed), 2 (the run
# was interrupted: every candidate collected when the suite was mapped, so an
# error while collecting, such as a test file whose import fails, is the
# mutant's doing) and 3 (an internal error) kill; RERUN_TIMEOUT is the re-run
# stopped at its time limit. Any other code (0, or 4, 5: bad usage, nothing
# collected) leaves the mutant a survivor.
RERUN_KILLED = {1, 2, 3}
RERUN_TIMEOUT = 124


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


def _mutmut_tests() -> dict[str, set[str]]:
    """The tests mutmut runs against each function's mutants, by mangled function name."""
    stats = json.loads((MUTANTS / "mutmut-stats.json").read_text())
    return {k: set(v) for k, v in stats["tests_by_mangled_function_name"].items()}


def function_of(name: str) -> str:
    """The mangled function of a mutant: ``a.b.x_f`` of ``a.b.x_f__mutmut_3``."""
    return name.rpartition("__mutmut_")[0]


class _Mapped(TypedDict):
    """One test of the whole suite's call map."""

    passed: bool
    duration: float
    calls: list[str]


class _Map(TypedDict):
    """The whole suite's call map: every test, each file's collection, and the rest."""

    tests: dict[str, _Mapped]
    files: dict[str, list[str]]
    session: list[str]


def build_map() -> int:
    """Run the whole suite in ``mutants/`` recording the calls (``map`` subcommand)."""
    import mutmut.mutation.trampoline as trampoline
    import pytest
    from mutmut.utils.format_utils import mangled_name_from_mutant_name

    class CallMap:
        """A pytest plugin recording, per test and per test file, the mutated functions called."""

        def __init__(self) -> None:
            self.calls: set[str] = set()
            self.take: Callable[[], set[str]] = set
            self.tests: dict[str, _Mapped] = {}
            self.files: dict[str, list[str]] = {}
            self.session: set[str] = set()

        def gather(self) -> None:
            """Add the functions called since the last look to ``calls``."""
            self.calls |= self.take()

        @pytest.hookimpl(wrapper=True)
        def pytest_make_collect_report(self, collector: pytest.Collector) -> object:
            """Attribute the calls made while collecting a file (its import) to the file."""
            self.gather()
            self.session |= self.calls
            self.calls.clear()
            report = yield
            self.gather()
            if isinstance(collector, pytest.File):
                self.files.setdefault(collector.nodeid, []).extend(sorted(self.calls))
            else:
                self.session |= self.calls
            self.calls.clear()
            return report

        def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
            """Start a test's record."""
            self.gather()
            self.session |= self.calls
            self.calls.clear()
            self.tests[nodeid] = {"passed": True, "duration": 0.0, "calls": []}

        def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
            """Add the duration of each phase; a failure or a skip makes the test unusable."""
            entry = self.tests[report.nodeid]
            entry["duration"] += report.duration
            if report.failed or report.skipped:
                entry["passed"] = False
            if report.when == "teardown":
                self.gather()
                entry["calls"] = sorted(self.calls)
                self.calls.clear()

    recorder = CallMap()
    called: set[Callable[..., object]] = set()

    def light_trampoline(
        mutants: dict[str, Callable[..., object]], is_classmethod: bool = False
    ) -> Callable[[Callable[..., object]], Callable[..., object]]:
        """mutmut's trampoline in recording mode, only lighter: it notes the function called.

        mutmut's own records through context variables and the environment on
        every call, which makes the bots' and the fuzz tests' millions of calls
        far too slow to map.
        """

        def wrap(function: Callable[..., object]) -> Callable[..., object]:
            @functools.wraps(function)
            def trampoline(*args: object, **kwargs: object) -> object:
                original = mutants["_mutmut_orig"]
                called.add(original)
                if is_classmethod:
                    return getattr(args[0], original.__name__)(*args[1:], **kwargs)
                return original(*args, **kwargs)

            return trampoline

        return wrap

    def names() -> set[str]:
        """The mutated functions called since the last look, by mutmut's names."""
        found = {f"{f.__module__}.{mangled_name_from_mutant_name(f.__name__)}" for f in called}
        called.clear()
        return found

    recorder.take = names
    # The mutated modules import the trampoline from here when first imported.
    vars(trampoline)["wrap_in_trampoline"] = light_trampoline
    os.environ["MUTANT_UNDER_TEST"] = ""
    os.environ["HYPOTHESIS_PROFILE"] = "mutation"
    os.chdir(MUTANTS)
    sys.path.insert(0, str(Path("src").resolve()))
    arguments = ["-q", "-p", "no:cacheprovider", "--rootdir=.", "--continue-on-collection-errors"]
    code = int(pytest.main(arguments, plugins=[recorder]))
    recorder.gather()
    unusable = sorted(k for k, v in recorder.tests.items() if not v["passed"])
    mapped: _Map = {
        "tests": recorder.tests,
        "files": recorder.files,
        "session": sorted(recorder.session | recorder.calls),
    }
    Path("whole-suite-map.json").write_text(json.dumps(mapped))
    print(f"mapped {len(recorder.tests)} tests; {len(unusable)} failed or skipped, never used:")
    for nodeid in unusable:
        print(f"  {nodeid}")
    return 0 if code in (0, 1) else code


def _call_map(env: dict[str, str]) -> _Map:
    """The whole suite's call map, rebuilt when a test file is newer than it."""
    path = MUTANTS / "whole-suite-map.json"
    newest = max(f.stat().st_mtime for f in (MUTANTS / "tests").rglob("*.py"))
    if not path.exists() or path.stat().st_mtime < newest:
        print("mapping the calls of the whole suite (one run of it)...", flush=True)
        run = subprocess.run([sys.executable, __file__, "map"], env=env, check=False)
        if run.returncode != 0:
            raise SystemExit(f"the whole suite could not be mapped (exit code {run.returncode})")
    loaded: _Map = json.loads(path.read_text())
    if not any(entry["passed"] for entry in loaded["tests"].values()):
        path.unlink()  # a map of no passing test would call every survivor untested
        raise SystemExit("the whole-suite map holds no passing test: see the errors above")
    return loaded


def rerun_with(names: list[str], tests: list[str]) -> None:
    """Run each survivor or timeout among ``names`` (all, if none) against ``tests`` only.

    For tests written after a run: each mutant runs in one fresh ``pytest -x``
    process over the given test files, with ``MUTANT_UNDER_TEST`` set from the
    start, no call map needed; the verdict is kept with the whole-suite ones.
    """
    codes = results()
    listed = equivalent()
    todo = [
        n
        for n in (names or sorted(codes))
        if (codes.get(n) in SURVIVED or codes.get(n) in TIMEOUT) and n not in listed
    ]
    env = dict(os.environ, HYPOTHESIS_PROFILE="mutation")
    env["PYTHONPATH"] = str((MUTANTS / "src").resolve())
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--rootdir=."]
    for name in todo:
        env["MUTANT_UNDER_TEST"] = name
        try:
            run = subprocess.run(
                [*command, *tests],
                cwd=MUTANTS,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
                timeout=600,
            )
            code = run.returncode
        except subprocess.TimeoutExpired:
            code = RERUN_TIMEOUT
        verdict = "killed" if code in RERUN_KILLED or code == RERUN_TIMEOUT else "survived"
        print(f"{name}: {verdict} (exit {code}) by {' '.join(tests)}", flush=True)
        current = whole_suite()
        current[name] = code
        partial = WHOLE_SUITE.with_suffix(f".{os.getpid()}")
        partial.write_text(json.dumps(current, indent=1, sort_keys=True))
        partial.replace(WHOLE_SUITE)


def rerun(names: list[str], budget: float = 120.0) -> None:
    """Run each survivor among ``names`` against the rest of the suite (see the module's head)."""
    codes = results()
    chosen = names or sorted(codes)
    verdicts = whole_suite()
    listed = equivalent()  # counted apart: no test is expected to kill them
    todo = [
        n
        for n in chosen
        if codes.get(n) in SURVIVED
        and (n not in verdicts or n in names)
        and (n not in listed or n in names)
    ]
    if not todo:
        return
    env = dict(os.environ, HYPOTHESIS_PROFILE="mutation")
    env.pop("MUTANT_UNDER_TEST", None)
    mapped = _call_map(env)
    tests, files, session = mapped["tests"], mapped["files"], set(mapped["session"])
    already = _mutmut_tests()
    # The mutated copy of the package comes first, as mutmut arranges it.
    env["PYTHONPATH"] = str((MUTANTS / "src").resolve())
    for name in todo:
        function = function_of(name)
        by_file = {f for f, called in files.items() if function in called}
        calling = [
            nodeid
            for nodeid, entry in tests.items()
            if entry["passed"]
            and (
                function in session
                or function in entry["calls"]
                or nodeid.partition("::")[0] in by_file
            )
        ]
        # The tests mutmut did not run first, then those it ran in its warm process.
        ran = already.get(function, set())
        calling.sort(key=lambda n: (n in ran, tests[n]["duration"]))
        candidates: list[str] = []
        spent = 0.0
        for nodeid in calling:
            spent += tests[nodeid]["duration"]
            if spent > budget and candidates:
                break
            candidates.append(nodeid)
        if not candidates:
            verdicts[name] = 0
            print(f"{name}: survived (no test calls it)", flush=True)
        else:
            limit = 2 * sum(tests[n]["duration"] for n in candidates) + 60
            env["MUTANT_UNDER_TEST"] = name
            command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
            try:
                run = subprocess.run(
                    [*command, "--rootdir=.", *candidates],
                    cwd=MUTANTS,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    check=False,
                    timeout=limit,
                )
                verdicts[name] = run.returncode
            except subprocess.TimeoutExpired:
                verdicts[name] = RERUN_TIMEOUT
            code = verdicts[name]
            verdict = "killed" if code in RERUN_KILLED or code == RERUN_TIMEOUT else "survived"
            verdict += f" (exit {code})"
            print(f"{name}: {verdict} by {len(candidates)} of {len(calling)} tests", flush=True)
        # Read again before writing: several re-runs (on disjoint names) may share the file.
        current = whole_suite()
        current[name] = verdicts[name]
        partial = WHOLE_SUITE.with_suffix(f".{os.getpid()}")
        partial.write_text(json.dumps(current, indent=1, sort_keys=True))
        partial.replace(WHOLE_SUITE)  # whole, never half written


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
        elif code in TIMEOUT and name in listed:
            tally["equivalent"] += 1  # a slower equivalent: the clock, not a test, stopped it
        elif code in TIMEOUT:
            tally["timeout"] += 1
        elif verdicts.get(name) in RERUN_KILLED:
            tally["killed"] += 1
            tally["by re-run"] += 1
        elif verdicts.get(name) == RERUN_TIMEOUT:
            tally["timeout"] += 1
            tally["by re-run"] += 1
        elif name in listed:
            tally["equivalent"] += 1
        else:
            tally["survived"] += 1
            survivors.append(name)
    stale = sorted(  # killed by a test: a timeout does not disprove an equivalence
        n for n in listed if n in codes and (codes[n] in KILLED or verdicts.get(n) in RERUN_KILLED)
    )
    heads = ("mutants", "run", "killed", "rerun", "timeout", "equiv", "surv", "score")
    print(f"{'module':38} " + " ".join(f"{h:>7}" for h in heads))
    low = False
    total: Counter[str] = Counter()
    for module, t in [*sorted(rows.items()), ("all", total)]:
        if module != "all":
            total.update(t)
        run = t["mutants"] - t["not run"]
        judged = run - t["equivalent"]
        dead_count = t["killed"] + t["timeout"]
        score = 100.0 * dead_count / judged if judged else 100.0
        low |= module != "all" and score < 95.0
        counts = (
            t["mutants"],
            run,
            t["killed"],
            t["by re-run"],
            t["timeout"],
            t["equivalent"],
            t["survived"],
        )
        name = module.removeprefix("princes_of_florence.")
        print(f"{name:38} " + " ".join(f"{c:7}" for c in counts) + f" {score:6.1f}%")
    for name in survivors:
        print(f"survived: {name}")
    for name in stale:
        print(f"listed as equivalent but killed (remove it from {EQUIVALENT}): {name}")
    return 1 if low or stale else 0


def scratch(game: str) -> None:
    """Write ``.mutation/GAME/``, where mutmut runs for a game other than the first.

    mutmut reads its settings only from ``[tool.mutmut]`` of the
    ``pyproject.toml`` of the directory it runs in, and keeps its mutants in
    ``mutants/`` there. The scratch directory links to every top-level entry of
    the repository (``src``, ``tests``, ``scripts``, ``docs``...) but
    ``pyproject.toml``, the root's own ``mutants/`` and the hidden ones, and
    holds a ``pyproject.toml`` that is the repository's with its mutmut tables
    replaced by one: ``[tool.mutmut]`` with the keys of
    ``[tool.mutmut.games.GAME]`` in place of its own. The file is written only
    when its text changes, so that mutmut's own change detection keeps its
    verdicts across runs.
    """
    import tomllib

    text = Path("pyproject.toml").read_text()
    settings = tomllib.loads(text)["tool"]["mutmut"]
    games = settings.pop("games")
    if game not in games:
        raise SystemExit(f"no game {game!r} in [tool.mutmut.games]: {', '.join(sorted(games))}")
    settings.update(games[game])
    # Every line but those of the tables [tool.mutmut] and [tool.mutmut.*].
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line.strip("[] ").startswith("tool.mutmut")
        if not inside:
            kept.append(line)
    # JSON's strings, lists and numbers are TOML's too.
    table = [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    written = "\n".join(
        [*kept, f"# Written by scripts/mutation.py scratch {game}.", "[tool.mutmut]", *table, ""]
    )
    place = Path(".mutation") / game
    place.mkdir(parents=True, exist_ok=True)
    target = place / "pyproject.toml"
    if not target.exists() or target.read_text() != written:
        target.write_text(written)
    for entry in sorted(Path(".").iterdir()):
        name = entry.name
        if name.startswith(".") or name in ("pyproject.toml", "mutants"):
            continue
        link = place / name
        if not link.is_symlink():
            link.symlink_to(Path("..", "..", name))


def main(argv: list[str]) -> int:
    command, args = argv[0], argv[1:]
    if command == "sample":
        sample(int(args[0]), int(args[1]))
        return 0
    if command == "rerun":
        budget = 120.0
        if args[:1] == ["--budget"]:
            budget, args = float(args[1]), args[2:]
        if args[:1] == ["--tests"]:
            tests = [a for a in args[1:] if a.startswith("tests/")]
            rerun_with([a for a in args[1:] if not a.startswith("tests/")], tests)
            return 0
        rerun(args, budget)
        return 0
    if command == "report":
        return report(args)
    if command == "map":
        return build_map()
    if command == "scratch":
        scratch(args[0])
        return 0
    raise SystemExit(f"unknown command {command!r}: sample, rerun, report, map or scratch")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
