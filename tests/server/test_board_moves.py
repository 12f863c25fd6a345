"""The boards read moves as data: every legal move, log entry, hint and view's action comes
with its ``kind`` and ``fields`` (docs/web.md, the ``state`` message), so no board reads an
action's text (no ``readAction``, no regular expression anchored on an action's verb, no
split of a legal or log text nor of a move's field, such as Entdecker's tolls and a
scout's source, which come as lists and objects, no search through ``legal`` but for the
text to send). A board must not work out a rule the view's facts give either (Small
Islands' Missions fulfilled, Entdecker's routes, The Discovery's territories and the
placements closing them), nor read a fact out of a text the view gives in words. The scan
covers every script the browser runs: the page's (``server/static``) and every game's
``web``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "terranova" / "games"

PATTERNS = {
    "readAction": re.compile(r"\breadAction\b"),
    "a regex on an action's verb": re.compile(r"/\^(?:\(\?:)?[a-z][a-z-]*[ (\\|$)]"),
    "a split of a text": re.compile(r"\b(?:text|t|action|entry\.text)\.split\("),
    "a split of a move's field": re.compile(
        r"\b(?:fields|f)\.\w+\.split\(|\b(?:tolls|source)\.split\("
    ),
    "a search of legal": re.compile(r"\blegal\.(?:map|filter|some|find|every|forEach)\("),
    "a test of a text's start": re.compile(r"\.text\.(?:startsWith|match)\(|\btext\.startsWith\("),
    "a regex run on a text": re.compile(
        r"\.exec\([^)]*\.(?:text|what|says)\)|\.(?:what|says)\.(?:match|split|startsWith)\("
    ),
    "a rule worked out again": re.compile(
        r"\bfunction (?:fulfils|findRoute)\b|\bfindRoute\(|\bclosingPlace\b|\bterritory\("
    ),
}
"""What reading an action's text, or a rule the server's facts give, looks like."""


def parsing(source: str) -> list[str]:
    """Where a board's ``source`` reads an action's text: ``line: what``."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for what, pattern in PATTERNS.items():
            if pattern.search(line):
                found.append(f"{number}: {what}: {line.strip()[:100]}")
    return found


STATIC = GAMES.parent / "server" / "static"
SCRIPTS = sorted([*GAMES.glob("*/web/**/*.js"), *STATIC.glob("**/*.js")])
"""Every script the browser runs."""


@pytest.mark.parametrize("script", SCRIPTS, ids=[str(s.relative_to(GAMES.parent)) for s in SCRIPTS])
def test_no_script_reads_an_action_text(script: Path) -> None:
    assert parsing(script.read_text(encoding="utf-8")) == []


def test_every_board_and_the_page_are_checked() -> None:
    boards = {s.parts[-3] for s in SCRIPTS if s.name == "board.js"}
    assert boards == {"discovery", "entdecker", "evolution", "small_islands"}
    assert {"game.js", "lobby.js", "common.js", "tile-board.js"} <= {s.name for s in SCRIPTS}


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
    const filled = message.view.log.map((e) => FILLED_RE.exec(e.what)).filter(Boolean);
  return tolls ? tolls.split(",").map(Number) : [];
  const [where, index] = source.split("/");
    const paid = f.tolls.split(",");
"""
    found = parsing(before)
    assert len(found) >= 14, found
    assert sum("a split of a move's field" in f for f in found) == 3, found
    assert sum("a regex run on a text" in f for f in found) == 1, found
    assert sum("a rule worked out again" in f for f in found) == 3, found
