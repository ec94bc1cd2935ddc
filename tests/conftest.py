"""Test configuration: Hypothesis profiles ``dev`` (quick), ``ci`` (thorough) and ``mutation``."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# Mutation testing (scripts/mutation.sh): the quick budget, the same examples on
# every run, no example database, so that one mutant's failures are not
# replayed against the next, and no shrinking: a failure kills the mutant as it
# is, where shrinking a failed random game could take minutes.
settings.register_profile(
    "mutation",
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


_SUMMARY = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def summary_lines(pytestconfig: pytest.Config) -> list[str]:
    """Lines a test adds to the terminal summary (figures such as games played)."""
    return pytestconfig.stash.setdefault(_SUMMARY, [])


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Under pytest-xdist, a worker hands its figures to the controller, which shows them."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["figures"] = session.config.stash.get(_SUMMARY, [])


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller of pytest-xdist collects each worker's figures as the worker ends.

    ``node`` is xdist's controller of the worker (it has no type hints).
    """
    lines = getattr(node, "workeroutput", {}).get("figures", [])
    node.config.stash.setdefault(_SUMMARY, []).extend(lines)


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config
) -> None:
    """Show the lines of :func:`summary_lines` in a section of their own."""
    lines = config.stash.get(_SUMMARY, [])
    if lines:
        terminalreporter.section("figures")
        for line in lines:
            terminalreporter.write_line(line)
