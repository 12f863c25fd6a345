"""What every test shares: how ``pytest -n`` (pytest-xdist, ``make test``) spreads them.

``make test`` runs ``--dist loadgroup``: tests are handed to the workers one by one, except
those that use a fixture shared by a whole module (a Chromium, an installed example game, a
nginx): each such module goes to one worker whole, so its fixture starts once, as it does
without ``-n``. Every other kind of sharing is kept out of the tests themselves: free ports,
``tmp_path`` folders, and a PostgreSQL database of each worker's own
(``tests/server/conftest.py``).

It also marks ``heavy`` the tests that ``tests/heavy.txt`` lists: those that took more than
:data:`HEAVY_SECONDS` in a run of the whole suite. ``make check``'s fast tier leaves them
out; ``pytest --record-heavy`` writes the list again from the run it makes."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

SHARED_SCOPES = {"module", "class", "package"}

HEAVY_LIST = Path(__file__).with_name("heavy.txt")
HEAVY_SECONDS = 0.3
"""A test that takes longer (set-up, call and tear-down, on a CI worker) is ``heavy``."""


def read_heavy(path: Path = HEAVY_LIST) -> dict[str, float]:
    """The heavy tests' node ids, with the seconds each took when last measured."""
    if not path.exists():
        return {}
    heavy = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            seconds, nodeid = line.split(" ", 1)
            heavy[nodeid] = float(seconds)
    return heavy


def write_heavy(heavy: dict[str, float], path: Path = HEAVY_LIST) -> None:
    lines = [f"{heavy[nodeid]:.2f} {nodeid}" for nodeid in sorted(heavy)]
    header = (
        f"# tests that took more than {HEAVY_SECONDS} s: left out of make check's fast tier\n"
        "# (written by `pytest --record-heavy`, from the tests its run made)\n"
    )
    path.write_text(header + "\n".join(lines) + "\n")


def sqlite_twin(nodeid: str) -> str:
    """The node id of the same test on SQLite, for one on PostgreSQL: a run without
    PostgreSQL (it is skipped there) measures only the SQLite one, and the PostgreSQL one is
    never the quicker."""
    name, bracket, params = nodeid.partition("[")
    return name + bracket + re.sub(r"\bpostgresql\b", "sqlite", params) if bracket else nodeid


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-heavy",
        action="store_true",
        help=f"write {HEAVY_LIST.name} again: the tests this run made that took more than "
        f"{HEAVY_SECONDS} s, and those it did not make as they were",
    )


_took: defaultdict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _took[report.nodeid] += report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not config.getoption("--record-heavy") or hasattr(config, "workerinput"):
        return  # a pytest-xdist worker's reports reach the controller, which writes
    heavy = {nodeid: s for nodeid, s in read_heavy().items() if nodeid not in _took}
    heavy.update({nodeid: s for nodeid, s in _took.items() if s > HEAVY_SECONDS})
    write_heavy(heavy)


def shares_a_fixture(item: pytest.Item) -> bool:
    """Whether the test uses a fixture kept for more than one test, short of the session."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        definition.scope in SHARED_SCOPES
        for definitions in info.name2fixturedefs.values()
        for definition in definitions
    )


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    heavy = read_heavy()
    for item in items:
        if item.nodeid in heavy or sqlite_twin(item.nodeid) in heavy:
            item.add_marker(pytest.mark.heavy)
        if shares_a_fixture(item) and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
