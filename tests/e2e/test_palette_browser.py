"""Colour-blind-safe colours, an option of the top bar: the seats take Okabe and Ito's
colours on every page of this browser, the boards get the stylesheets' hook, and the
choice is undone the same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server

STANDARD = ["rgb(214, 40, 40)", "rgb(31, 79, 209)"]
SAFE = ["rgb(213, 94, 0)", "rgb(0, 114, 178)"]


def badge_colours(page: Any) -> list[str]:
    return [
        page.eval_on_selector(
            f"[data-testid='player-{k}'] .player-badge", "b => getComputedStyle(b).backgroundColor"
        )
        for k in range(2)
    ]


def test_the_colour_blind_option(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
        },
    )
    page = new_page()
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("[data-testid='player-1']")
    assert badge_colours(page) == STANDARD
    page.check("[data-testid='palette']")
    page.wait_for_load_state()
    page.wait_for_selector("[data-testid='player-1']")
    assert page.evaluate("document.documentElement.dataset.palette") == "safe"
    assert badge_colours(page) == SAFE
    page.screenshot(path=str(screenshots / "palette-safe.png"))
    # the lobby of this browser has it too, and it is undone there
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_checked("[data-testid='palette']")
    page.uncheck("[data-testid='palette']")
    page.wait_for_load_state()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.dataset.palette") == "standard"
