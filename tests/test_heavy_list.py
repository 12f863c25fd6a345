"""tests/heavy.txt, the tests left out of make check's fast tier: read and written back
alike, every entry a test file that exists, and PostgreSQL tests heavy with their SQLite
twins."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import HEAVY_LIST, HEAVY_SECONDS, read_heavy, sqlite_twin, write_heavy

ROOT = Path(__file__).resolve().parents[1]


def test_the_list_reads_and_writes_back_alike(tmp_path: Path) -> None:
    heavy = read_heavy()
    assert len(heavy) > 100
    again = tmp_path / "heavy.txt"
    write_heavy(heavy, again)
    assert again.read_text() == HEAVY_LIST.read_text()
    assert read_heavy(again) == heavy
    assert read_heavy(tmp_path / "none.txt") == {}


def test_every_entry_names_a_test_file_that_exists() -> None:
    missing = {n.split("::")[0] for n in read_heavy() if not (ROOT / n.split("::")[0]).exists()}
    assert missing == set()
    assert all(seconds >= HEAVY_SECONDS for seconds in read_heavy().values())  # 2 decimals


def test_a_postgresql_test_is_heavy_with_its_sqlite_twin() -> None:
    assert sqlite_twin("tests/server/test_x.py::test_y[postgresql]") == (
        "tests/server/test_x.py::test_y[sqlite]"
    )
    assert sqlite_twin("a.py::t[2-postgresql-b]") == "a.py::t[2-sqlite-b]"
    assert sqlite_twin("a.py::t[postgresqlish]") == "a.py::t[postgresqlish]"
    assert sqlite_twin("a.py::t") == "a.py::t"
