"""Each game's board comes from its own package: the play page imports the module the game's
summary names (``/static/games/<id>/board.js``), and the module brings its stylesheet, once,
before it draws."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server

pytestmark = pytest.mark.smoke  # in make test (the rest of tests/e2e: make test-browser)

TWO_PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
# a rule of the game's board.css, as the browser computes it
STYLED = {
    "discovery": (".map-legend", "position", "absolute"),
    "entdecker": (".explorer-map .map-legend", "position", "absolute"),
    "evolution-explore": (".evo-board", "display", "grid"),
    "evolution-bluff": (".evo-board", "display", "grid"),
    "small-islands": (".islands-map .map-legend", "position", "absolute"),
}


@pytest.mark.parametrize("game", sorted(STYLED))
def test_the_board_and_its_stylesheet_come_from_the_game(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    created = server.post(
        "/api/games",
        {"game": game, "params": {"players": 2}, "seats": TWO_PEOPLE, "bot_delay_ms": 0},
    )
    board = f"/static/games/{game}/board.js"
    assert server.get(f"/api/games/{created['game_id']}")["board"] == board
    page = new_page()
    page.goto(server.base + created["spectator_link"])
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("body[data-conn='online']")
    loaded = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
    )
    assert board in loaded and f"/static/games/{game}/board.css" in loaded
    assert not [url for url in loaded if url.startswith("/static/boards/")]  # not the generic
    links = page.evaluate(
        "[...document.querySelectorAll('link[rel=stylesheet]')]"
        ".map((link) => new URL(link.href).pathname)"
    )
    assert links == ["/static/style.css", f"/static/games/{game}/board.css"]
    selector, prop, value = STYLED[game]
    page.wait_for_selector(selector)  # the board drawn (its module may still be reading)
    computed = page.evaluate(
        "([selector, prop]) => getComputedStyle(document.querySelector(selector))[prop]",
        [selector, prop],
    )
    assert computed == value
    page.screenshot(path=str(screenshots / f"board-from-package-{game}.png"))
