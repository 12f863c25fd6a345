"""The boards read moves as data: every legal move, log entry, hint and view's action comes
with its ``kind`` and ``fields`` (docs/web.md, the ``state`` message), so no board reads an
action's text (no ``readAction``, no regular expression anchored on an action's verb, no
split of a legal or log text, no search through ``legal`` but for the text to send). A
board must not work out a rule the view's facts give either (Small Islands' Missions
fulfilled, Entdecker's routes, The Discovery's territories and the placements closing
them). A board still parsing is listed in PARSING until it reads the data; the mark is
strict, so a board that stops parsing must leave the list, and one that starts again
fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "terranova" / "games"

PATTERNS = {
    "readAction": re.compile(r"\breadAction\b"),
    "a regex on an action's verb": re.compile(r"/\^(?:\(\?:)?[a-z][a-z-]*[ (\\|$)]"),
    "a split of a text": re.compile(r"\b(?:text|t|action|entry\.text)\.split\("),
    "a search of legal": re.compile(r"\blegal\.(?:map|filter|some|find|every|forEach)\("),
    "a test of a text's start": re.compile(r"\.text\.(?:startsWith|match)\(|\btext\.startsWith\("),
    "a rule worked out again": re.compile(
        r"\bfunction (?:fulfils|findRoute)\b|\bfindRoute\(|\bclosingPlace\b|\bterritory\("
    ),
}
"""What reading an action's text, or a rule the server's facts give, looks like."""

PARSING: set[str] = set()
"""Boards that still read action texts (to be moved to the moves' data)."""


def parsing(source: str) -> list[str]:
    """Where a board's ``source`` reads an action's text: ``line: what``."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for what, pattern in PATTERNS.items():
            if pattern.search(line):
                found.append(f"{number}: {what}: {line.strip()[:100]}")
    return found


BOARDS = sorted(GAMES.glob("*/web/board.js"))


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(
            b,
            id=b.parts[-3],
            marks=[pytest.mark.xfail(strict=True, reason="reads action texts")]
            if b.parts[-3] in PARSING
            else [],
        )
        for b in BOARDS
    ],
)
def test_no_board_reads_an_action_text(board: Path) -> None:
    assert parsing(board.read_text(encoding="utf-8")) == []


def test_every_board_is_checked() -> None:
    assert {b.parts[-3] for b in BOARDS} >= {"evolution", *PARSING}


def test_the_scan_finds_what_the_boards_did() -> None:
    """The patterns catch the parsing the boards did before their moves were data."""
    before = """
export function readAction(text) {
  const words = text.split(" ");
const TAKE_RE = /^take (\\S+)$/;
    if ((m = /^draw (\\S+)$/.exec(text))) return m[1];
    this.deploys = legal.map((t) => DEPLOY_RE.exec(t)).filter(Boolean);
    const startEntry = log.find((e) => /^start /.test(e.text));
    if (!window && legal.some((t) => WINDOW_ANSWERS.includes(t))) return 1;
function fulfils(m, island) {
    const close = this.closingPlace(view, seat, places);
      const open = this.territory(tiles, f.x, f.y, f.region).open;
"""
    found = parsing(before)
    assert len(found) >= 10, found
    assert sum("a rule worked out again" in f for f in found) == 3, found
