"""The first-game guide: asked for in the lobby, a tip at each of the seat's first ten
decisions (the board's own, per step), a note while the others play, an end, and a button
that turns it off for good; a game created without it shows none."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, create_from_lobby, play_until, wait_ready_to_act, wait_until

GAME = "evolution-explore"
TIP = "[data-testid='guide-tip']"


def open_seat_0(page: Any, server: Server) -> tuple[str, str]:
    """Follow the lobby's link to seat 0 of the game just created: its id and token."""
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-conn='online']")
    url = page.url
    game_id = url.split("/play/")[1].split("?")[0]
    token = url.split("token=")[1].split("&")[0]
    return game_id, token


def test_the_guide_walks_a_first_game_and_can_be_turned_off(server: Server, new_page: Any) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "greedy"], game=GAME, guide=True)
    game_id, token = open_seat_0(page, server)
    wait_ready_to_act(page)
    page.wait_for_selector("[data-testid='guide']:visible")
    assert "Tip for your decision 1 of 10" in page.inner_text("[data-testid='guide']")
    first = page.inner_text(TIP)
    assert first, "a tip for the first decision"
    # ten decisions on, the guide says it is done
    state = play_until(
        server,
        game_id,
        token,
        seed=2,
        stop=lambda s: sum(e["seat"] == 0 for e in s["log"]) >= 10,
    )
    if state["status"] == "playing":
        wait_until(
            page,
            "(t) => document.querySelector(t)?.textContent.includes('end of the guide')",
            arg=TIP,
        )
    # Close turns it off, and it stays off on the next visit
    page.reload()
    page.wait_for_selector("body[data-conn='online']")
    if state["status"] == "playing":
        page.click("[data-testid='guide-close']")
        page.wait_for_selector("[data-testid='guide']", state="hidden")
        page.reload()
        page.wait_for_selector("body[data-conn='online']")
    assert page.locator("[data-testid='guide']:visible").count() == 0


def test_no_guide_unless_asked(server: Server, new_page: Any) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "greedy"], game=GAME)
    open_seat_0(page, server)
    wait_ready_to_act(page)
    assert page.locator("[data-testid='guide']:visible").count() == 0
