"""The play page when things go wrong: a link whose token is refused, and the reconnect
banner while the server is away."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server

# what a seat could click: the board's controls, Undo, the replay
ACTION_BUTTONS = "#board-panel button, #map button, #undo-button, #replay-button"


def test_a_refused_token_says_so_once_and_offers_to_watch(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """``?seat=1&token=wrong``: the top bar and the message number the seat alike (from 1,
    as everywhere on the page), no buttons to act, and a link to watch instead."""
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
            "bot_delay_ms": 0,
        },
    )
    game_id = created["game_id"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=1&token=wrong")
    page.wait_for_selector("#turn-banner.error")
    page.screenshot(path=str(screenshots / "play-refused-token.png"))

    title = page.inner_text("#game-title")
    shown = re.search(r"seat (\d+)", title)
    assert shown, title
    number = shown.group(1)
    assert number == "2"  # seat index 1 is the second seat
    banner = page.inner_text("#turn-banner")
    assert banner == f"This link's token is not valid for seat {number}.", banner
    page_text = page.inner_text("body")
    assert not re.search(rf"seat (?!{number}\b)\d+", page_text, re.IGNORECASE), page_text
    assert page.locator(ACTION_BUTTONS).filter(visible=True).count() == 0
    watch = page.locator("[data-testid='watch-link']")
    assert watch.is_visible()
    href = str(watch.get_attribute("href"))
    assert href == f"/play/{game_id}"
    watch.click()
    page.wait_for_selector("body[data-conn='online']")
    page.wait_for_function("document.body.dataset.status === 'playing'")
    assert "spectator" in page.inner_text("#game-title")
    assert page.inner_text("#turn-banner").startswith("Watching")


def test_a_seat_played_by_a_bot_or_missing_is_refused_in_the_same_numbers(
    server: Server, new_page: Any
) -> None:
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    game_id = created["game_id"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=1&token=any")
    page.wait_for_selector("#turn-banner.error")
    assert page.inner_text("#turn-banner") == "Seat 2 is played by a bot."
    assert page.locator(ACTION_BUTTONS).filter(visible=True).count() == 0
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=5&token=any")
    page.wait_for_selector("#turn-banner.error")
    assert page.inner_text("#turn-banner") == "This game has no seat 6."
    assert page.locator("[data-testid='watch-link']").is_visible()
