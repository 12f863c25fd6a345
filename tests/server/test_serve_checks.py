"""`terranova serve` says in one line, before it starts, what keeps it from starting: a
database URL of a kind it has no engine for, or that it cannot connect to, and an address
another program listens on."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url
from typer.testing import CliRunner, Result

from terranova.cli import app
from terranova.server import runner as server_runner


@pytest.fixture(autouse=True)
def never_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that lets a bad start through fails the test instead of serving forever."""

    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(server_runner.Server, "run", started)


def serve(*args: str) -> Result:
    return CliRunner().invoke(app, ["serve", *args])


def refused(result: Result, *words: str) -> str:
    """The one line of a start refused with exit code 2, which holds ``words``."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "Terranova on" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("postgres://someone:secret@localhost/games", ["'postgres'", "postgresql+psycopg://"]),
        ("mysql://someone:secret@localhost/games", ["'mysql'", "sqlite:///FILE"]),
        ("games.db", ["not a database URL", "sqlite:///FILE"]),
        ("postgresql+psycopg//someone:secret@db/games", ["not a database URL"]),
    ],
)
def test_a_database_url_it_cannot_use(url: str, words: list[str]) -> None:
    line = refused(serve("--database-url", url), *words)
    assert "secret" not in line


def test_a_sqlite_file_it_cannot_make(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a-file' / 'not-a-folder' / 'games.db'}"
    (tmp_path / "a-file").write_text("a file where the folder should be")
    refused(serve("--database-url", url), "cannot use sqlite:///", "Not a directory")


def test_a_postgresql_password_that_is_wrong(postgres_url: str) -> None:
    wrong = make_url(postgres_url).set(password="not-the-password")
    wrong = wrong.render_as_string(hide_password=False)
    line = refused(serve("--database-url", wrong), "cannot connect to", "password")
    assert "not-the-password" not in line


def test_an_address_already_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'g.db'}")
    refused(result, f"127.0.0.1:{port}", "--port")


def test_a_good_start_gets_past_the_checks(tmp_path: Path) -> None:
    result = serve("--port", "0", "--database-url", f"sqlite:///{tmp_path / 'g.db'}")
    assert isinstance(result.exception, AssertionError), result.output
    assert str(result.exception) == "the server started"


def test_the_admin_commands_do_not_show_a_mistyped_url_either() -> None:
    result = CliRunner().invoke(
        app, ["admin", "prune", "--database-url", "postgresql+psycopg//someone:secret@db/g"]
    )
    assert result.exit_code == 2 and "not a database URL" in result.output, result.output
    assert "secret" not in result.output
