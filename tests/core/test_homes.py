"""One home per game: no file of Terranova outside a game's package names that game.

A game's words are its id, its aliases, the parts of its id and its package's name
(``evolution-bluff``: ``evolution``, ``bluff``). They are looked for as whole words,
ignoring case, in every file under ``src/terranova`` outside the games' packages (one
game's package may share words with another's: the évolution games are called Discovery
too): in
Python, in the code and its comments (docstrings are documentation and may use a game as
their example); in the browser's files (JavaScript, CSS, HTML), everywhere.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

import terranova
from terranova.core.registry import GameInfo

SOURCE = Path(terranova.__file__).resolve().parent
GAMES = SOURCE / "games"
WEB_SUFFIXES = {".js", ".css", ".html"}


def home(info: GameInfo) -> Path | None:
    """The package directory of a game Terranova itself ships (None for others)."""
    parts = info.factory.__module__.split(".")
    if parts[:2] != ["terranova", "games"] or len(parts) < 3:
        return None
    return GAMES / parts[2]


def words(info: GameInfo, package: Path) -> set[str]:
    out = {info.id, *info.aliases, package.name}
    for name in list(out):
        # a compound name in its other spellings ("small islands", "small_islands"), not
        # its parts: "small" alone names no game
        out |= {re.sub(r"[-_]", sep, name) for sep in (" ", "_", "-", "")}
    return {w.lower() for w in out if len(w) > 2}


def docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of the module's, classes' and functions' docstrings, and of the strings
    that document a name (a string statement after an assignment)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if (
                isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                end = statement.end_lineno or statement.lineno
                lines.update(range(statement.lineno, end + 1))
    return lines


def python_text(path: Path) -> Iterator[tuple[int, str]]:
    """The code and comments of a Python file, line by line, docstrings left out."""
    source = path.read_text(encoding="utf-8")
    skip = docstring_lines(ast.parse(source))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.start[0] in skip and token.type == tokenize.STRING:
            continue
        yield token.start[0], token.string


def web_text(path: Path) -> Iterator[tuple[int, str]]:
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)


def mentions(path: Path, pattern: re.Pattern[str]) -> list[str]:
    if path.suffix == ".py":
        texts = python_text(path)
    elif path.suffix in WEB_SUFFIXES:
        texts = web_text(path)
    else:
        return []
    return [f"{path.relative_to(SOURCE)}:{n}: {t.strip()}" for n, t in texts if pattern.search(t)]


SHIPPED = {
    info.id: (info, package)
    for info in terranova.games().values()
    if (package := home(info)) is not None
}


def test_terranova_ships_games() -> None:
    assert SHIPPED, "no game package found under terranova.games"


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_no_file_outside_the_package_names_the_game(game_id: str) -> None:
    info, package = SHIPPED[game_id]
    homes = {home for _, home in SHIPPED.values()}
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, words(info, package))) + r")\b", re.I)
    found: list[str] = []
    for path in sorted(SOURCE.rglob("*")):
        if path.is_dir() or homes & set(path.parents) or "__pycache__" in path.parts:
            continue
        found += mentions(path, pattern)
    assert not found, "\n".join(found)


def test_the_check_sees_code_comments_and_browser_files(tmp_path: Path) -> None:
    pattern = re.compile(r"\b(bluff)\b", re.I)
    code = tmp_path / "a.py"
    code.write_text('"""Bluff in a docstring is documentation."""\nGAME = "bluff"\n')
    comment = tmp_path / "b.py"
    comment.write_text("x = 1  # for Bluff\n")
    doc = tmp_path / "c.py"
    doc.write_text('def f() -> None:\n    """Bluff."""\n')
    style = tmp_path / "d.css"
    style.write_text("/* Bluff's pile */\n")
    assert [len(list(python_hits(p, pattern))) for p in (code, comment, doc)] == [1, 1, 0]
    assert len(list(web_hits(style, pattern))) == 1


def python_hits(path: Path, pattern: re.Pattern[str]) -> Iterator[str]:
    return (t for _, t in python_text(path) if pattern.search(t))


def web_hits(path: Path, pattern: re.Pattern[str]) -> Iterator[str]:
    return (t for _, t in web_text(path) if pattern.search(t))
