"""Small Islands' first-game guide: the board's tip for each kind of decision, as a player
who has never played meets them (the starting tiles, the objectives, taking a face-up tile,
laying it, a bonus token), following the game from step to step; and in the solo game the
tips name Alexis. Screenshot: out/screenshots/guide-small-islands.png (see conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    Server,
    click_and_wait,
    create_from_lobby,
    phase,
    play_until,
    ply,
    wait_ready_to_act,
    wait_until,
)

GAME = "small-islands"
TIP = "[data-testid='guide-tip']"
LONGEST = 220  # a tip is a sentence or two that fits the sidebar


def open_seat_0(page: Any) -> tuple[str, str]:
    """Follow the lobby's link to seat 0 of the game just created: its id and token."""
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-conn='online']")
    url = page.url
    return url.split("/play/")[1].split("?")[0], url.split("token=")[1].split("&")[0]


def tip_saying(page: Any, phrase: str) -> str:
    """Wait until the guide's tip says ``phrase``; the tip."""
    page.wait_for_selector("[data-testid='guide']:visible")
    wait_until(
        page,
        "([sel, phrase]) => (document.querySelector(sel)?.textContent || '').includes(phrase)",
        arg=[TIP, phrase],
    )
    tip = str(page.inner_text(TIP))
    assert len(tip) <= LONGEST, tip
    return tip


def lay_by_clicking(page: Any) -> str:
    """Click a highlighted square for the tile chosen (a dotted one first turns it)."""
    if page.locator("[data-testid='spot']").count() == 0:
        page.locator(".spot.other").first.click()
    return click_and_wait(page, page.locator("[data-testid='spot']").first)


def step_is(step: str) -> Any:
    return lambda s: s["view"]["step"] == step and bool(s["legal"])


def test_the_tips_follow_the_steps_against_greedy(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "greedy"], game=GAME, guide=True)
    game_id, token = open_seat_0(page)
    wait_ready_to_act(page)
    tips = []

    # the set-up: the first starting tile, then the next ones (clicked on the board)
    assert phase(page) == "starting tiles"
    tips.append(tip_saying(page, "lay the first of the 4 starting tiles"))
    assert "Tip for your decision 1 of 10" in page.inner_text("[data-testid='guide']")
    before = ply(page)
    lay_by_clicking(page)
    wait_ready_to_act(page, before)
    tips.append(tip_saying(page, "lay starting tile 2 of 4"))
    assert tips[-1] != tips[0]

    # the objectives (the other starting tiles laid over HTTP)
    play_until(server, game_id, token, seed=3, stop=step_is("objectives"))
    tips.append(tip_saying(page, "Objectives: click This round under one card"))
    assert "Keep these objectives" in tips[-1]
    before = ply(page)
    click_and_wait(page, "[data-testid='keep']")
    wait_ready_to_act(page, before)

    # exploring: take a face-up tile, with this round's Mission in words
    assert phase(page) == "turn", phase(page)
    tips.append(tip_saying(page, "Explore: click a face-up tile to take it"))
    assert "Navigation reads 0" in tips[-1]
    before = ply(page)
    click_and_wait(page, "[data-testid='take']")
    wait_ready_to_act(page, before)

    # laying a tile of the hand
    assert phase(page) == "place", phase(page)
    tips.append(tip_saying(page, "Lay a tile: pick one in your hand"))
    assert "Mission" in tips[-1]
    page.wait_for_timeout(300)  # the panel's scroll into view settles
    page.screenshot(path=str(screenshots / "guide-small-islands.png"))
    before = ply(page)
    lay_by_clicking(page)
    wait_ready_to_act(page, before)

    # a bonus token, or pass
    assert phase(page) == "bonus", phase(page)
    tips.append(tip_saying(page, "Pass (P)"))
    assert tips[-1].startswith(("Bonus", "None of your bonus tokens")), tips[-1]
    assert len(set(tips)) == len(tips), tips


def test_a_solo_game_names_alexis(server: Server, new_page: Any) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human"], game=GAME, guide=True)
    game_id, token = open_seat_0(page)
    wait_ready_to_act(page)
    tip_saying(page, "You play against Alexis: beat his score")
    play_until(server, game_id, token, seed=5, stop=step_is("objectives"))
    tip_saying(page, "Objectives: click This round under one card")
    play_until(server, game_id, token, seed=5, stop=step_is("place"))
    tip_saying(page, "Lay a tile: pick one in your hand")
