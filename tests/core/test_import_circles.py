"""No import circles among Terranova's modules, the games' packages included.

The graph is grimp's (import-linter's own library): every ``import`` of a module, those
inside functions and under ``TYPE_CHECKING`` too, so a circle cannot hide there. A circle is
a strongly connected part of the graph: modules that each import, through the others, one
another. The contract ``no-circles`` of ``lint-imports`` (pyproject.toml) checks the same
outside the game packages it skips (``skip_descendants``); this test checks the whole
package, and one game package at a time, so that a circle is named where it is.

A game package still listed under ``skip_descendants`` has circles being taken apart: its
test is an expected failure (strict: once its circles are gone the test fails until the
package leaves that list, and lint-imports checks it too).
"""

from __future__ import annotations

import pkgutil
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import grimp
import pytest

import terranova.games

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = "outside the games"


def skipped_by_the_contract() -> set[str]:
    """The game packages the import-linter contract ``no-circles`` does not check yet."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (contract,) = (c for c in contracts if c["id"] == "no-circles")
    return set(contract.get("skip_descendants", ()))


def game_packages() -> list[str]:
    return sorted(
        f"terranova.games.{found.name}"
        for found in pkgutil.iter_modules(terranova.games.__path__)
        if found.ispkg
    )


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("terranova")


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (or a module importing itself),
    each sorted (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports[target]))))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == module:
                        break
                if len(part) > 1 or module in imports[module]:
                    found.append(sorted(part))
    return sorted(found)


def region(circle: list[str]) -> str:
    """The game package a circle lies in, or OUTSIDE."""
    for package in game_packages():
        if all(m == package or m.startswith(package + ".") for m in circle):
            return package
    return OUTSIDE


def terranova_circles() -> list[list[str]]:
    g = graph()
    return circles({m: set(g.find_modules_directly_imported_by(m)) for m in g.modules})


def test_circles_are_found() -> None:
    a_b_c = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert circles(a_b_c) == [["a", "b", "c"], ["e"]]
    assert region(["terranova.arena.plots", "terranova.arena.tournament"]) == OUTSIDE


def regions() -> list[object]:
    out: list[object] = [pytest.param(OUTSIDE, id="outside-the-games")]
    skipped = skipped_by_the_contract()
    for package in game_packages():
        marks = []
        if package in skipped:
            reason = (
                f"{package} still has import circles (the no-circles contract skips it): "
                "remove it from skip_descendants in pyproject.toml once they are gone"
            )
            marks.append(pytest.mark.xfail(strict=True, reason=reason))
        out.append(pytest.param(package, marks=marks, id=package.rsplit(".", 1)[-1]))
    return out


@pytest.mark.parametrize("where", regions())
def test_no_import_circle(where: str) -> None:
    found = [c for c in terranova_circles() if region(c) == where]
    named = "\n".join(" <-> ".join(circle) for circle in found)
    assert not found, f"import circles {where}:\n{named}"


def test_the_contract_skips_only_game_packages() -> None:
    assert skipped_by_the_contract() <= set(game_packages())
