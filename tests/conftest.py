"""What every test shares: how ``pytest -n`` (pytest-xdist, ``make test``) spreads them.

``make test`` runs ``--dist loadgroup``: tests are handed to the workers one by one, except
those that use a fixture shared by a whole module (a Chromium, an installed example game, a
nginx): each such module goes to one worker whole, so its fixture starts once, as it does
without ``-n``. Every other kind of sharing is kept out of the tests themselves: free ports,
``tmp_path`` folders, and a PostgreSQL database of each worker's own
(``tests/server/conftest.py``)."""

from __future__ import annotations

import pytest

SHARED_SCOPES = {"module", "class", "package"}


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
    for item in items:
        if shares_a_fixture(item) and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
