"""The examples in the docstrings of every module of ``terranova`` run and say what they show.

pytest's ``--doctest-modules`` collects only under ``testpaths`` (tests/); the modules are
imported here by their real names instead, so each example runs against the one registry
the rest of the package uses.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import terranova

MODULES = sorted(m.name for m in pkgutil.walk_packages(terranova.__path__, "terranova."))


def _examples(module_name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [test for test in finder.find(module) if test.examples]


WITH_EXAMPLES = [name for name in ["terranova", *MODULES] if _examples(name)]


def test_the_main_modules_have_examples() -> None:
    for name in ["terranova.agents.registry", "terranova.arena.tournament", "terranova.kit"]:
        assert name in WITH_EXAMPLES


@pytest.mark.parametrize("module_name", WITH_EXAMPLES)
def test_docstring_examples(module_name: str) -> None:
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    for test in _examples(module_name):
        report: list[str] = []
        result = runner.run(test, out=report.append)
        if result.failed:
            failures.append("".join(report))
    assert not failures, "\n".join(failures)


HELPERS = ["tests.e2e.colour_vision", "tests.pairwise"]
"""The test helpers with examples of their own (collection no longer reads tests/ for
doctests: ``--doctest-modules`` imported every test module a second time)."""


@pytest.mark.parametrize("module_name", HELPERS)
def test_the_test_helpers_examples_run(module_name: str) -> None:
    assert _examples(module_name), f"{module_name} has no examples"
    test_docstring_examples(module_name)
