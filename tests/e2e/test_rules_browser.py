"""The rules pages as a player finds them: from the lobby's game choice and from a game's
page, every picture drawn, and "Play" back to the lobby with the game chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from terranova.core.registry import games
from tests.e2e.conftest import Server, wait_until


def every_picture_drawn(page: Any) -> None:
    """Each picture a rules page shows (at least two) is drawn, scrolled into view in turn."""
    pictures = page.locator(".rules-picture img")
    assert pictures.count() >= 2
    for k in range(pictures.count()):
        picture = pictures.nth(k)
        picture.scroll_into_view_if_needed()
        wait_until(
            page, "(img) => img.complete && img.naturalWidth > 0", arg=picture.element_handle()
        )


@pytest.mark.parametrize("game", sorted(games()))
def test_the_lobby_links_each_game_s_rules(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", game)
    link = page.locator("[data-testid='game-rules']")
    assert link.is_visible()
    assert link.get_attribute("href") == f"/rules/{game}"
    page.goto(server.base + str(link.get_attribute("href")))
    page.wait_for_selector("[data-testid='rules'] h1")
    every_picture_drawn(page)
    page.screenshot(path=str(screenshots / f"rules-{game}.png"), full_page=True)
    page.click(f"a[href='/?game={game}']")
    page.wait_for_selector("body[data-ready='1']")
    assert page.eval_on_selector("#game-select", "s => s.value") == game


def test_a_game_page_links_its_rules(server: Server, new_page: Any) -> None:
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    page = new_page()
    page.goto(server.base + created["seats"][0]["link"])
    link = page.locator("[data-testid='rules-link']")
    link.wait_for(state="visible")
    assert link.get_attribute("href") == "/rules/discovery"
